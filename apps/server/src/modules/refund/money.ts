import { OPEN_REFUND_STATUSES } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { OrderStatus } from "../order/state-machine.ts";
import { BALANCE_METHOD } from "../pay/balance.ts";
import { FINISHED_STATUSES } from "./line-state.ts";

/**
 * How much of an order may still go back, and where it goes (ADR 0012).
 * - A line may get back at most what was paid for it (real_goods_money: its goods money after the
 *   order's discounts and points), an order at most what was paid (order_money = balance + trade).
 * - The order's extras — shipping, invoice fee, a price adjustment — go back only with the refund
 *   that leaves every line refunded before anything shipped ("the last line of an unshipped order").
 * - Money goes back the way it came, in proportion: after each refund the gateway has returned
 *   floor(sent × gateway paid ÷ paid), the balance the rest. So the whole order refunded returns
 *   exactly each part, and no part ever returns more than it paid.
 * Read inside the unit of work that holds the order's row lock (order/order-lock.ts lockOrder).
 */
export interface LineMoney {
  order_goods_id: number;
  sku_id: number;
  goods_id: number;
  num: number;
  real_goods_money_cents: number;
  delivery_status: number;
  refund_status: number;
  /** goods money of finished refunds (3, -3) */
  refundedCents: number;
  /** goods money asked by a refund in progress */
  openCents: number;
}

export interface OrderMoney {
  order_id: number;
  member_id: number;
  order_status: number;
  order_type: number;
  out_trade_no: string;
  pay_type: string;
  point: number;
  paidCents: number;
  balancePaidCents: number;
  gatewayPaidCents: number;
  /** money already sent back, in all and per part */
  sentCents: number;
  sentBalanceCents: number;
  sentGatewayCents: number;
  /** goods money of every refund in progress */
  openCents: number;
  lines: LineMoney[];
}

/** The order's trade (pay_money) was paid by the balance method, or there was none: all its money is balance. Else a gateway took it. */
export const tradeByBalance = (payType: string): boolean => payType === BALANCE_METHOD.name || payType === "";

export async function loadOrderMoney(db: Db, orderId: number): Promise<OrderMoney> {
  const order = await db
    .selectFrom("orders")
    .select(["order_id", "member_id", "order_status", "order_type", "out_trade_no", "pay_type", "point", "order_money_cents", "balance_money_cents", "pay_money_cents"])
    .where("order_id", "=", orderId)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom("order_goods")
    .select(["order_goods_id", "sku_id", "goods_id", "num", "real_goods_money_cents", "delivery_status", "refund_status"])
    .where("order_id", "=", orderId)
    .orderBy("order_goods_id")
    .execute();
  const refunds = await db
    .selectFrom("order_refund")
    .select(["order_goods_id", "refund_status", "refund_apply_money_cents", "refund_real_money_cents", "refund_balance_money_cents", "refund_pay_money_cents"])
    .where("order_id", "=", orderId)
    .execute();
  const finished = refunds.filter((refund) => FINISHED_STATUSES.includes(refund.refund_status));
  const open = refunds.filter((refund) => OPEN_REFUND_STATUSES.includes(refund.refund_status));
  const sum = (rows: typeof refunds, pick: (row: (typeof refunds)[number]) => number) => rows.reduce((total, row) => total + Number(pick(row)), 0);
  const paid = Number(order.order_money_cents);
  const gatewayPaid = tradeByBalance(order.pay_type) ? 0 : Number(order.pay_money_cents);
  return {
    order_id: order.order_id,
    member_id: order.member_id,
    order_status: order.order_status,
    order_type: order.order_type,
    out_trade_no: order.out_trade_no,
    pay_type: order.pay_type,
    point: order.point,
    paidCents: paid,
    balancePaidCents: paid - gatewayPaid,
    gatewayPaidCents: gatewayPaid,
    sentCents: sum(finished, (row) => row.refund_real_money_cents),
    sentBalanceCents: sum(finished, (row) => row.refund_balance_money_cents),
    sentGatewayCents: sum(finished, (row) => row.refund_pay_money_cents),
    openCents: sum(open, (row) => row.refund_apply_money_cents),
    lines: lines.map((line) => ({
      ...line,
      real_goods_money_cents: Number(line.real_goods_money_cents),
      refundedCents: sum(finished.filter((row) => row.order_goods_id === line.order_goods_id), (row) => row.refund_apply_money_cents),
      openCents: sum(open.filter((row) => row.order_goods_id === line.order_goods_id), (row) => row.refund_apply_money_cents),
    })),
  };
}

/** Order statuses before the goods leave the shop (not shipped, picked up nor used). */
const BEFORE_HANDOVER: readonly number[] = [OrderStatus.WAIT_SEND, OrderStatus.WAIT_PICKUP, OrderStatus.WAIT_USE];

/**
 * The line's goods never left the shop: the order is still waiting to ship / be picked up / be used
 * and the line was not sent (a pickup or virtual line is marked delivered when its code is used).
 */
export const lineNeverLeft = (money: OrderMoney, line: LineMoney): boolean => BEFORE_HANDOVER.includes(money.order_status) && line.delivery_status === 0;

/** Nothing of the order has left the shop yet: extras (shipping) go back with its last line. */
export const orderUnshipped = (money: OrderMoney): boolean => money.lines.every((line) => lineNeverLeft(money, line));

export function lineOf(money: OrderMoney, orderGoodsId: number): LineMoney {
  const line = money.lines.find((candidate) => candidate.order_goods_id === orderGoodsId);
  if (!line) throw new Error(`line ${orderGoodsId} is not in order ${money.order_id}`);
  return line;
}

/** The order's money not yet sent back nor asked by a refund in progress. */
export const orderMoneyLeft = (money: OrderMoney): number => Math.max(0, money.paidCents - money.sentCents - money.openCents);

/** Goods money a new refund of the line may ask: what is left of the line, within what is left of the order. */
export function lineGoodsLeft(money: OrderMoney, line: LineMoney): number {
  return Math.max(0, Math.min(line.real_goods_money_cents - line.refundedCents - line.openCents, orderMoneyLeft(money)));
}

/**
 * The extras a refund of all of `line`'s goods money would add: when every other line is refunded
 * or asked in full and nothing shipped, the rest of the order's money. 0 otherwise.
 */
export function extrasWithLine(money: OrderMoney, line: LineMoney): number {
  if (!orderUnshipped(money)) return 0;
  const othersDone = money.lines.every(
    (other) => other.order_goods_id === line.order_goods_id || other.refundedCents + other.openCents >= other.real_goods_money_cents,
  );
  if (!othersDone) return 0;
  return Math.max(0, orderMoneyLeft(money) - lineGoodsLeft(money, line));
}

/** The refund `amountCents` split between the balance and the gateway (cumulative proportion, see above). */
export function splitRefund(money: OrderMoney, amountCents: number): { balanceCents: number; gatewayCents: number } {
  if (amountCents <= 0 || money.paidCents <= 0) return { balanceCents: 0, gatewayCents: 0 };
  const sentAfter = money.sentCents + amountCents;
  const gatewayAfter = Math.floor((sentAfter * money.gatewayPaidCents) / money.paidCents);
  const gatewayCents = Math.min(amountCents, Math.max(0, gatewayAfter - money.sentGatewayCents), money.gatewayPaidCents - money.sentGatewayCents);
  return { balanceCents: amountCents - gatewayCents, gatewayCents };
}

