import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { countPaymentNotify } from "../../core/metrics.ts";
import { applyGatewayRefundResult, type RefundResultOutcome } from "../refund/gateway-result.ts";
import { truncateUtf8, type NotifyReply, type NotifyRequest, type PayProvider, type RefundNotice } from "./providers/provider.ts";
import { recordDuplicatePayment } from "./refund.ts";
import { PayStatus, settleTrade } from "./trade.ts";

/**
 * A gateway's payment notify: signature, then amount, then the trade's settlement — each notify
 * logged in pay_notify_log with what became of it. Settlement is idempotent (settleTrade), so a
 * gateway repeating itself ten times pays the orders once; money for orders closed meanwhile is
 * accepted and flagged for refund ("late"), and reopens nothing; a second payment of a paid trade
 * is accepted and recorded for refund ("duplicate_payment").
 *
 * Refund notifies come to the same route (the provider's verdict carries `refund`) and are
 * applied by ../refund/gateway-result.ts, once; they are logged under our refund number
 * (out_trade_no column) with the gateway's refund number (trade_no) and the refunded amount.
 */
export type NotifyOutcome =
  | "paid" | "already_paid" | "late" | "duplicate_payment" | "not_paid_status"
  | "bad_signature" | "malformed" | "unknown_trade" | "amount_mismatch" | "error"
  | RefundResultOutcome;

/**
 * Outcomes the gateway is told "success" for (it stops sending); the others ask it to retry or give
 * up. A verified refund notify for a refund number we never issued is acknowledged: no retry could
 * make it ours (it is logged and warned about).
 */
const ACCEPTED: ReadonlySet<NotifyOutcome> = new Set<NotifyOutcome>([
  "paid", "already_paid", "late", "duplicate_payment", "not_paid_status",
  "refund_sent", "refund_arrived", "refund_abnormal", "refund_closed", "refund_repeated", "refund_unknown", "late_payment_refund",
]);

/** Refund results staff must act on, or that should never happen: warned in the server log. */
const WARN_REFUND: ReadonlySet<NotifyOutcome> = new Set<NotifyOutcome>(["refund_abnormal", "refund_closed", "refund_unknown", "refund_mismatch"]);

/**
 * How much of the raw body the log keeps: enough to investigate a verified notify; of one that
 * failed verification (anyone can post those) only a sample, so junk cannot fill the database.
 */
const VERIFIED_RAW_CHARS = 8000;
const REJECTED_RAW_BYTES = 1024;

interface NotifyLogEntry {
  provider: string;
  outTradeNo: string;
  tradeNo: string;
  amountCents: number;
  verified: boolean;
  outcome: NotifyOutcome;
  raw: string;
}

async function logNotify(db: Db, entry: NotifyLogEntry): Promise<void> {
  await db
    .insertInto("pay_notify_log")
    .values({
      provider: entry.provider,
      out_trade_no: entry.outTradeNo.slice(0, 64),
      trade_no: entry.tradeNo.slice(0, 64),
      amount_cents: entry.amountCents,
      verified: entry.verified ? 1 : 0,
      outcome: entry.outcome,
      raw: entry.verified ? entry.raw.slice(0, VERIFIED_RAW_CHARS) : truncateUtf8(entry.raw, REJECTED_RAW_BYTES),
      create_time: now(),
    })
    .execute();
}

