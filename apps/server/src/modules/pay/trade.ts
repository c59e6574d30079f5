import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { Code } from "@shop/contract/codes";
import { PAY_STATUS, payTypeName } from "@shop/contract/domains/pay";
import type { Db } from "../../db/unit-of-work.ts";
import { inUnitOfWork } from "../../db/unit-of-work.ts";
import { affectedRows } from "../../db/conditional.ts";
import { BizError } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import type { PayTable } from "../../db/schema-money.ts";
import { OrderStatus, transitionOrder, type Actor } from "../order/state-machine.ts";
import { creditRechargeOrder } from "../recharge/credit.ts";
import { recordEvent, subscribeInUnit } from "../../core/events.ts";

/**
 * Trades: what a payment gateway is asked to collect. One out_trade_no pays one order or several
 * (merged payment); an order points at the trade paying it now (orders.out_trade_no). Asking to pay
 * again (another method, after a price change) gives the orders a new trade and cancels the old one,
 * so at most one trade per order can be settled as paying it.
 */
/** The wire's pay_status values (0 pending, 1 paying, 2 paid, -1 cancelled). */
export const PayStatus = PAY_STATUS;

/** 22 characters: time + random, unique by its index. */
export function newOutTradeNo(): string {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(2, 14);
  return `${stamp}${crypto.randomInt(0, 10_000_000_000).toString().padStart(10, "0")}`;
}

/**
 * What a trade pays: goods orders (listed in order_ids, each pointing back at it) or one recharge
 * order (which names the trade; order_ids is ""). Settlement branches on it (ADR 0017).
 */
export const TradeKind = { ORDER: "order", RECHARGE: "recharge" } as const;
export type TradeKindName = (typeof TradeKind)[keyof typeof TradeKind];

export interface NewTrade {
  memberId: number;
  orderIds: number[];
  amountCents: number;
  body: string;
}

async function insertTrade(tx: Db, trade: { memberId: number; kind: TradeKindName; orderIds: string; amountCents: number; body: string }): Promise<string> {
  const outTradeNo = newOutTradeNo();
  await tx
    .insertInto("pay")
    .values({
      out_trade_no: outTradeNo,
      member_id: trade.memberId,
      trade_kind: trade.kind,
      pay_body: trade.body.slice(0, 255),
      pay_money_cents: trade.amountCents,
      pay_type: "",
      pay_status: PayStatus.PENDING,
      trade_no: "",
      pay_time: 0,
      order_ids: trade.orderIds,
      create_time: now(),
      close_time: 0,
      refund_status: 0,
    })
    .execute();
  return outTradeNo;
}

/** Opens a trade for the orders (all the member's, all unpaid) and points them at it. */
export async function createTrade(tx: Db, trade: NewTrade): Promise<string> {
  if (!inUnitOfWork(tx)) throw new Error("createTrade must run inside a unit of work");
  const outTradeNo = await insertTrade(tx, { ...trade, kind: TradeKind.ORDER, orderIds: `,${trade.orderIds.join(",")},` });
  for (const orderId of trade.orderIds) {
    const result = await tx
      .updateTable("orders")
      .set({ out_trade_no: outTradeNo })
      .where("order_id", "=", orderId)
      .where("member_id", "=", trade.memberId)
      .where("order_status", "=", OrderStatus.WAIT_PAY)
      .executeTakeFirst();
    if (affectedRows(result) !== 1) throw new BizError("订单已支付或已关闭，请刷新后重试", Code.ERROR);
  }
  return outTradeNo;
}

/** Opens the trade of a new recharge order (the caller stores its number on the order, in the same unit). */
export async function createRechargeTrade(tx: Db, trade: { memberId: number; amountCents: number; body: string }): Promise<string> {
  if (!inUnitOfWork(tx)) throw new Error("createRechargeTrade must run inside a unit of work");
  if (trade.amountCents <= 0) throw new Error("a recharge trade collects a positive amount");
  return insertTrade(tx, { ...trade, kind: TradeKind.RECHARGE, orderIds: "" });
}

export function tradeOrderIds(orderIds: string): number[] {
  return orderIds.split(",").filter(Boolean).map(Number);
}

export type SettleOutcome = "paid" | "already_paid" | "late";

export interface Settlement {
  payType: string;
  /** the gateway's trade number ("" for balance) */
  tradeNo: string;
  /** what the gateway says it collected; must equal the trade's amount */
  amountCents: number;
  actor: Actor;
}

