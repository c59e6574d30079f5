import { shopIsoString } from "../../../core/time.ts";
import type { Db } from "../../../db/unit-of-work.ts";

/**
 * A payment gateway as the shop sees it (docs/payments.md): it is asked to collect a trade — the
 * shopper opens a page or scans a QR code — and later tells us, in a signed notify to our notify
 * route, that it collected. Refunds go back through it, and it reports their result (a refund notify to
 * the same route, or the refund call's answer). The balance method is not a gateway: it
 * pays at once from the ledger (../balance.ts).
 */

/** What a gateway is asked to collect. */
export interface TradeToPay {
  outTradeNo: string;
  amountCents: number;
  /** the goods, as the gateway's page shows them */
  subject: string;
  /** unix seconds: the gateway must refuse to collect after this (the orders close then) */
  expireTime: number;
}

/** Where the gateway reaches us and where it sends the shopper afterwards. */
export interface PaymentUrls {
  /** our origin, e.g. http://127.0.0.1:3000 (the sandbox gateway lives there too) */
  origin: string;
  /** our notify route for this gateway (absolute) */
  notifyUrl: string;
  /** the shopper's page after paying (absolute) */
  returnUrl: string;
  /** the shopper's page when leaving the gateway without paying (absolute) */
  quitUrl: string;
  clientIp: string;
}

/** A page to open, or the text of a QR code to scan (the cashier draws it as a picture: ../cashier.ts). */
export type GatewayStart = { type: "url"; data: string } | { type: "qrcode"; codeText: string };

/** A notify as it arrived: the raw body (signatures cover exact bytes) and the headers. */
export interface NotifyRequest {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A refund's result as the gateway reports it (a refund notify, or the refund call's own answer):
 * SUCCESS the money reached the buyer; ABNORMAL it could not (a closed card: staff resend it from
 * the gateway's merchant console); CLOSED the gateway gave up on it; PROCESSING accepted, the
 * result follows in a notify.
 */
export type GatewayRefundStatus = "SUCCESS" | "PROCESSING" | "ABNORMAL" | "CLOSED";

/** What a refund notify says, verified. */
export interface RefundNotice {
  /** our refund number (RefundRequest.outRefundNo) */
  outRefundNo: string;
  outTradeNo: string;
  /** the gateway's own refund number */
  gatewayRefundNo: string;
  /** the amount refunded */
  amountCents: number;
  status: Exclude<GatewayRefundStatus, "PROCESSING">;
  /** where the money went, in the gateway's words (e.g. 招商银行信用卡0403, 支付用户零钱); "" when not said */
  receivedAccount: string;
}

/** The refund call's answer; nothing (void) means accepted, the result follows in a notify. */
export interface RefundAnswer {
  status: GatewayRefundStatus;
  gatewayRefundNo?: string;
  receivedAccount?: string;
}

/**
 * The shop's database, lent to a gateway that lives in this process (the sandbox): it queues the
 * refund notify it sends later as a durable job, as its payment flow does. Real gateways ignore it.
 */
export interface GatewayOutbox {
  db: Db;
}

export type NotifyVerdict =
  | {
      ok: true;
      /** a refund's result (refund notifies arrive at the same notify route) */
      refund: RefundNotice;
    }
  | {
      ok: true;
      refund?: undefined;
      outTradeNo: string;
      /** the gateway's own trade number */
      tradeNo: string;
      amountCents: number;
      /** false for notifies about other events (a trade created or closed at the gateway): acknowledged, nothing done */
      paid: boolean;
    }
  | {
      ok: false;
      /** bad_signature: not from the gateway (or altered); malformed: unreadable */
      reason: "bad_signature" | "malformed";
      detail: string;
      outTradeNo?: string;
    };

/** The gateway's expected answer to a notify: a plain "success" for Alipay, JSON for WeChat Pay. */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

export interface RefundRequest {
  outTradeNo: string;
  tradeNo: string;
  refundCents: number;
  /** what the trade collected */
  totalCents: number;
  /** our refund number: a repeated request with it refunds once at the gateway */
  outRefundNo: string;
  reason: string;
  /**
   * Our notify route for the refund's result ("" when we have no address the gateway can reach:
   * WeChat Pay then notifies the URL configured in its merchant console).
   */
  notifyUrl?: string;
}

export interface PayProvider {
  /** the pay_type on the wire: sandbox | alipay | wechatpay */
  readonly name: string;
  /** the cashier's label */
  readonly title: string;
  /** Asks the gateway to collect the trade (may call the gateway: never inside a unit of work). */
  createPayment(trade: TradeToPay, urls: PaymentUrls): Promise<GatewayStart>;
  /** Checks a notify's signature and reads what it says. Never throws for bad input: a verdict says why. */
  verifyNotify(request: NotifyRequest): Promise<NotifyVerdict>;
  notifyReply(accepted: boolean, message: string): NotifyReply;
  /**
   * Sends money back; throws when the gateway refused (the refund job retries). Answers what the
   * gateway said of the result, when it says it at once (Alipay), else nothing: the result comes
   * in a refund notify to `request.notifyUrl` (WeChat Pay, the sandbox).
   */
  refund(request: RefundRequest, outbox?: GatewayOutbox): Promise<RefundAnswer | void>;
}

/** "a=1&b=2" form bodies as the gateways post them; the last of repeated keys wins. */
export function parseForm(rawBody: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(rawBody));
}

export function headerValue(headers: NotifyRequest["headers"], name: string): string {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** Plain-text replies ("success"/"fail"), as Alipay and our sandbox gateway expect. */
export function plainReply(accepted: boolean): NotifyReply {
  return { status: 200, contentType: "text/plain; charset=utf-8", body: accepted ? "success" : "fail" };
}

/** "2025-01-02 03:04:05" in China time (UTC+8), the gateways' time format. */
export function chinaTime(unixSeconds: number, separator = " "): string {
  const iso = shopIsoString(unixSeconds);
  return `${iso.slice(0, 10)}${separator}${iso.slice(11, 19)}`;
}

/** At most `maxBytes` of UTF-8, cut on a character boundary (gateways limit fields in bytes). */
export function truncateUtf8(text: string, maxBytes: number): string {
  let result = "";
  let bytes = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > maxBytes) break;
    result += char;
  }
  return result;
}
