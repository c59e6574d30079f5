import crypto from "node:crypto";
import type { GatewayTest } from "@shop/contract/domains/admin-settings";
import { AlipayProvider, type AlipayConfig } from "./providers/alipay.ts";
import { WechatPayProvider, type WechatPayConfig } from "./providers/wechatpay.ts";

/** A connection test gives up after this long: the console must not wait on a silent network. */
export const GATEWAY_TEST_TIMEOUT_MS = 8000;

const TITLES = { alipay: "支付宝", wechatpay: "微信支付" } as const;
type GatewayName = keyof typeof TITLES;

/** Failures of the network (no route, no DNS, refused, timed out), as opposed to the gateway's refusals. */
const NETWORK_FAILURE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|fetch failed|timeout|socket hang up|getaddrinfo/i;

function describeFailure(gateway: GatewayName, error: unknown): string {
  const text = `${(error as { code?: string }).code ?? ""} ${(error as Error).message ?? String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`;
  if (NETWORK_FAILURE.test(text)) return `无法连接${TITLES[gateway]}服务器（网络不可达或超时），密钥已通过本地校验，请确认服务器可以访问外网后再测试`;
  return `${TITLES[gateway]}拒绝了请求，请核对密钥与商户信息：${text.trim().slice(0, 160)}`;
}

/** Parses the keys locally and signs a request with them: what can be checked without the network. */
export async function checkKeysLocally(gateway: GatewayName, config: AlipayConfig | WechatPayConfig): Promise<string | null> {
  try {
    if (gateway === "alipay") {
      const alipay = config as AlipayConfig;
      // Signs a payment link (no call is made): a broken private key fails here.
      await new AlipayProvider(alipay).createPayment(
        { outTradeNo: "KEYCHECK", amountCents: 1, subject: "密钥校验", expireTime: 0 },
        { origin: "https://shop.example", notifyUrl: "https://shop.example/pay/notify/alipay", returnUrl: "https://shop.example/", quitUrl: "https://shop.example/", clientIp: "127.0.0.1" },
      );
      crypto.createPublicKey(pemOf(alipay.alipayPublicKey, "PUBLIC KEY"));
    } else {
      const wechat = config as WechatPayConfig;
      crypto.createPrivateKey(wechat.privateKey);
      if (wechat.platformPublicKey) crypto.createPublicKey(wechat.platformPublicKey);
      void new WechatPayProvider(wechat);
    }
    return null;
  } catch (error) {
    return `${TITLES[gateway]}密钥无法使用：${(error as Error).message.slice(0, 120)}`;
  }
}

/** A bare base64 key (as Alipay's key tool prints it) in PEM armour. */
function pemOf(key: string, label: string): string {
  if (key.includes("-----BEGIN")) return key;
  const body = key.replace(/\s+/g, "").match(/.{1,64}/g)?.join("\n") ?? "";
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

/**
 * Checks the keys locally, then asks the gateway about a trade that does not exist, within
 * GATEWAY_TEST_TIMEOUT_MS. Never throws: the answer says what happened, in Chinese.
 */
export async function testGateway(gateway: GatewayName, config: AlipayConfig | WechatPayConfig | null, timeoutMs = GATEWAY_TEST_TIMEOUT_MS): Promise<GatewayTest> {
  if (!config) return { pay_type: gateway, ok: false, message: `${TITLES[gateway]}尚未配置完整或未开启` };
  const local = await checkKeysLocally(gateway, config);
  if (local) return { pay_type: gateway, ok: false, message: local };
  const provider = gateway === "alipay" ? new AlipayProvider(config as AlipayConfig) : new WechatPayProvider(config as WechatPayConfig);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
  });
  try {
    await Promise.race([provider.probe(`CONNTEST${Date.now()}`), timeout]);
    return { pay_type: gateway, ok: true, message: `${TITLES[gateway]}连接正常，密钥有效` };
  } catch (error) {
    return { pay_type: gateway, ok: false, message: describeFailure(gateway, error) };
  } finally {
    clearTimeout(timer);
  }
}
