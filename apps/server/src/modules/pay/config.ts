import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AppConfig } from "../../config.ts";
import { alipayKeyType, type AlipayConfig } from "./providers/alipay.ts";
import type { WechatPayConfig } from "./providers/wechatpay.ts";

/**
 * Which payment methods the shop offers and their keys, from the environment (docs/payments.md).
 * A key may be given inline (ALIPAY_PRIVATE_KEY) or as a file (ALIPAY_PRIVATE_KEY_FILE). A gateway
 * is enabled only when all its settings are present; half a configuration is an error at start,
 * not a surprise at the first payment.
 */
export interface PayConfig {
  /** the member's balance (PAY_BALANCE=0 turns it off) */
  balance: boolean;
  /**
   * the built-in sandbox gateway (演示支付): on only with NODE_ENV exactly development or test
   * (PAY_SANDBOX=1/0 forces it; else the console's demo_pay decides: key-settings.ts)
   */
  sandbox: { secret: string } | null;
  /** PAY_SANDBOX was set: the console's switch does not apply */
  sandboxForced: boolean;
  /** the sandbox's secret, made when first asked (the console may turn the sandbox on) */
  demoSecret: () => string;
  /** where Alipay is reached, for keys entered in the console too (ALIPAY_GATEWAY / ALIPAY_ENDPOINT) */
  alipayGateway: string;
  alipayEndpoint: string;
  alipay: AlipayConfig | null;
  wechatpay: WechatPayConfig | null;
}

type Env = NodeJS.ProcessEnv;

/** NAME, or the content of the file NAME_FILE names. */
function secretValue(env: Env, name: string): string | undefined {
  const inline = env[name]?.trim();
  if (inline) return inline.replace(/\\n/g, "\n");
  const file = env[`${name}_FILE`]?.trim();
  if (!file) return undefined;
  return fs.readFileSync(file, "utf8").trim();
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return !["0", "false", "off", "no"].includes(value.toLowerCase());
}

/** Fails at start when a gateway is half configured: which settings are missing. */
function requireAll<T extends Record<string, string | undefined>>(gateway: string, values: T): { [K in keyof T]: string } | null {
  const missing = Object.entries(values).filter(([, value]) => !value).map(([name]) => name);
  if (missing.length === Object.keys(values).length) return null;
  if (missing.length) throw new Error(`${gateway} 配置不完整，缺少：${missing.join("、")}（见 docs/payments.md）`);
  return values as { [K in keyof T]: string };
}

/**
 * The sandbox secret: SANDBOX_PAY_SECRET, else one generated once per data directory (kept in
 * `<DATA_DIR>/sandbox-pay-secret`), so the gateway's queued notifies still verify after a restart.
 * Several instances on one database must share it: set SANDBOX_PAY_SECRET then.
 */
export function sandboxSecret(env: Env, dataDir: string): string {
  const configured = env.SANDBOX_PAY_SECRET?.trim();
  if (configured) return configured;
  const file = path.join(dataDir, "sandbox-pay-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      // Another process of this data directory wrote it first: use theirs.
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

export function loadPayConfig(env: Env, app: Pick<AppConfig, "dataDir" | "developmentMode">): PayConfig {
  const alipay = requireAll("支付宝", {
    ALIPAY_APP_ID: env.ALIPAY_APP_ID?.trim(),
    ALIPAY_PRIVATE_KEY: secretValue(env, "ALIPAY_PRIVATE_KEY"),
    ALIPAY_PUBLIC_KEY: secretValue(env, "ALIPAY_PUBLIC_KEY"),
  });
  const wechatpay = requireAll("微信支付", {
    WECHATPAY_APP_ID: env.WECHATPAY_APP_ID?.trim(),
    WECHATPAY_MCH_ID: env.WECHATPAY_MCH_ID?.trim(),
    WECHATPAY_PRIVATE_KEY: secretValue(env, "WECHATPAY_PRIVATE_KEY"),
    WECHATPAY_SERIAL_NO: env.WECHATPAY_SERIAL_NO?.trim(),
    WECHATPAY_API_V3_KEY: secretValue(env, "WECHATPAY_API_V3_KEY"),
  });
  if (wechatpay && Buffer.byteLength(wechatpay.WECHATPAY_API_V3_KEY) !== 32) throw new Error("WECHATPAY_API_V3_KEY 必须是 32 个字符");
  const wechatPlatformKey = requireAll("微信支付公钥", { WECHATPAY_PUBLIC_KEY: secretValue(env, "WECHATPAY_PUBLIC_KEY"), WECHATPAY_PUBLIC_KEY_ID: env.WECHATPAY_PUBLIC_KEY_ID?.trim() });
  const alipayGateway = env.ALIPAY_GATEWAY?.trim() || "https://openapi.alipay.com/gateway.do";
  const alipayEndpoint = env.ALIPAY_ENDPOINT?.trim() || new URL(alipayGateway).origin;
  let secret: string | undefined;
  const demoSecret = () => (secret ??= sandboxSecret(env, app.dataDir));
  return {
    balance: flag(env.PAY_BALANCE, true),
    sandbox: flag(env.PAY_SANDBOX, app.developmentMode) ? { secret: demoSecret() } : null,
    sandboxForced: Boolean(env.PAY_SANDBOX?.trim()),
    demoSecret,
    alipayGateway,
    alipayEndpoint,
    alipay: alipay && {
      appId: alipay.ALIPAY_APP_ID,
      privateKey: alipay.ALIPAY_PRIVATE_KEY,
      alipayPublicKey: alipay.ALIPAY_PUBLIC_KEY,
      keyType: alipayKeyType(alipay.ALIPAY_PRIVATE_KEY, env.ALIPAY_KEY_TYPE?.trim()),
      gateway: alipayGateway,
      endpoint: alipayEndpoint,
    },
    wechatpay: wechatpay && {
      appId: wechatpay.WECHATPAY_APP_ID,
      mchId: wechatpay.WECHATPAY_MCH_ID,
      privateKey: wechatpay.WECHATPAY_PRIVATE_KEY,
      serialNo: wechatpay.WECHATPAY_SERIAL_NO,
      apiV3Key: wechatpay.WECHATPAY_API_V3_KEY,
      platformPublicKey: wechatPlatformKey?.WECHATPAY_PUBLIC_KEY,
      platformPublicKeyId: wechatPlatformKey?.WECHATPAY_PUBLIC_KEY_ID,
    },
  };
}
