import type { ExpressionBuilder } from "kysely";
import type { OrderCounts, OrderDetail, OrderListFilter, OrderListPage } from "@shop/contract";
import { OPEN_REFUND_STATUSES } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { getConfig } from "../../core/config-store.ts";
import { BUYING_CONFIG_DEFAULTS } from "../../core/buying-config.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { containsText } from "../store/text-match.ts";
import { OrderStatus } from "./state-machine.ts";
import { EVALUABLE_STATUSES } from "../evaluate/evaluate-rules.ts";
import { ORDER_SUMMARY_COLUMNS, loadListParts, toOrderListItem, type OrderSummaryRow } from "./order-view.ts";
import { buildOrderDetail } from "./order-detail.ts";
import type { LogisticsProvider } from "./logistics.ts";

/**
 * The member's own orders: every read is scoped to the member, and an order the member deleted
 * is gone for them. Another member's order id answers 订单不存在, like an id that never existed.
 */

type OrdersExpression = ExpressionBuilder<DB, "orders">;

/** The statuses of each list tab (and of the counts in /api/order/num). */
function statusCondition(filter: Exclude<OrderListFilter, "all">) {
  return (eb: OrdersExpression) => {
    switch (filter) {
      case "waitpay":
        return eb("orders.order_status", "=", OrderStatus.WAIT_PAY);
      case "waitsend":
        return eb("orders.order_status", "=", OrderStatus.WAIT_SEND);
      case "waitconfirm":
        return eb("orders.order_status", "in", [OrderStatus.WAIT_PICKUP, OrderStatus.SHIPPED]);
      case "wait_use":
        return eb("orders.order_status", "=", OrderStatus.WAIT_USE);
      case "waitrate":
        // Received (picked up), completed, and used virtual orders, not evaluated yet (modules/evaluate).
        return eb.and([eb("orders.order_status", "in", [...EVALUABLE_STATUSES]), eb("orders.is_evaluate", "=", 0)]);
    }
  };
}

/** Order number (exact) or the name of one of its goods (contains). */
function searchCondition(text: string) {
  return (eb: OrdersExpression) =>
    eb.or([
      eb("orders.order_no", "=", text),
      eb.exists(
        eb
          .selectFrom("order_goods")
          .select("order_goods.order_goods_id")
          .whereRef("order_goods.order_id", "=", "orders.order_id")
          .where((inner) => inner.or([containsText("order_goods.sku_name", text), containsText("order_goods.goods_name", text)])),
      ),
    ]);
}

const memberOrders = (db: Db, memberId: number) =>
  db.selectFrom("orders").where("orders.member_id", "=", memberId).where("orders.is_delete", "=", 0);

export interface ListQuery extends PageRequest {
  order_status: OrderListFilter;
  searchText: string;
}

export async function listMemberOrders(db: Db, memberId: number, query: ListQuery): Promise<OrderListPage> {
  let orders = memberOrders(db, memberId).select(ORDER_SUMMARY_COLUMNS.map((column) => `orders.${column}` as const));
  if (query.order_status !== "all") orders = orders.where(statusCondition(query.order_status));
  if (query.searchText) orders = orders.where(searchCondition(query.searchText));
  const page = await paginate(db, orders.orderBy("orders.create_time", "desc").orderBy("orders.order_id", "desc"), query);
  const parts = await loadListParts(db, page.list);
  const { auto_close_minutes } = await getConfig(db, "order_config", BUYING_CONFIG_DEFAULTS.order_config);
  return {
    ...page,
    list: page.list.map((order) => toOrderListItem(order, parts)),
    auto_close: auto_close_minutes,
  };
}

/** The member's order, or 订单不存在 (also for another member's order and a deleted one). */
export async function findMemberOrder(db: Db, memberId: number, orderId: number): Promise<OrderSummaryRow> {
  const order = await memberOrders(db, memberId)
    .select(ORDER_SUMMARY_COLUMNS.map((column) => `orders.${column}` as const))
    .where("orders.order_id", "=", orderId)
    .executeTakeFirst();
  return order ?? fail("订单不存在");
}

export async function memberOrderDetail(db: Db, logistics: LogisticsProvider, memberId: number, orderId: number): Promise<OrderDetail> {
  await findMemberOrder(db, memberId, orderId);
  return buildOrderDetail(db, logistics, orderId, "member");
}

export async function countMemberOrders(db: Db, memberId: number): Promise<OrderCounts> {
  const filters = ["waitpay", "waitsend", "waitconfirm", "wait_use", "waitrate"] as const;
  const counts = await Promise.all(
    filters.map((filter) =>
      memberOrders(db, memberId)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where(statusCondition(filter))
        .executeTakeFirst()
        .then((row) => Number(row?.count ?? 0)),
    ),
  );
  // 退款/售后: the member's lines with a refund in progress.
  const refunding = await db
    .selectFrom("order_goods")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("member_id", "=", memberId)
    .where("refund_status", "in", [...OPEN_REFUND_STATUSES])
    .executeTakeFirst();
  return {
    ...(Object.fromEntries(filters.map((filter, index) => [filter, counts[index]!])) as Omit<OrderCounts, "refunding">),
    refunding: Number(refunding?.count ?? 0),
  };
}
