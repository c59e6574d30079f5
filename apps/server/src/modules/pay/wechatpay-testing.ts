import crypto from "node:crypto";
import { vi } from "vitest";
import { now } from "../../core/time.ts";
import type { WechatPayConfig } from "./providers/wechatpay.ts";

/**
 * WeChat Pay for tests (not imported by production code), with locally generated keys: a key pair
 * stands in for WeChat Pay's (微信支付公钥 mode), the APIv3 key encrypts notify resources.
 */
export const rsaPair = () => crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchantKeys = rsaPair();
export const platformKeys = rsaPair();
const pem = (key: crypto.KeyObject, type: "pkcs8" | "spki") => key.export({ type, format: "pem" } as crypto.KeyExportOptions<"pem">).toString();

export const WECHAT_TEST_CONFIG: WechatPayConfig = {
  appId: "wx1234567890abcdef",
  mchId: "1900000001",
  privateKey: pem(merchantKeys.privateKey, "pkcs8"),
  serialNo: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
  apiV3Key: "0123456789abcdef0123456789ABCDEF",
  platformPublicKey: pem(platformKeys.publicKey, "spki"),
  platformPublicKeyId: "PUB_KEY_ID_0119000000012025010200000000000001",
};

/** Turns WeChat Pay on for the apps started afterwards (undo with vi.unstubAllEnvs()). */
export function stubWechatPayEnv(config = WECHAT_TEST_CONFIG): void {
  vi.stubEnv("WECHATPAY_APP_ID", config.appId);
  vi.stubEnv("WECHATPAY_MCH_ID", config.mchId);
  vi.stubEnv("WECHATPAY_PRIVATE_KEY", config.privateKey);
  vi.stubEnv("WECHATPAY_SERIAL_NO", config.serialNo);
  vi.stubEnv("WECHATPAY_API_V3_KEY", config.apiV3Key);
  vi.stubEnv("WECHATPAY_PUBLIC_KEY", config.platformPublicKey!);
  vi.stubEnv("WECHATPAY_PUBLIC_KEY_ID", config.platformPublicKeyId!);
}

export interface SignOptions {
  signingKey?: crypto.KeyObject;
  encryptionKey?: string;
  serial?: string;
  timestamp?: number;
}

/** A v3 notify as WeChat Pay posts it: the resource AES-256-GCM encrypted, the body signed ("timestamp\nnonce\nbody\n"). */
export function signedWechatNotify(
  event: { eventType: string; summary: string; originalType: "transaction" | "refund"; resource: Record<string, unknown> },
  options: SignOptions = {},
) {
  const nonce = crypto.randomBytes(6).toString("hex");
  const cipher = crypto.createCipheriv("aes-256-gcm", options.encryptionKey ?? WECHAT_TEST_CONFIG.apiV3Key, nonce);
  cipher.setAAD(Buffer.from(event.originalType));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(event.resource), "utf8"), cipher.final(), cipher.getAuthTag()]).toString("base64");
  const rawBody = JSON.stringify({
    id: crypto.randomUUID(), create_time: "2025-01-02T10:00:06+08:00", resource_type: "encrypt-resource", event_type: event.eventType, summary: event.summary,
    resource: { original_type: event.originalType, algorithm: "AEAD_AES_256_GCM", ciphertext, associated_data: event.originalType, nonce },
  });
  const timestamp = String(options.timestamp ?? now());
  const headerNonce = crypto.randomBytes(16).toString("hex");
  const signature = crypto.createSign("RSA-SHA256").update(`${timestamp}\n${headerNonce}\n${rawBody}\n`).sign(options.signingKey ?? platformKeys.privateKey, "base64");
  const headers = {
    "content-type": "application/json",
    "wechatpay-timestamp": timestamp,
    "wechatpay-nonce": headerNonce,
    "wechatpay-signature": signature,
    "wechatpay-serial": options.serial ?? WECHAT_TEST_CONFIG.platformPublicKeyId!,
  };
  return { rawBody, headers };
}

const REFUND_SUMMARIES: Record<string, string> = { SUCCESS: "退款成功", ABNORMAL: "退款异常", CLOSED: "退款关闭" };

/** A REFUND.{status} notify for our refund number, as WeChat Pay's documentation shows it. */
export function wechatRefundNotify(
  refund: { outRefundNo: string; outTradeNo: string; refundCents: number; totalCents: number; status?: "SUCCESS" | "ABNORMAL" | "CLOSED" },
  options: SignOptions & { resource?: Record<string, unknown> } = {},
) {
  const status = refund.status ?? "SUCCESS";
  const resource = {
    mchid: WECHAT_TEST_CONFIG.mchId, transaction_id: "4200002500202501020000000001", out_trade_no: refund.outTradeNo,
    refund_id: "50300002012025010200000000001", out_refund_no: refund.outRefundNo, refund_status: status,
    ...(status === "SUCCESS" ? { success_time: "2025-01-02T10:34:56+08:00", user_received_account: "招商银行信用卡0403" } : { user_received_account: "招商银行信用卡0403" }),
    amount: { total: refund.totalCents, refund: refund.refundCents, payer_total: refund.totalCents, payer_refund: refund.refundCents },
    ...options.resource,
  };
  return signedWechatNotify({ eventType: `REFUND.${status}`, summary: REFUND_SUMMARIES[status]!, originalType: "refund", resource }, options);
}
