import crypto from "node:crypto";
import WechatPay from "wechatpay-node-v3";
import { now } from "../../../core/time.ts";
import {
  chinaTime, headerValue, truncateUtf8, type GatewayRefundStatus, type GatewayStart, type NotifyReply, type NotifyRequest, type NotifyVerdict, type PayProvider,
  type PaymentUrls, type RefundAnswer, type RefundNotice, type RefundRequest, type TradeToPay,
} from "./provider.ts";

/**
 * WeChat Pay Native (QR code) through wechatpay-node-v3 (API v3): requests signed with the
 * merchant's private key, notifies verified with WeChat Pay's key (v3 signature over
 * "timestamp\nnonce\nbody\n") and their resource decrypted with the APIv3 key (AEAD_AES_256_GCM).
 * Payment notifies (TRANSACTION.*) and refund notifies (REFUND.SUCCESS / ABNORMAL / CLOSED) come
 * to the same route, verified alike and told apart by event_type.
 * Enabled when WECHATPAY_APP_ID, _MCH_ID, the merchant key, its serial and the APIv3 key are set
 * (../config.ts, docs/payments.md).
 */
export interface WechatPayConfig {
  appId: string;
  mchId: string;
  /** apiclient_key.pem */
  privateKey: string;
  /** the merchant certificate's serial number (from apiclient_cert.pem or the merchant console) */
  serialNo: string;
  /** 32 characters */
  apiV3Key: string;
  /**
   * WeChat Pay's public key (微信支付公钥) and its id (PUB_KEY_ID_…), the current way to verify.
   * Without it the library downloads the platform certificates (/v3/certificates) on first use.
   */
  platformPublicKey?: string;
  platformPublicKeyId?: string;
}

/** A notify older (or newer) than this is refused: a replayed capture cannot be used later. */
const MAX_CLOCK_SKEW_SECONDS = 300;

/** The library keeps verification keys in a protected static map keyed by serial; this adds ours. */
class ShopWechatPay extends WechatPay {
  static trustPlatformKey(serial: string, publicKeyPem: string): void {
    WechatPay.certificates[serial] = publicKeyPem;
  }
}

interface TransactionResource {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number };
}

/** The resource of a REFUND.* notify (it carries mchid, no appid). */
interface RefundResource {
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  refund_id?: string;
  out_refund_no?: string;
  refund_status?: string;
  user_received_account?: string;
  amount?: { total?: number; refund?: number };
}

/** REFUND.SUCCESS → SUCCESS …: the event names the result; the resource's refund_status must agree. */
const REFUND_EVENTS: Record<string, RefundNotice["status"]> = { "REFUND.SUCCESS": "SUCCESS", "REFUND.ABNORMAL": "ABNORMAL", "REFUND.CLOSED": "CLOSED" };
const REFUND_ANSWERS: ReadonlySet<string> = new Set<GatewayRefundStatus>(["SUCCESS", "PROCESSING", "ABNORMAL", "CLOSED"]);

export class WechatPayProvider implements PayProvider {
  readonly name = "wechatpay";
  readonly title = "微信支付";
  private readonly client: ShopWechatPay;

  constructor(private readonly config: WechatPayConfig) {
    // The library wants the merchant certificate only to read its serial; given the serial, our public key stands in.
    const merchantPublicKey = crypto.createPublicKey(config.privateKey).export({ type: "spki", format: "pem" });
    this.client = new ShopWechatPay({
      appid: config.appId,
      mchid: config.mchId,
      serial_no: config.serialNo,
      publicKey: Buffer.from(merchantPublicKey),
      privateKey: Buffer.from(config.privateKey),
      key: config.apiV3Key,
    });
    if (config.platformPublicKey && config.platformPublicKeyId) {
      ShopWechatPay.trustPlatformKey(config.platformPublicKeyId, config.platformPublicKey);
    }
  }

  /** /v3/pay/transactions/native → code_url, shown as a QR code the shopper scans with WeChat. */
  async createPayment(trade: TradeToPay, urls: PaymentUrls): Promise<GatewayStart> {
    const result = await this.client.transactions_native({
      description: truncateUtf8(trade.subject, 127),
      out_trade_no: trade.outTradeNo,
      notify_url: urls.notifyUrl,
      amount: { total: trade.amountCents, currency: "CNY" },
      ...(trade.expireTime ? { time_expire: `${chinaTime(trade.expireTime, "T")}+08:00` } : {}),
      scene_info: { payer_client_ip: urls.clientIp || "127.0.0.1" },
    });
    const codeUrl = (result.data as { code_url?: string } | undefined)?.code_url;
    if (result.status !== 200 || !codeUrl) throw new Error(`微信支付下单失败：HTTP ${result.status} ${String(result.error ?? "")}`.trim());
    return { type: "qrcode", codeText: codeUrl };
  }

  /**
   * A signed query of a trade that does not exist (../connection-test.ts): 404 ORDER_NOT_EXIST
   * proves the merchant keys; anything else is thrown with WeChat Pay's answer.
   */
  async probe(outTradeNo: string): Promise<"keys-accepted"> {
    const answer = await this.client.query({ out_trade_no: outTradeNo });
    if (answer.status === 200 || answer.status === 404) return "keys-accepted";
    throw new Error(`HTTP ${answer.status} ${JSON.stringify(answer.error ?? answer.data ?? "").slice(0, 200)}`);
  }

