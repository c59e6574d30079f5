import type { StoredGatewayKeys, StoredPaySettings } from "../site/settings-keys.ts";
import type { SecretBox } from "../site/settings-secrets.ts";
import type { PayConfig } from "./config.ts";
import { alipayKeyType } from "./providers/alipay.ts";

/**
 * The payment methods in effect: the console's settings (config key pay_config, secrets
 * encrypted) first, then the environment (docs/payments.md).
 * - 演示支付 (the sandbox gateway): PAY_SANDBOX=1/0 decides when set; else the console's demo_pay
 *   when saved (the seeded demo saves 1); else on only in development and test.
 * - a gateway the console holds keys for: offered when the console opened it; else the environment's.
 * - balance: PAY_BALANCE=0 turns it off; else the console's switch (积分与余额).
 */
export interface PaySettingsInput {
  stored: StoredPaySettings;
  balanceEnabled: boolean;
  box: SecretBox;
}

/** A gateway's saved keys decrypted, or null when it has none (or they cannot be decrypted). */
export function gatewaySecrets(keys: StoredGatewayKeys | undefined, box: SecretBox): Record<string, string> | null {
  if (!keys || Object.keys(keys.secrets).length === 0) return null;
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(keys.secrets)) {
    const secret = box.decrypt(value);
    if (secret === null) return null;
    plain[name] = secret;
  }
  return plain;
}

function alipayFrom(keys: StoredGatewayKeys | undefined, box: SecretBox, env: PayConfig): PayConfig["alipay"] | undefined {
  const secrets = gatewaySecrets(keys, box);
  if (!keys || !secrets) return undefined;
  if (!keys.is_open || !keys.ids.app_id || !secrets.private_key || !secrets.public_key) return null;
  return {
    appId: keys.ids.app_id,
    privateKey: secrets.private_key,
    alipayPublicKey: secrets.public_key,
    keyType: alipayKeyType(secrets.private_key),
    gateway: env.alipayGateway,
    endpoint: env.alipayEndpoint,
  };
}

function wechatpayFrom(keys: StoredGatewayKeys | undefined, box: SecretBox): PayConfig["wechatpay"] | undefined {
  const secrets = gatewaySecrets(keys, box);
  if (!keys || !secrets) return undefined;
  const { app_id, mch_id, serial_no, public_key_id } = keys.ids;
  if (!keys.is_open || !app_id || !mch_id || !serial_no || !secrets.private_key || !secrets.api_v3_key) return null;
  return {
    appId: app_id,
    mchId: mch_id,
    privateKey: secrets.private_key,
    serialNo: serial_no,
    apiV3Key: secrets.api_v3_key,
    platformPublicKey: secrets.public_key || undefined,
    platformPublicKeyId: public_key_id || undefined,
  };
}

export function effectivePayConfig(env: PayConfig, { stored, balanceEnabled, box }: PaySettingsInput): PayConfig {
  const demoOn = env.sandboxForced ? env.sandbox !== null : stored.demo_pay !== undefined ? stored.demo_pay === 1 : env.sandbox !== null;
  const alipay = alipayFrom(stored.alipay, box, env);
  const wechatpay = wechatpayFrom(stored.wechatpay, box);
  return {
    ...env,
    balance: env.balance && balanceEnabled,
    sandbox: demoOn ? { secret: env.demoSecret() } : null,
    alipay: alipay === undefined ? env.alipay : alipay,
    wechatpay: wechatpay === undefined ? env.wechatpay : wechatpay,
  };
}