export async function handleNotify(db: Db, provider: PayProvider, request: NotifyRequest, log: FastifyBaseLogger): Promise<NotifyReply> {
  const verdict = await provider.verifyNotify(request);
  const base = { provider: provider.name, raw: request.rawBody };
  if (!verdict.ok) {
    log.warn({ provider: provider.name, reason: verdict.reason, detail: verdict.detail, outTradeNo: verdict.outTradeNo }, "payment notify rejected");
    countPaymentNotify(provider.name, verdict.reason);
    await logNotify(db, { ...base, outTradeNo: verdict.outTradeNo ?? "", tradeNo: "", amountCents: 0, verified: false, outcome: verdict.reason });
    return provider.notifyReply(false, verdict.detail);
  }
  if (verdict.refund) return handleRefundNotify(db, provider, verdict.refund, request.rawBody, log);
  const entry = { ...base, outTradeNo: verdict.outTradeNo, tradeNo: verdict.tradeNo, amountCents: verdict.amountCents, verified: true };
  let outcome: NotifyOutcome;
  try {
    outcome = await unitOfWork(db, async (tx) => {
      const decided = await settleNotified(tx, provider.name, verdict);
      await logNotify(tx, { ...entry, outcome: decided });
      return decided;
    });
  } catch (error) {
    log.error({ err: error, provider: provider.name, outTradeNo: verdict.outTradeNo }, "payment notify failed");
    await logNotify(db, { ...entry, outcome: "error" }).catch(() => {});
    countPaymentNotify(provider.name, "error");
    return provider.notifyReply(false, "处理失败，请重试");
  }
  if (outcome === "late") log.warn({ provider: provider.name, outTradeNo: verdict.outTradeNo }, "payment arrived after its orders closed: flagged for refund");
  if (outcome === "duplicate_payment") log.warn({ provider: provider.name, outTradeNo: verdict.outTradeNo, tradeNo: verdict.tradeNo }, "a second payment for a paid trade: recorded for refund");
  if (!ACCEPTED.has(outcome)) log.warn({ provider: provider.name, outcome, outTradeNo: verdict.outTradeNo }, "payment notify rejected");
  countPaymentNotify(provider.name, outcome);
  return provider.notifyReply(ACCEPTED.has(outcome), outcome);
}

/** A verified refund notify: applied once with its log row (one unit), the gateway answered as it expects. */
async function handleRefundNotify(db: Db, provider: PayProvider, notice: RefundNotice, rawBody: string, log: FastifyBaseLogger): Promise<NotifyReply> {
  const entry = { provider: provider.name, raw: rawBody, outTradeNo: notice.outRefundNo, tradeNo: notice.gatewayRefundNo, amountCents: notice.amountCents, verified: true };
  const context = { provider: provider.name, outRefundNo: notice.outRefundNo, status: notice.status };
  let outcome: NotifyOutcome;
  try {
    outcome = await unitOfWork(db, async (tx) => {
      const decided = await applyGatewayRefundResult(tx, { providerTitle: provider.title, ...notice });
      await logNotify(tx, { ...entry, outcome: decided });
      return decided;
    });
  } catch (error) {
    log.error({ err: error, ...context }, "refund notify failed");
    await logNotify(db, { ...entry, outcome: "error" }).catch(() => {});
    countPaymentNotify(provider.name, "error");
    return provider.notifyReply(false, "处理失败，请重试");
  }
  if (WARN_REFUND.has(outcome) || (outcome === "late_payment_refund" && notice.status !== "SUCCESS")) log.warn({ ...context, outcome }, "refund notify needs attention");
  countPaymentNotify(provider.name, outcome);
  return provider.notifyReply(ACCEPTED.has(outcome), outcome);
}

async function settleNotified(
  tx: Db,
  payType: string,
  verdict: { outTradeNo: string; tradeNo: string; amountCents: number; paid: boolean },
): Promise<NotifyOutcome> {
  const trade = await tx.selectFrom("pay").selectAll().where("out_trade_no", "=", verdict.outTradeNo).executeTakeFirst();
  if (!trade) return "unknown_trade";
  if (verdict.amountCents !== trade.pay_money_cents) return "amount_mismatch";
  if (!verdict.paid) return "not_paid_status";
  if (trade.pay_status !== PayStatus.PAID) {
    const settled = await settleTrade(tx, verdict.outTradeNo, {
      payType,
      tradeNo: verdict.tradeNo,
      amountCents: verdict.amountCents,
      actor: { type: "system", id: 0, name: `支付通知（${payType}）` },
    });
    if (settled !== "already_paid") return settled;
  }
  // Paid — by this payment (a repeated notify), or by another one, perhaps settled a moment ago by
  // a concurrent notify: then this money is extra and must go back.
  const paidBy = await tx.selectFrom("pay").select(["pay_type", "trade_no"]).where("out_trade_no", "=", verdict.outTradeNo).executeTakeFirstOrThrow();
  if (paidBy.pay_type === payType && paidBy.trade_no === verdict.tradeNo) return "already_paid";
  await recordDuplicatePayment(tx, trade, { payType, tradeNo: verdict.tradeNo, amountCents: verdict.amountCents });
  return "duplicate_payment";
}
