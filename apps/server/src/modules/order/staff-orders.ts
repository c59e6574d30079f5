import type { ExpressCompany, OrderStatusCounts, Page, StaffOrderDetail, StaffOrderListItem, STAFF_ORDER_SORTS } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { effectivePageSize, type PageRequest } from "../../core/paging.ts";
import { staffOrderCondition, type OrderFilterFields } from "./staff-order-filter.ts";
import { ORDER_SUMMARY_COLUMNS, loadListParts, toOrderListItem } from "./order-view.ts";
import { buildOrderDetail } from "./order-detail.ts";
import type { LogisticsProvider } from "./logistics.ts";

/** Staff read every order (deleted-by-member ones too): search, detail, and the express companies to ship with. */

export interface StaffListQuery extends PageRequest, OrderFilterFields {
  order: (typeof STAFF_ORDER_SORTS)[number];
  sort: "asc" | "desc";
}

const MEMBER_COLUMNS = ["member.username as member_username", "member.nickname as member_nickname", "member.mobile as member_mobile"] as const;
const SORT_COLUMNS = { create_time: "orders.create_time", pay_time: "orders.pay_time", order_money: "orders.order_money_cents" } as const;

/**
 * One page of the orders the filters select. The count reads `orders` alone; the page joins the
 * buyer for its names. Ties are broken by order id, so pages never overlap.
 */
export async function listStaffOrders(db: Db, query: StaffListQuery): Promise<Page<StaffOrderListItem>> {
  const condition = staffOrderCondition(db, query);
  const counted = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number | string>().as("count")).where(condition).executeTakeFirst();
  const count = Number(counted?.count ?? 0);
  const size = effectivePageSize(query.page_size);
  if (count === 0) return { count: 0, page_count: 0, list: [] };
  const rows = await db
    .selectFrom("orders")
    .leftJoin("member", "member.member_id", "orders.member_id")
    .select([...ORDER_SUMMARY_COLUMNS.map((column) => `orders.${column}` as const), "orders.name", "orders.mobile", "orders.pay_type", ...MEMBER_COLUMNS])
    .where(condition)
    .orderBy(SORT_COLUMNS[query.order], query.sort)
    .orderBy("orders.order_id", query.sort)
    .limit(size)
    .offset((Math.max(1, query.page) - 1) * size)
    .execute();
  const parts = await loadListParts(db, rows);
  return {
    count,
    page_count: Math.ceil(count / size),
    list: rows.map((order) => ({
      ...toOrderListItem(order, parts),
      member_id: order.member_id,
      member_username: order.member_username || order.member_mobile || "",
      member_nickname: order.member_nickname ?? "",
      name: order.name,
      mobile: order.mobile,
      pay_type: order.pay_type,
    })),
  };
}

/** The status tabs' counts under the other filters: one grouped count. */
export async function countStaffOrdersByStatus(db: Db, filter: OrderFilterFields): Promise<OrderStatusCounts> {
  const rows = await db
    .selectFrom("orders")
    .select((eb) => ["orders.order_status", eb.fn.countAll<number | string>().as("count")])
    .where(staffOrderCondition(db, filter, { withStatus: false }))
    .groupBy("orders.order_status")
    .execute();
  const counts: OrderStatusCounts = { all: 0 };
  for (const row of rows) {
    counts[String(row.order_status)] = Number(row.count);
    counts.all! += Number(row.count);
  }
  return counts;
}

export async function staffOrderDetail(db: Db, logistics: LogisticsProvider, orderId: number): Promise<StaffOrderDetail> {
  const owner = await db
    .selectFrom("orders")
    .leftJoin("member", "member.member_id", "orders.member_id")
    .leftJoin("order_remark", "order_remark.order_id", "orders.order_id")
    .select(["orders.member_id", "order_remark.remark", ...MEMBER_COLUMNS])
    .where("orders.order_id", "=", orderId)
    .executeTakeFirst();
  if (!owner) return fail("订单不存在");
  const detail = await buildOrderDetail(db, logistics, orderId, "staff");
  return {
    ...detail,
    remark: owner.remark ?? "",
    member_id: owner.member_id,
    member_username: owner.member_username || owner.member_mobile || "",
    member_nickname: owner.member_nickname ?? "",
  };
}

export async function listExpressCompanies(db: Db): Promise<ExpressCompany[]> {
  return db.selectFrom("express_company").select(["company_id", "company_name", "code"]).orderBy("sort").orderBy("company_id").execute();
}
