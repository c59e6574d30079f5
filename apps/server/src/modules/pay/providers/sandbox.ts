import crypto from "node:crypto";
import { formatYuan, parseYuan } from "@shop/contract/money";
import { now } from "../../../core/time.ts";
import { unitOfWork, type Db } from "../../../db/unit-of-work.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import {
  plainReply, type GatewayOutbox, type GatewayStart, type NotifyReply, type NotifyRequest, type NotifyVerdict, type PayProvider, type PaymentUrls,
  type RefundAnswer, type RefundNotice, type RefundRequest, type TradeToPay,
} from "./provider.ts";

/**
 * The built-in sandbox gateway (docs/payments.md), the default method in development and tests.
 * It works like a real one, with a shared secret instead of RSA keys: the shop signs the payment
 * request (HMAC-SHA256), the gateway's page (../sandbox-gateway.ts) shows it, and on 确认支付 the
 * gateway posts a signed notify to our notify route, retried until we answer "success". Refunds
 * work like WeChat Pay's: the refund call is accepted, then a signed refund notify reports the
 * result to the same route.
 *
 * Requests and notifies are signed with two keys derived from the secret, over an unambiguous text
 * of a fixed field list: a signed payment request (which the shopper sees, and partly chooses) can
 * never be passed off as a notify.
 */
export const SANDBOX_GATEWAY_PATH = "/sandbox-gateway";
export const SANDBOX_SIGN_TYPE = "HMAC-SHA256";

/** What the sandbox gateway asks to collect (signed by the shop with the request key). */
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

/** The fields of a payment request, and of a notify, each exactly once: anything more or less is refused. */
export const SANDBOX_REQUEST_FIELDS = [
  "out_trade_no", "total_amount", "subject", "notify_url", "return_url", "quit_url", "time_expire", "timestamp", "sign_type",
] as const satisfies ReadonlyArray<keyof SandboxPayRequest>;
export const SANDBOX_NOTIFY_FIELDS = ["notify_id", "notify_time", "out_trade_no", "trade_no", "total_amount", "trade_status", "sign_type"] as const;

export const SANDBOX_REFUND_NOTIFY_FIELDS = [
  "notify_id", "notify_time", "out_trade_no", "trade_no", "out_refund_no", "refund_id", "refund_amount", "refund_status", "user_received_account", "sign_type",
] as const;

/** Each message kind has its own key: a payment request or payment notify can never pass for a refund notify. */
export type SandboxKeyPurpose = "request" | "notify" | "refund_notify";

/**
 * The gateway's notifies (payments and refunds) as durable jobs (sandbox-gateway.ts delivers
 * them): posted to notify_url until it answers "success". A real gateway keeps trying for about a
 * day; our backoff (30 s doubling, ≤ 1 h) covers that in 30 tries.
 */
export const SANDBOX_NOTIFY_JOB = "pay.sandbox_notify";
const NOTIFY_ATTEMPTS = 30;

export interface SandboxNotifyPayload {
  notify_url: string;
  body: string;
}

/** Queues a notify once per `key` (a gateway reports each payment and each refund once, retrying until heard). */
export async function queueSandboxNotify(db: Db, payload: SandboxNotifyPayload, key: string): Promise<void> {
  await unitOfWork(db, (tx) =>
    enqueueJob(tx, { kind: SANDBOX_NOTIFY_JOB, payload: { ...payload }, dedupeKey: `${SANDBOX_NOTIFY_JOB}:${key}`, maxAttempts: NOTIFY_ATTEMPTS }),
  );
}

/** The key of one purpose: HMAC(secret, purpose). */
export function sandboxKey(secret: string, purpose: SandboxKeyPurpose): Buffer {
  return crypto.createHmac("sha256", secret).update(purpose, "utf8").digest();
}

/**
 * The signed text: keys sorted, every key and value percent-encoded, "k=v" joined with "&". A value
 * holding "&" or "=" is encoded, so no value can fake a field boundary.
 */
