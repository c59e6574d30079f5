import { RefundPayStatus } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { affectedRows } from "../../db/conditional.ts";
import { yuan } from "../../core/money.ts";
import { now } from "../../core/time.ts";
import type { GatewayRefundStatus } from "../pay/providers/provider.ts";
import { SYSTEM_REFUND_ACTOR, writeRefundLog } from "./refund-store.ts";

/**
 * A gateway's word on a refund's gateway part — a refund notify (WeChat Pay, the sandbox) or the
 * refund call's own answer (Alipay) — applied once: each result is one conditional update of
 * refund_pay_status (`WHERE refund_pay_status IN (…from)`) plus one timeline line, in the caller's
 * unit of work. A repeated or concurrent delivery finds the status moved and changes nothing; a
 * notify that overtakes the job's own "sent" mark (1 → 3 directly) leaves that mark nothing to do.
 * No money moves here: the gateway moved it (the balance part went back at transfer).
 */
export interface GatewayRefundResult {
  /** the gateway's title, for the timeline (微信支付) */
  providerTitle: string;
  outRefundNo: string;
  status: GatewayRefundStatus;
  /** what a notify says of the trade and amount (checked against the refund); the call's own answer leaves them out */
  outTradeNo?: string;
  amountCents?: number;
  gatewayRefundNo?: string;
  /** where the money went, in the gateway's words */
  receivedAccount?: string;
}

/**
 * What became of a result (pay_notify_log.outcome for notifies). The gateway is told "success" for
 * all but refund_mismatch (a notify that contradicts our refund: logged, and the gateway retries).
 */
export type RefundResultOutcome =
  | "refund_sent" | "refund_arrived" | "refund_abnormal" | "refund_closed" | "refund_repeated"
  | "refund_unknown" | "refund_mismatch" | "late_payment_refund";

interface PayStatusMove {
  to: number;
  from: readonly number[];
  action: string;
  outcome: RefundResultOutcome;
}

const { TO_SEND, SENT, ARRIVED, ABNORMAL, CLOSED } = RefundPayStatus;

/** Arrived is final; abnormal may still arrive (staff resend it at the gateway); closed is final at the gateway. */
const MOVES: Record<GatewayRefundStatus, PayStatusMove> = {
  PROCESSING: { to: SENT, from: [TO_SEND], action: "原路退款已提交", outcome: "refund_sent" },
  SUCCESS: { to: ARRIVED, from: [TO_SEND, SENT, ABNORMAL], action: "原路退款已到账", outcome: "refund_arrived" },
  ABNORMAL: { to: ABNORMAL, from: [TO_SEND, SENT], action: "原路退款异常，待商家处理", outcome: "refund_abnormal" },
  CLOSED: { to: CLOSED, from: [TO_SEND, SENT, ABNORMAL], action: "原路退款已关闭，待商家处理", outcome: "refund_closed" },
};

function remarkOf(result: GatewayRefundResult, cents: number): string {
  const money = `${result.providerTitle} ¥${yuan(cents)}`;
  const number = result.gatewayRefundNo ? `（退款单号 ${result.gatewayRefundNo}）` : "";
  switch (result.status) {
    case "SUCCESS":
      return `${money} 已退回${result.receivedAccount ? `至${result.receivedAccount}` : ""}${number}`;
    case "PROCESSING":
      return `${money} 已提交，等待到账${number}`;
    case "ABNORMAL":
      return `${money} 未能原路退回（如银行卡已注销或冻结），请在${result.providerTitle}商户平台处理${number}`;
    case "CLOSED":
      return `${money} 的退款已被关闭，请在${result.providerTitle}商户平台处理${number}`;
  }
}

/** Refunds of late and duplicate payments (../pay/refund.ts) go to the gateway as R{pay row}. */
async function isLatePaymentRefund(tx: Db, outRefundNo: string): Promise<boolean> {
  if (!outRefundNo.startsWith("R")) return false;
  const row = await tx.selectFrom("pay").select("refund_status").where("out_trade_no", "=", outRefundNo.slice(1)).executeTakeFirst();
  return row !== undefined && row.refund_status > 0;
}

export async function applyGatewayRefundResult(tx: Db, result: GatewayRefundResult): Promise<RefundResultOutcome> {
  const refund = await tx.selectFrom("order_refund").selectAll().where("refund_no", "=", result.outRefundNo).executeTakeFirst();
  if (!refund) return (await isLatePaymentRefund(tx, result.outRefundNo)) ? "late_payment_refund" : "refund_unknown";
  if (refund.refund_pay_status === RefundPayStatus.NONE || refund.refund_pay_money_cents <= 0) return "refund_mismatch";
  if (result.amountCents !== undefined && result.amountCents !== refund.refund_pay_money_cents) return "refund_mismatch";
  if (result.outTradeNo !== undefined) {
    const order = await tx.selectFrom("orders").select("out_trade_no").where("order_id", "=", refund.order_id).executeTakeFirst();
    if (order?.out_trade_no !== result.outTradeNo) return "refund_mismatch";
  }
  const move = MOVES[result.status];
  const moved = await tx
    .updateTable("order_refund")
    .set({ refund_pay_status: move.to, update_time: now() })
    .where("refund_id", "=", refund.refund_id)
    .where("refund_pay_status", "in", [...move.from])
    .executeTakeFirst();
  if (affectedRows(moved) !== 1) return "refund_repeated";
  await writeRefundLog(tx, refund, refund.refund_status, move.action, SYSTEM_REFUND_ACTOR, remarkOf(result, refund.refund_pay_money_cents));
  return move.outcome;
}
