import { PROMOTION_TYPE_NAMES, type OrderAction, type OrderGoods, type OrderListItem, type OrderPromotionType } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { PayStatus } from "../pay/trade.ts";
import { ORDER_TYPE_NAMES, OrderStatus, OrderType, canTransition, orderStatusName } from "./state-machine.ts";
import { evaluationOffers, type EvaluationOffer } from "../evaluate/offers.ts";
import { refundStatusName } from "../refund/rules.ts";
import { lineRefundFields, loadOrderRefundParts, type OrderRefundParts } from "../refund/line-state.ts";

/**
 * How an order row is shown on the wire: names of its type, status and delivery, money as yuan
 * strings, its goods, and the actions the member may take in its status (from the state machine).
 */

/** The columns of `orders` every order view reads. */
export const ORDER_SUMMARY_COLUMNS = [
  "order_id", "order_no", "out_trade_no", "member_id", "order_name", "order_type", "order_status", "delivery_type",
  "goods_money_cents", "delivery_money_cents", "order_money_cents", "pay_money_cents", "goods_num", "create_time",
  "pay_time", "auto_close_time", "is_evaluate", "is_delete", "sign_time", "promotion_type", "promotion_id",
] as const;

export interface OrderSummaryRow {
  order_id: number;
  order_no: string;
  out_trade_no: string;
  member_id: number;
  order_name: string;
  order_type: number;
  order_status: number;
  delivery_type: string;
  goods_money_cents: number;
  delivery_money_cents: number;
  order_money_cents: number;
  pay_money_cents: number;
  goods_num: number;
  create_time: number;
  pay_time: number;
  auto_close_time: number;
  is_evaluate: number;
  /** when the goods were received / picked up / the code used (refunds are taken for after_sale_days after it) */
  sign_time: number;
  /** "" | seckill | groupbuy | bundling (migration 0028) */
  promotion_type: string;
  promotion_id: number;
}

const DELIVERY_TYPE_NAMES: Record<string, string> = {
  express: "物流配送", store: "门店自提", local: "同城配送", virtual: "无需配送",
};

export const deliveryTypeName = (deliveryType: string): string => DELIVERY_TYPE_NAMES[deliveryType] ?? "物流配送";

/** Orders whose goods travel (express, local delivery) have packages and a trace to show. */
export const hasLogistics = (orderType: number): boolean => orderType === OrderType.EXPRESS || orderType === OrderType.LOCAL;

/**
 * Reference "Member actions per status": 0 → orderClose, orderPay; 3 → memberTakeDelivery, trace;
 * 4/10 → trace (+ memberOrderEvaluation); -1 → orderDelete. Status moves are asked of the state machine.
 */
export function memberActions(order: Pick<OrderSummaryRow, "order_status" | "order_type">, evaluation?: EvaluationOffer): OrderAction[] {
  const { order_status: status, order_type: type } = order;
  const actions: OrderAction[] = [];
  if (canTransition("close", type, status)) actions.push({ action: "orderClose", title: "取消订单", color: "" });
  if (canTransition("pay", type, status)) actions.push({ action: "orderPay", title: "去支付", color: "primary" });
  if (canTransition("take_delivery", type, status)) actions.push({ action: "memberTakeDelivery", title: "确认收货", color: "primary" });
  const shipped = status === OrderStatus.SHIPPED || status === OrderStatus.RECEIVED || status === OrderStatus.COMPLETE;
  if (hasLogistics(type) && shipped) actions.push({ action: "trace", title: "查看物流", color: "" });
  // 评价 once received, then 追评 while allowed (modules/evaluate/offers.ts)
  if (evaluation) actions.push({ action: "memberOrderEvaluation", title: evaluation === "again" ? "追评" : "评价", color: "" });
  if (status === OrderStatus.CLOSED) actions.push({ action: "orderDelete", title: "删除订单", color: "" });
  return actions;
}

export interface OrderGoodsRow {
  order_goods_id: number;
  order_id: number;
  goods_id: number;
  sku_id: number;
  sku_name: string;
  sku_image: string;
  goods_name: string;
  spec_name: string;
  price_cents: number;
  num: number;
  goods_money_cents: number;
  real_goods_money_cents: number;
  refund_status: number;
  delivery_status: number;
}

/** The order a line belongs to and the page's refund parts: what the member may do with the line's refund. */
export interface LineRefundContext {
  order: Pick<OrderSummaryRow, "order_status" | "order_type" | "sign_time">;
  refunds: OrderRefundParts;
}

/** The goods of a line as every view shows them (the order's lines, the refund pages' line). */
export function lineGoodsFields(row: Pick<OrderGoodsRow, "goods_id" | "sku_id" | "sku_name" | "sku_image" | "goods_name" | "spec_name" | "price_cents" | "num">) {
  return {
    goods_id: row.goods_id,
    sku_id: row.sku_id,
    sku_name: row.sku_name,
    sku_image: row.sku_image,
    goods_name: row.goods_name,
    spec_name: row.spec_name,
    price: yuan(row.price_cents),
    num: row.num,
  };
}