  async verifyNotify(request: NotifyRequest): Promise<NotifyVerdict> {
    const timestamp = headerValue(request.headers, "wechatpay-timestamp");
    const nonce = headerValue(request.headers, "wechatpay-nonce");
    const signature = headerValue(request.headers, "wechatpay-signature");
    const serial = headerValue(request.headers, "wechatpay-serial");
    if (!timestamp || !nonce || !signature || !serial) return { ok: false, reason: "malformed", detail: "缺少 Wechatpay-* 签名头" };
    if (!/^\d+$/.test(timestamp) || Math.abs(now() - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) {
      return { ok: false, reason: "bad_signature", detail: `时间戳超出允许范围：${timestamp}` };
    }
    // With WeChat Pay's public key configured, any other serial is not theirs (and must not make the library go fetching).
    if (this.config.platformPublicKeyId && serial !== this.config.platformPublicKeyId) {
      return { ok: false, reason: "bad_signature", detail: `未知的 Wechatpay-Serial：${serial}` };
    }
    let signed = false;
    try {
      signed = await this.client.verifySign({ timestamp, nonce, body: request.rawBody, serial, signature });
    } catch (error) {
      return { ok: false, reason: "bad_signature", detail: `验签失败：${error instanceof Error ? error.message : String(error)}` };
    }
    if (!signed) return { ok: false, reason: "bad_signature", detail: "微信支付签名验证失败" };

    let resource: unknown;
    let eventType: string;
    try {
      const notice = JSON.parse(request.rawBody) as { event_type?: string; resource?: { ciphertext: string; associated_data?: string; nonce: string } };
      if (!notice.resource) throw new Error("缺少 resource");
      eventType = notice.event_type ?? "";
      resource = this.client.decipher_gcm<unknown>(notice.resource.ciphertext, notice.resource.associated_data ?? "", notice.resource.nonce);
      if (typeof resource !== "object" || resource === null) throw new Error("resource 不是 JSON");
    } catch (error) {
      return { ok: false, reason: "malformed", detail: `通知内容无法解密：${error instanceof Error ? error.message : String(error)}` };
    }
    if (eventType.startsWith("REFUND.")) return this.readRefund(eventType, resource as RefundResource);
    const transaction = resource as TransactionResource;
    const outTradeNo = transaction.out_trade_no ?? "";
    if (transaction.mchid !== this.config.mchId || transaction.appid !== this.config.appId) {
      return { ok: false, reason: "bad_signature", detail: `商户号或 appid 不符：${transaction.mchid} ${transaction.appid}`, outTradeNo };
    }
    const total = transaction.amount?.total;
    if (!outTradeNo || !Number.isSafeInteger(total) || (total as number) < 0) {
      return { ok: false, reason: "malformed", detail: "缺少交易号或金额", outTradeNo };
    }
    return {
      ok: true,
      outTradeNo,
      tradeNo: transaction.transaction_id ?? "",
      amountCents: total as number,
      paid: eventType === "TRANSACTION.SUCCESS" && transaction.trade_state === "SUCCESS",
    };
  }

  /** A verified REFUND.* notify: for our merchant, with our refund number, an amount and a result that agrees with its event. */
  private readRefund(eventType: string, resource: RefundResource): NotifyVerdict {
    const outTradeNo = resource.out_trade_no ?? "";
    if (resource.mchid !== this.config.mchId) return { ok: false, reason: "bad_signature", detail: `商户号不符：${resource.mchid}`, outTradeNo };
    const status = REFUND_EVENTS[eventType];
    if (!status || resource.refund_status !== status) {
      return { ok: false, reason: "malformed", detail: `退款通知类型与状态不符：${eventType} ${resource.refund_status}`, outTradeNo };
    }
    const refunded = resource.amount?.refund;
    if (!resource.out_refund_no || !outTradeNo || !Number.isSafeInteger(refunded) || (refunded as number) <= 0) {
      return { ok: false, reason: "malformed", detail: "缺少退款单号、交易号或退款金额", outTradeNo };
    }
    return {
      ok: true,
      refund: {
        outRefundNo: resource.out_refund_no,
        outTradeNo,
        gatewayRefundNo: resource.refund_id ?? "",
        amountCents: refunded as number,
        status,
        receivedAccount: resource.user_received_account ?? "",
      },
    };
  }

  /** API v3: 200 acknowledges; a 4xx/5xx with {code: "FAIL"} asks WeChat Pay to send it again. */
  notifyReply(accepted: boolean, message: string): NotifyReply {
    return accepted
      ? { status: 200, contentType: "application/json; charset=utf-8", body: JSON.stringify({ code: "SUCCESS", message: "成功" }) }
      : { status: 400, contentType: "application/json; charset=utf-8", body: JSON.stringify({ code: "FAIL", message }) };
  }

  /**
   * /v3/refund/domestic/refunds; out_refund_no makes a repeated request refund once. The answer's
   * status is usually PROCESSING: the result comes as a REFUND.* notify to notify_url — given only
   * when it is https (WeChat Pay refuses anything else; without it, the merchant console's refund
   * notify URL is used).
   */
  async refund(request: RefundRequest): Promise<RefundAnswer> {
    const notifyUrl = request.notifyUrl?.startsWith("https://") ? request.notifyUrl : undefined;
    const result = await this.client.refunds({
      out_trade_no: request.outTradeNo,
      out_refund_no: request.outRefundNo,
      reason: truncateUtf8(request.reason, 80),
      ...(notifyUrl ? { notify_url: notifyUrl } : {}),
      amount: { refund: request.refundCents, total: request.totalCents, currency: "CNY" },
    });
    if (result.status !== 200) throw new Error(`微信支付退款失败：HTTP ${result.status} ${String(result.error ?? "")}`.trim());
    const answer = result.data;
    const status = answer?.status && REFUND_ANSWERS.has(answer.status) ? (answer.status as GatewayRefundStatus) : "PROCESSING";
    return { status, gatewayRefundNo: answer?.refund_id ?? "", receivedAccount: answer?.user_received_account ?? "" };
  }
}
