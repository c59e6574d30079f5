import { ComplainStatus, OPEN_REFUND_STATUSES, RefundStatus } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { yuan } from "../../core/money.ts";
import type { RefundAction } from "@shop/contract";
import { refundConfig } from "./config.ts";
import { memberRefundActions, orderRefundBlock, type OrderForRefund } from "./rules.ts";

/**
 * What the order pages show of each line's refunds (order-view.ts): the goods money refunded so
 * far, whether its latest refund has a complaint, and so what the member may do. Loaded per page
 * in two small queries, and only for lines that ever had a refund.
 */
export interface LineRefundState {
  refundedCents: number;
  hasComplaint: boolean;
}

/** Statuses of a refund row whose money went back. */
export const FINISHED_STATUSES: readonly number[] = [RefundStatus.COMPLETE, RefundStatus.PARTIAL];

export interface OrderRefundParts {
  states: Map<number, LineRefundState>;
  afterSaleDays: number;
  at: number;
}

export async function loadOrderRefundParts(db: Db, lines: ReadonlyArray<{ order_goods_id: number; refund_status: number }>): Promise<OrderRefundParts> {
  const states = new Map<number, LineRefundState>();
  const withRefunds = lines.filter((line) => line.refund_status !== RefundStatus.NONE).map((line) => line.order_goods_id);
  const { after_sale_days } = await refundConfig(db);
  if (withRefunds.length === 0) return { states, afterSaleDays: after_sale_days, at: now() };
  const rows = await db
    .selectFrom("order_refund")
    .select((eb) => [
      "order_goods_id",
      eb.fn.max("refund_id").as("latest"),
      eb.fn.sum<number>(eb.case().when("refund_status", "in", [...FINISHED_STATUSES]).then(eb.ref("refund_apply_money_cents")).else(0).end()).as("refunded"),
    ])
    .where("order_goods_id", "in", withRefunds)
    .groupBy("order_goods_id")
    .execute();
  const latest = rows.map((row) => Number(row.latest));
  const complained = new Set(
    latest.length
      ? (await db.selectFrom("order_complain").select("refund_id").where("refund_id", "in", latest).execute()).map((row) => row.refund_id)
      : [],
  );
  for (const row of rows) {
    states.set(row.order_goods_id, { refundedCents: Number(row.refunded ?? 0), hasComplaint: complained.has(Number(row.latest)) });
  }
  return { states, afterSaleDays: after_sale_days, at: now() };
}

/** The refund fields of an order line on the order pages. */
export function lineRefundFields(
  parts: OrderRefundParts,
  order: OrderForRefund,
  line: { order_goods_id: number; refund_status: number; real_goods_money_cents: number },
): { refund_action: RefundAction[]; refund_real_money: string } {
  const state = parts.states.get(line.order_goods_id) ?? { refundedCents: 0, hasComplaint: false };
  const moneyLeft = state.refundedCents < line.real_goods_money_cents || (line.real_goods_money_cents === 0 && line.refund_status === RefundStatus.NONE);
  const canAsk = moneyLeft && orderRefundBlock(order, parts.afterSaleDays, parts.at) === "";
  return {
    refund_action: memberRefundActions({ refund_status: line.refund_status, has_complaint: state.hasComplaint }, canAsk),
    refund_real_money: yuan(state.refundedCents),
  };
}

/**
 * The order has after-sales still to decide: a line with a refund in progress (1 2 4 5 6), or a
 * complaint waiting for the platform (it may revive a refused refund). Its completion waits.
 */
export async function afterSaleInProgress(db: Db, orderId: number): Promise<boolean> {
  const open = await db
    .selectFrom("order_goods")
    .select("order_goods_id")
    .where("order_id", "=", orderId)
    .where("refund_status", "in", [...OPEN_REFUND_STATUSES])
    .executeTakeFirst();
  if (open) return true;
  const complaint = await db
    .selectFrom("order_complain")
    .select("complain_id")
    .where("order_id", "=", orderId)
    .where("complain_status", "=", ComplainStatus.WAITING)
    .executeTakeFirst();
  return complaint !== undefined;
}