/**
 * Records that a trade was paid, exactly once: the trade moves PENDING/PAYING → PAID by a
 * conditional update, then each order moves WAIT_PAY → paid by the state machine and its goods'
 * sales are counted — or, for a recharge trade, its recharge order is credited (recharge/credit.ts).
 * A duplicate notify finds the trade PAID ("already_paid", nothing written). A trade whose orders
 * (or recharge order) were closed or re-traded meanwhile is marked for refund ("late"): money came
 * in for nothing the shop will deliver, and a staff member must send it back.
 */
export async function settleTrade(tx: Db, outTradeNo: string, settlement: Settlement): Promise<SettleOutcome> {
  if (!inUnitOfWork(tx)) throw new Error("settleTrade must run inside a unit of work");
  const trade = await tx.selectFrom("pay").selectAll().where("out_trade_no", "=", outTradeNo).executeTakeFirst();
  if (!trade) throw new BizError("交易不存在", Code.ERROR);
  if (trade.pay_status === PayStatus.PAID) return "already_paid";
  if (settlement.amountCents !== trade.pay_money_cents) throw new BizError("支付金额与订单金额不符", Code.ERROR);
  const at = now();
  const moved = await tx
    .updateTable("pay")
    .set({ pay_status: PayStatus.PAID, pay_type: settlement.payType, trade_no: settlement.tradeNo, pay_time: at })
    .where("out_trade_no", "=", outTradeNo)
    .where("pay_status", "in", [PayStatus.PENDING, PayStatus.PAYING, PayStatus.CANCELLED])
    .executeTakeFirst();
  if (affectedRows(moved) !== 1) return "already_paid";

  if (trade.trade_kind === TradeKind.RECHARGE) {
    // Credited by the recharge order's own conditional move (once); a closed order is refunded.
    const credited = trade.pay_status !== PayStatus.CANCELLED && (await creditRechargeOrder(tx, outTradeNo, settlement.payType, at));
    if (credited) return "paid";
    await markForRefund(tx, outTradeNo);
    return "late";
  }

  const orderIds = tradeOrderIds(trade.order_ids);
  const orders = await tx
    .selectFrom("orders")
    .select(["order_id", "order_status", "out_trade_no"])
    .where("order_id", "in", orderIds.length ? orderIds : [0])
    .execute();
  const payable = orders.length === orderIds.length && orders.every((order) => order.order_status === OrderStatus.WAIT_PAY && order.out_trade_no === outTradeNo);
  if (trade.pay_status === PayStatus.CANCELLED || !payable) {
    await markForRefund(tx, outTradeNo);
    return "late";
  }
  for (const orderId of orderIds) {
    await transitionOrder(tx, orderId, "pay", settlement.actor, `支付方式：${payTypeName(settlement.payType)}`, { pay_status: 1, pay_type: settlement.payType });
  }
  // Sales counts subscribe to it (subscribeSalesCounts), like growth and notifications to order.paid.
  await recordEvent(tx, { name: "trade.paid", id: trade.id, data: { order_ids: orderIds.join(",") } });
  return "paid";
}

/** Money came in for nothing the shop will deliver: staff send it back (refund.ts). */
async function markForRefund(tx: Db, outTradeNo: string): Promise<void> {
  await tx.updateTable("pay").set({ refund_status: 1 }).where("out_trade_no", "=", outTradeNo).execute();
}

/**
 * Adds the orders' quantities to the sales counts: all SKUs in ascending sku_id, then all goods in
 * ascending goods_id, one update per row. Stock taking (checkout) and giving back (closeOrder) lock
 * SKUs in that order too; in cart order, two payments of the same SKUs listed the other way round
 * (or a payment and a checkout) deadlocked on PostgreSQL.
 */
export function subscribeSalesCounts(): void {
  subscribeInUnit("pay.sales-counts", ["trade.paid"], (tx, event) => countSales(tx, String(event.data?.order_ids ?? "").split(",").map(Number).filter((id) => id > 0)));
}

async function countSales(tx: Db, orderIds: number[]): Promise<void> {
  if (!orderIds.length) return;
  const lines = await tx.selectFrom("order_goods").select(["sku_id", "goods_id", "num"]).where("order_id", "in", orderIds).execute();
  const sumBy = (key: "sku_id" | "goods_id") => {
    const sums = new Map<number, number>();
    for (const line of lines) sums.set(line[key], (sums.get(line[key]) ?? 0) + line.num);
    return [...sums].sort(([a], [b]) => a - b);
  };
  for (const [skuId, num] of sumBy("sku_id")) {
    await tx.updateTable("goods_sku").set((eb) => ({ sale_num: eb("sale_num", "+", num) })).where("sku_id", "=", skuId).execute();
  }
  for (const [goodsId, num] of sumBy("goods_id")) {
    await tx.updateTable("goods").set((eb) => ({ sale_num: eb("sale_num", "+", num) })).where("goods_id", "=", goodsId).execute();
  }
}