export function toOrderGoods(row: OrderGoodsRow, refund?: LineRefundContext): OrderGoods {
  return {
    order_goods_id: row.order_goods_id,
    ...lineGoodsFields(row),
    goods_money: yuan(row.goods_money_cents),
    refund_status: row.refund_status,
    refund_status_name: refundStatusName(row.refund_status),
    ...(refund ? lineRefundFields(refund.refunds, refund.order, row) : { refund_action: [], refund_real_money: "0.00" }),
    delivery_status: row.delivery_status,
    delivery_status_name: row.delivery_status === 1 ? "已发货" : "未发货",
  };
}

/** The goods of several orders in one query, by order id. */
export async function loadOrderGoods(db: Db, orderIds: number[]): Promise<Map<number, OrderGoodsRow[]>> {
  const byOrder = new Map<number, OrderGoodsRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom("order_goods")
    .select([
      "order_goods_id", "order_id", "goods_id", "sku_id", "sku_name", "sku_image", "goods_name", "spec_name", "price_cents", "num",
      "goods_money_cents", "real_goods_money_cents", "refund_status", "delivery_status",
    ])
    .where("order_id", "in", orderIds)
    .orderBy("order_goods_id")
    .execute();
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push(row);
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

/** What a page of orders shows beside the order rows: their goods, and which of their trades can still be paid. */
export interface OrderListParts {
  goods: Map<number, OrderGoodsRow[]>;
  openTrades: Set<string>;
  refunds: OrderRefundParts;
  /** 评价 / 追评 offered, by order */
  evaluation: Map<number, EvaluationOffer>;
}

export async function loadListParts(db: Db, orders: OrderSummaryRow[]): Promise<OrderListParts> {
  const unpaidTrades = orders.filter((order) => order.order_status === OrderStatus.WAIT_PAY && order.out_trade_no).map((order) => order.out_trade_no);
  const open = unpaidTrades.length
    ? await db.selectFrom("pay").select("out_trade_no").where("out_trade_no", "in", unpaidTrades).where("pay_status", "in", [PayStatus.PENDING, PayStatus.PAYING]).execute()
    : [];
  const goods = await loadOrderGoods(db, orders.map((order) => order.order_id));
  const refunds = await loadOrderRefundParts(db, [...goods.values()].flat());
  return { goods, openTrades: new Set(open.map((trade) => trade.out_trade_no)), refunds, evaluation: await evaluationOffers(db, orders) };
}

/** The promotion an order was bought at, as every order view shows it. */
export function orderPromotionFields(order: Pick<OrderSummaryRow, "promotion_type" | "promotion_id">): Pick<OrderListItem, "promotion_type" | "promotion_type_name" | "promotion_id"> {
  const type = (order.promotion_type in PROMOTION_TYPE_NAMES ? order.promotion_type : "") as OrderPromotionType;
  return { promotion_type: type, promotion_type_name: PROMOTION_TYPE_NAMES[type], promotion_id: type ? order.promotion_id : 0 };
}

/**
 * One order on the wire. `out_trade_no` is given only while it can pay the order (unpaid, trade
 * open): otherwise the shopper asks /api/order/pay for a new trade.
 */
export function toOrderListItem(order: OrderSummaryRow, parts: OrderListParts): OrderListItem {
  const goods = parts.goods.get(order.order_id) ?? [];
  return {
    order_id: order.order_id,
    order_no: order.order_no,
    out_trade_no: parts.openTrades.has(order.out_trade_no) ? order.out_trade_no : "",
    order_name: order.order_name,
    order_type: order.order_type,
    order_type_name: ORDER_TYPE_NAMES[order.order_type] ?? "普通订单",
    order_status: order.order_status,
    order_status_name: orderStatusName(order.order_status, order.order_type),
    delivery_type: order.delivery_type,
    delivery_type_name: deliveryTypeName(order.delivery_type),
    goods_money: yuan(order.goods_money_cents),
    delivery_money: yuan(order.delivery_money_cents),
    order_money: yuan(order.order_money_cents),
    pay_money: yuan(order.pay_money_cents),
    goods_num: order.goods_num,
    create_time: order.create_time,
    pay_time: order.pay_time,
    auto_close_time: order.order_status === OrderStatus.WAIT_PAY ? order.auto_close_time : 0,
    is_evaluate: order.is_evaluate,
    ...orderPromotionFields(order),
    order_goods: goods.map((row) => toOrderGoods(row, { order, refunds: parts.refunds })),
    action: memberActions(order, parts.evaluation.get(order.order_id)),
  };
}
