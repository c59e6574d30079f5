import crypto from "node:crypto";
import { formatYuan, parseYuan } from "@shop/contract/money";
import { now } from "../../../core/time.ts";
import { parseForm, plainReply, type GatewayStart, type NotifyReply, type NotifyRequest, type NotifyVerdict, type PayProvider, type PaymentUrls, type TradeToPay } from "./provider.ts";

/**
 * The built-in sandbox gateway (docs/payments.md), the default method in development and tests.
 * It works like a real one, with a shared secret instead of RSA keys: the shop signs the payment
 * request (HMAC-SHA256), the gateway's page (../sandbox-gateway.ts) shows it, and on 确认支付 the
 * gateway posts a signed notify to our notify route, retried until we answer "success".
 */
export const SANDBOX_GATEWAY_PATH = "/sandbox-gateway";
export const SANDBOX_SIGN_TYPE = "HMAC-SHA256";

/** The signature of a parameter set: HMAC-SHA256 over "k1=v1&k2=v2" (keys sorted, `sign` left out), hex. */
export function sandboxSign(params: Record<string, string>, secret: string): string {
  const content = Object.keys(params)
    .filter((key) => key !== "sign")
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("&");
  return crypto.createHmac("sha256", secret).update(content, "utf8").digest("hex");
}

export function hasValidSandboxSign(params: Record<string, string>, secret: string): boolean {
  const given = Buffer.from(params.sign ?? "", "utf8");
  const expected = Buffer.from(sandboxSign(params, secret), "utf8");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** What the sandbox gateway asks to collect (signed by the shop). */
export interface SandboxPayRequest {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  notify_url: string;
  return_url: string;
  quit_url: string;
  /** unix seconds */
  time_expire: string;
  timestamp: string;
  sign_type: string;
  sign: string;
}

export interface SandboxNotifyFields {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  /** TRADE_SUCCESS, or TRADE_CLOSED for a trade the shopper abandoned */
  tradeStatus: string;
}

/** The notify the gateway posts (form fields, signed): also what tests forge and alter. */
export function signedSandboxNotify(fields: SandboxNotifyFields, secret: string): Record<string, string> {
  const params: Record<string, string> = {
    notify_id: crypto.randomUUID(),
    notify_time: String(now()),
    out_trade_no: fields.outTradeNo,
    trade_no: fields.tradeNo,
    total_amount: fields.totalAmount,
    trade_status: fields.tradeStatus,
    sign_type: SANDBOX_SIGN_TYPE,
  };
  return { ...params, sign: sandboxSign(params, secret) };
}

/** The gateway's own trade number: one per out_trade_no, so a repeated notify names the same payment. */
export function sandboxTradeNo(outTradeNo: string, secret: string): string {
  return `SB${crypto.createHmac("sha256", secret).update(outTradeNo).digest("hex").slice(0, 24)}`;
}

export class SandboxProvider implements PayProvider {
  readonly name = "sandbox";
  readonly title = "沙箱支付";

  constructor(private readonly secret: string) {}

  async createPayment(trade: TradeToPay, urls: PaymentUrls): Promise<GatewayStart> {
    const params: Record<string, string> = {
      out_trade_no: trade.outTradeNo,
      total_amount: formatYuan(trade.amountCents),
      subject: trade.subject,
      notify_url: urls.notifyUrl,
      return_url: urls.returnUrl,
      quit_url: urls.quitUrl,
      time_expire: String(trade.expireTime),
      timestamp: String(now()),
      sign_type: SANDBOX_SIGN_TYPE,
    };
    const query = new URLSearchParams({ ...params, sign: sandboxSign(params, this.secret) });
    return { type: "url", data: `${urls.origin}${SANDBOX_GATEWAY_PATH}/pay?${query}` };
  }

  async verifyNotify(request: NotifyRequest): Promise<NotifyVerdict> {
    const params = parseForm(request.rawBody);
    const outTradeNo = params.out_trade_no;
    if (!outTradeNo || !params.sign) return { ok: false, reason: "malformed", detail: "缺少 out_trade_no 或 sign", outTradeNo };
    if (!hasValidSandboxSign(params, this.secret)) return { ok: false, reason: "bad_signature", detail: "签名无效", outTradeNo };
    const amount = parseYuan(params.total_amount ?? "");
    if (amount === null || amount < 0) return { ok: false, reason: "malformed", detail: `金额无效：${params.total_amount}`, outTradeNo };
    return { ok: true, outTradeNo, tradeNo: params.trade_no ?? "", amountCents: amount, paid: params.trade_status === "TRADE_SUCCESS" };
  }

  notifyReply(accepted: boolean): NotifyReply {
    return plainReply(accepted);
  }

  /** The sandbox holds no money: a refund is accepted at once. */
  async refund(): Promise<void> {}
}