/** Cancels the open trades of an order (it closed, or is being paid by a new trade). A later notify for them is "late". */
export async function cancelOpenTrades(tx: Db, orderId: number): Promise<void> {
  await tx
    .updateTable("pay")
    .set({ pay_status: PayStatus.CANCELLED, close_time: now() })
    .where("trade_kind", "=", TradeKind.ORDER)
    .where("order_ids", "like", `%,${orderId},%`)
    .where("pay_status", "in", [PayStatus.PENDING, PayStatus.PAYING])
    .execute();
}

// ---- the member's side: which trade pays which orders ------------------------------------------

export type TradeRow = Selectable<PayTable>;

/** A trade of this member; another member's (or no) trade number is "not found", never a hint that it exists. */
export async function findMemberTrade(db: Db, memberId: number, outTradeNo: string): Promise<TradeRow> {
  const trade = await db.selectFrom("pay").selectAll().where("out_trade_no", "=", outTradeNo).where("member_id", "=", memberId).executeTakeFirst();
  if (!trade) throw new BizError("交易不存在", Code.ERROR);
  return trade;
}

/** The unpaid orders a trade may cover: all the member's, waiting for payment, not past their close time. */
export async function loadPayableOrders(tx: Db, memberId: number, orderIds: number[]) {
  const orders = await tx
    .selectFrom("orders")
    .select(["order_id", "order_no", "order_name", "order_status", "order_type", "pay_money_cents", "out_trade_no", "auto_close_time"])
    .where("order_id", "in", orderIds.length ? orderIds : [0])
    .where("member_id", "=", memberId)
    .where("is_delete", "=", 0)
    .orderBy("order_id")
    .execute();
  if (orders.length !== orderIds.length) throw new BizError("订单不存在", Code.ERROR);
  const at = now();
  for (const order of orders) {
    if (order.order_status === OrderStatus.CLOSED) throw new BizError(`订单 ${order.order_no} 已关闭，无法支付`, Code.ERROR);
    if (order.order_status !== OrderStatus.WAIT_PAY) throw new BizError(`订单 ${order.order_no} 已支付`, Code.ERROR);
    if (order.auto_close_time > 0 && order.auto_close_time <= at) throw new BizError(`订单 ${order.order_no} 已超过支付时限`, Code.ERROR);
  }
  return orders;
}

export type PayableOrder = Awaited<ReturnType<typeof loadPayableOrders>>[number];

export const sumPayMoney = (orders: PayableOrder[]): number => orders.reduce((sum, order) => sum + order.pay_money_cents, 0);

/** The trade subject gateways show: the first order's name, and how many more. */
export function tradeBody(orders: PayableOrder[]): string {
  const first = orders[0]?.order_name ?? "订单支付";
  return orders.length > 1 ? `${first} 等${orders.length}个订单` : first;
}

/**
 * The trade that pays exactly these orders: their current one when it is still open and covers
 * exactly them for their amount (asking twice changes nothing), else a new one — after cancelling
 * every open trade of the orders, so a payment still arriving for an old one is "late" and refunded.
 */
export async function tradeForOrders(tx: Db, memberId: number, orderIds: number[], options: { reuseOpen: boolean }): Promise<string> {
  if (!inUnitOfWork(tx)) throw new Error("tradeForOrders must run inside a unit of work");
  const orders = await loadPayableOrders(tx, memberId, orderIds);
  const amount = sumPayMoney(orders);
  const current = orders[0]!.out_trade_no;
  if (options.reuseOpen && current && orders.every((order) => order.out_trade_no === current)) {
    const trade = await tx.selectFrom("pay").selectAll().where("out_trade_no", "=", current).executeTakeFirst();
    const sameOrders = trade && tradeOrderIds(trade.order_ids).sort((a, b) => a - b).join() === orders.map((order) => order.order_id).join();
    const open = trade && (trade.pay_status === PayStatus.PENDING || trade.pay_status === PayStatus.PAYING);
    if (trade && open && sameOrders && trade.pay_money_cents === amount) return current;
  }
  for (const order of orders) await cancelOpenTrades(tx, order.order_id);
  return createTrade(tx, { memberId, orderIds: orders.map((order) => order.order_id), amountCents: amount, body: tradeBody(orders) });
}