export function canonicalText(fields: Record<string, string>): string {
  return Object.keys(fields)
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(fields[key]!)}`)
    .join("&");
}

/** The hex HMAC-SHA256 of the fields (without `sign`) under the key of the purpose. */
export function sandboxSign(fields: Record<string, string>, secret: string, purpose: SandboxKeyPurpose): string {
  const { sign: _sign, ...signed } = fields;
  return crypto.createHmac("sha256", sandboxKey(secret, purpose)).update(canonicalText(signed), "utf8").digest("hex");
}

/**
 * The fields of a signed message if it holds exactly `names` and `sign`, each once, and the
 * signature of the purpose matches; else why not.
 */
export function readSignedFields<Name extends string>(
  pairs: Iterable<[string, string]>,
  names: readonly Name[],
  secret: string,
  purpose: SandboxKeyPurpose,
): { ok: true; fields: Record<Name | "sign", string> } | { ok: false; reason: "malformed" | "bad_signature"; detail: string } {
  const received = new Map<string, string>();
  for (const [key, value] of pairs) {
    if (received.has(key)) return { ok: false, reason: "malformed", detail: `字段重复：${key.slice(0, 40)}` };
    received.set(key, value);
  }
  const expected = new Set<string>([...names, "sign"]);
  const missing = [...expected].filter((name) => !received.has(name));
  if (missing.length) return { ok: false, reason: "malformed", detail: `缺少字段：${missing.join(",")}` };
  const extra = [...received.keys()].filter((name) => !expected.has(name));
  if (extra.length) return { ok: false, reason: "malformed", detail: `多余字段：${extra.join(",").slice(0, 80)}` };
  const fields = Object.fromEntries(received);
  const given = Buffer.from(fields.sign!, "utf8");
  const wanted = Buffer.from(sandboxSign(fields, secret, purpose), "utf8");
  if (given.length !== wanted.length || !crypto.timingSafeEqual(given, wanted)) return { ok: false, reason: "bad_signature", detail: "签名无效" };
  return { ok: true, fields: fields as Record<Name | "sign", string> };
}

/** A payment request with the shop's signature. */
export function signSandboxRequest(request: Omit<SandboxPayRequest, "sign">, secret: string): SandboxPayRequest {
  return { ...request, sign: sandboxSign({ ...request }, secret, "request") };
}

/** The request, when it carries exactly its fields and the shop's signature; else null. */
export function verifySandboxRequest(pairs: Iterable<[string, string]>, secret: string): SandboxPayRequest | null {
  const read = readSignedFields(pairs, SANDBOX_REQUEST_FIELDS, secret, "request");
  return read.ok ? read.fields : null;
}

export interface SandboxNotifyFields {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  /** TRADE_SUCCESS, or TRADE_CLOSED for a trade the shopper abandoned */
  tradeStatus: string;
}

/** The notify the gateway posts (form fields, signed with the notify key): also what tests forge and alter. */
export function signedSandboxNotify(fields: SandboxNotifyFields, secret: string): Record<string, string> {
  const params: Record<(typeof SANDBOX_NOTIFY_FIELDS)[number], string> = {
    notify_id: crypto.randomUUID(),
    notify_time: String(now()),
    out_trade_no: fields.outTradeNo,
    trade_no: fields.tradeNo,
    total_amount: fields.totalAmount,
    trade_status: fields.tradeStatus,
    sign_type: SANDBOX_SIGN_TYPE,
  };
  return { ...params, sign: sandboxSign(params, secret, "notify") };
}

export interface SandboxRefundNotifyFields {
  outTradeNo: string;
  tradeNo: string;
  outRefundNo: string;
  refundAmount: string;
  /** SUCCESS, ABNORMAL or CLOSED (the sandbox itself always succeeds; tests forge the others) */
  refundStatus: string;
}

/** Where the sandbox says the money went. */
export const SANDBOX_REFUND_ACCOUNT = "演示支付账户";

/** A refund notify as the gateway posts it (form fields, signed with the refund-notify key); also what tests forge. */
export function signedSandboxRefundNotify(fields: SandboxRefundNotifyFields, secret: string): Record<string, string> {
  const params: Record<(typeof SANDBOX_REFUND_NOTIFY_FIELDS)[number], string> = {
    notify_id: crypto.randomUUID(),
    notify_time: String(now()),
    out_trade_no: fields.outTradeNo,
    trade_no: fields.tradeNo,
    out_refund_no: fields.outRefundNo,
    refund_id: sandboxRefundId(fields.outRefundNo, secret),
    refund_amount: fields.refundAmount,
    refund_status: fields.refundStatus,
    user_received_account: fields.refundStatus === "SUCCESS" ? SANDBOX_REFUND_ACCOUNT : "",
    sign_type: SANDBOX_SIGN_TYPE,
  };
  return { ...params, sign: sandboxSign(params, secret, "refund_notify") };
}

/** The gateway's own refund number: one per out_refund_no (it refunds once per number). */
export function sandboxRefundId(outRefundNo: string, secret: string): string {
  return `SBR${crypto.createHmac("sha256", secret).update(`refund:${outRefundNo}`).digest("hex").slice(0, 24)}`;
}

const REFUND_RESULTS: ReadonlySet<string> = new Set(["SUCCESS", "ABNORMAL", "CLOSED"]);

/** The gateway's own trade number: one per out_trade_no, so a repeated notify names the same payment. */
export function sandboxTradeNo(outTradeNo: string, secret: string): string {
  return `SB${crypto.createHmac("sha256", secret).update(outTradeNo).digest("hex").slice(0, 24)}`;
}

export class SandboxProvider implements PayProvider {
  readonly name = "sandbox";
  readonly title = "演示支付";

  constructor(private readonly secret: string) {}

  async createPayment(trade: TradeToPay, urls: PaymentUrls): Promise<GatewayStart> {
    const request = signSandboxRequest(
      {
        out_trade_no: trade.outTradeNo,
        total_amount: formatYuan(trade.amountCents),
        subject: trade.subject,
        notify_url: urls.notifyUrl,
        return_url: urls.returnUrl,
        quit_url: urls.quitUrl,
        time_expire: String(trade.expireTime),
        timestamp: String(now()),
        sign_type: SANDBOX_SIGN_TYPE,
      },
      this.secret,
    );
    return { type: "url", data: `${urls.origin}${SANDBOX_GATEWAY_PATH}/pay?${new URLSearchParams({ ...request })}` };
  }

  async verifyNotify(request: NotifyRequest): Promise<NotifyVerdict> {
    const pairs = [...new URLSearchParams(request.rawBody)];
    const outTradeNo = pairs.find(([key]) => key === "out_trade_no")?.[1];
    // A refund notify names our refund number; its fields and key are its own.
    if (pairs.some(([key]) => key === "out_refund_no")) return this.verifyRefundNotify(pairs, outTradeNo);
    const read = readSignedFields(pairs, SANDBOX_NOTIFY_FIELDS, this.secret, "notify");
    if (!read.ok) return { ...read, outTradeNo };
    const { fields } = read;
    const amount = parseYuan(fields.total_amount);
    if (amount === null || amount < 0) return { ok: false, reason: "malformed", detail: `金额无效：${fields.total_amount}`, outTradeNo };
    return { ok: true, outTradeNo: fields.out_trade_no, tradeNo: fields.trade_no, amountCents: amount, paid: fields.trade_status === "TRADE_SUCCESS" };
  }

  private verifyRefundNotify(pairs: Array<[string, string]>, outTradeNo: string | undefined): NotifyVerdict {
    const read = readSignedFields(pairs, SANDBOX_REFUND_NOTIFY_FIELDS, this.secret, "refund_notify");
    if (!read.ok) return { ...read, outTradeNo };
    const { fields } = read;
    const amount = parseYuan(fields.refund_amount);
    if (amount === null || amount <= 0) return { ok: false, reason: "malformed", detail: `退款金额无效：${fields.refund_amount}`, outTradeNo };
    if (!REFUND_RESULTS.has(fields.refund_status)) return { ok: false, reason: "malformed", detail: `退款状态无效：${fields.refund_status}`, outTradeNo };
    const refund: RefundNotice = {
      outRefundNo: fields.out_refund_no,
      outTradeNo: fields.out_trade_no,
      gatewayRefundNo: fields.refund_id,
      amountCents: amount,
      status: fields.refund_status as RefundNotice["status"],
      receivedAccount: fields.user_received_account,
    };
    return { ok: true, refund };
  }

  notifyReply(accepted: boolean): NotifyReply {
    return plainReply(accepted);
  }

  /**
   * The sandbox holds no money: it accepts every refund (once per refund number) and reports the
   * result like WeChat Pay, in a signed refund notify queued for delivery to `notifyUrl`. Asked
   * without a notify address or outbox (a caller that cannot hear back), it answers the result at once.
   */
  async refund(request: RefundRequest, outbox?: GatewayOutbox): Promise<RefundAnswer> {
    const gatewayRefundNo = sandboxRefundId(request.outRefundNo, this.secret);
    if (!outbox || !request.notifyUrl) return { status: "SUCCESS", gatewayRefundNo, receivedAccount: SANDBOX_REFUND_ACCOUNT };
    const notify = signedSandboxRefundNotify(
      { outTradeNo: request.outTradeNo, tradeNo: request.tradeNo, outRefundNo: request.outRefundNo, refundAmount: formatYuan(request.refundCents), refundStatus: "SUCCESS" },
      this.secret,
    );
    await queueSandboxNotify(outbox.db, { notify_url: request.notifyUrl, body: new URLSearchParams(notify).toString() }, `refund:${request.outRefundNo}`);
    return { status: "PROCESSING", gatewayRefundNo };
  }
}
