import { AlipaySdk } from "alipay-sdk";
import { formatYuan, parseYuan } from "@shop/contract/money";
import { chinaTime, parseForm, plainReply, type GatewayStart, type NotifyReply, type NotifyRequest, type NotifyVerdict, type PayProvider, type PaymentUrls, type RefundAnswer, type RefundRequest, type TradeToPay } from "./provider.ts";

/**
 * Alipay 电脑网站支付 (alipay.trade.page.pay) through the official alipay-sdk, in public-key mode:
 * requests signed RSA2 with the app's private key, notifies verified with Alipay's public key.
 * Enabled when ALIPAY_APP_ID and both keys are configured (../config.ts, docs/payments.md).
 */
export interface AlipayConfig {
  appId: string;
  /** the app's private key: PEM, or the bare base64 the Alipay key tool prints */
  privateKey: string;
  /** Alipay's public key (支付宝公钥), PEM or bare base64 */
  alipayPublicKey: string;
  /** PKCS1 ("BEGIN RSA PRIVATE KEY") or PKCS8 ("BEGIN PRIVATE KEY") */
  keyType: "PKCS1" | "PKCS8";
  /** https://openapi.alipay.com/gateway.do, or the sandbox's https://openapi-sandbox.dl.alipaydev.com/gateway.do */
  gateway: string;
  /** https://openapi.alipay.com (v3 calls: refunds), or the sandbox's https://openapi-sandbox.dl.alipaydev.com */
  endpoint: string;
}

/** Trade statuses that mean the money was collected. */
const PAID_STATUSES = new Set(["TRADE_SUCCESS", "TRADE_FINISHED"]);

export class AlipayProvider implements PayProvider {
  readonly name = "alipay";
  readonly title = "支付宝支付";
  private readonly sdk: AlipaySdk;

  constructor(private readonly config: AlipayConfig) {
    this.sdk = new AlipaySdk({
      appId: config.appId,
      privateKey: config.privateKey,
      alipayPublicKey: config.alipayPublicKey,
      keyType: config.keyType,
      gateway: config.gateway,
      endpoint: config.endpoint,
      signType: "RSA2",
    });
  }

  /** A signed GET link to Alipay's cashier: the shopper's browser opens it (no call from us). */
  async createPayment(trade: TradeToPay, urls: PaymentUrls): Promise<GatewayStart> {
    const url = this.sdk.pageExecute("alipay.trade.page.pay", "GET", {
      bizContent: {
        out_trade_no: trade.outTradeNo,
        product_code: "FAST_INSTANT_TRADE_PAY",
        total_amount: formatYuan(trade.amountCents),
        subject: trade.subject.slice(0, 128),
        ...(trade.expireTime ? { time_expire: chinaTime(trade.expireTime) } : {}),
      },
      notifyUrl: urls.notifyUrl,
      returnUrl: urls.returnUrl,
    });
    return { type: "url", data: url };
  }

  /**
   * An asynchronous notify (form POST): RSA2 signature over the sorted fields (checkNotifySignV2:
   * the values as posted, already form-decoded), for our app id. Only TRADE_SUCCESS /
   * TRADE_FINISHED say the money came in.
   */
  async verifyNotify(request: NotifyRequest): Promise<NotifyVerdict> {
    const params = parseForm(request.rawBody);
    const outTradeNo = params.out_trade_no;
    if (!outTradeNo || !params.sign) return { ok: false, reason: "malformed", detail: "缺少 out_trade_no 或 sign", outTradeNo };
    let signed = false;
    try {
      signed = this.sdk.checkNotifySignV2(params);
    } catch {
      signed = false;
    }
    if (!signed) return { ok: false, reason: "bad_signature", detail: "支付宝签名验证失败", outTradeNo };
    if (params.app_id !== this.config.appId) return { ok: false, reason: "bad_signature", detail: `app_id 不符：${params.app_id}`, outTradeNo };
    const amount = parseYuan(params.total_amount ?? "");
    if (amount === null || amount < 0) return { ok: false, reason: "malformed", detail: `金额无效：${params.total_amount}`, outTradeNo };
    return { ok: true, outTradeNo, tradeNo: params.trade_no ?? "", amountCents: amount, paid: PAID_STATUSES.has(params.trade_status ?? "") };
  }

  notifyReply(accepted: boolean): NotifyReply {
    return plainReply(accepted);
  }

  /**
   * A signed alipay.trade.query of a trade that does not exist (../connection-test.ts): Alipay
   * answering "交易不存在" proves the keys; a network failure or refusal is thrown.
   */
  async probe(outTradeNo: string): Promise<"keys-accepted"> {
    try {
      await this.sdk.curl("POST", "/v3/alipay/trade/query", { body: { out_trade_no: outTradeNo } });
    } catch (error) {
      if (String((error as { code?: string }).code ?? (error as Error).message).includes("TRADE_NOT_EXIST")) return "keys-accepted";
      throw error;
    }
    return "keys-accepted";
  }

  /**
   * alipay.trade.refund (v3); out_request_no makes a repeated request refund once. Alipay sends no
   * refund notify: its answer is the result. fund_change "Y" means the money moved now; "N" (a
   * repeated request, or not moved yet) is settled by alipay.trade.fastpay.refund.query — refunded,
   * or an error, and the job asks again later with the same number.
   */
  async refund(request: RefundRequest): Promise<RefundAnswer> {
    const result = await this.sdk.curl<{ fund_change?: string; trade_no?: string }>("POST", "/v3/alipay/trade/refund", {
      body: {
        out_trade_no: request.outTradeNo,
        refund_amount: formatYuan(request.refundCents),
        out_request_no: request.outRefundNo,
        refund_reason: request.reason.slice(0, 256),
      },
    });
    if (result.responseHttpStatus !== 200) throw new Error(`支付宝退款失败：HTTP ${result.responseHttpStatus}`);
    if (result.data?.fund_change === "Y") return { status: "SUCCESS", gatewayRefundNo: result.data.trade_no ?? "" };
    const query = await this.sdk.curl<{ refund_status?: string; refund_amount?: string; trade_no?: string }>("POST", "/v3/alipay/trade/fastpay/refund/query", {
      body: { out_trade_no: request.outTradeNo, out_request_no: request.outRefundNo },
    });
    const refunded = query.data?.refund_status ? query.data.refund_status === "REFUND_SUCCESS" : (parseYuan(query.data?.refund_amount ?? "") ?? 0) > 0;
    if (query.responseHttpStatus !== 200 || !refunded) throw new Error(`支付宝退款未完成：HTTP ${query.responseHttpStatus} ${query.data?.refund_status ?? ""}`.trim());
    return { status: "SUCCESS", gatewayRefundNo: query.data?.trade_no ?? "" };
  }
}

/** The SDK's key type for a PEM (the bare base64 of the Alipay key tool is PKCS1 unless told otherwise). */
export function alipayKeyType(privateKey: string, configured?: string): "PKCS1" | "PKCS8" {
  if (configured === "PKCS1" || configured === "PKCS8") return configured;
  return privateKey.includes("BEGIN PRIVATE KEY") ? "PKCS8" : "PKCS1";
}
