import type { ExpressCompany, Page, StaffOrderDetail, StaffOrderListItem } from "@shop/contract";
import type { ExpressionBuilder } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { containsText } from "../store/text-match.ts";
import { ORDER_SUMMARY_COLUMNS, loadListParts, toOrderListItem } from "./order-view.ts";
import { buildOrderDetail } from "./order-detail.ts";
import type { LogisticsProvider } from "./logistics.ts";

/** Staff read every order (deleted-by-member ones too): search, detail, and the express companies to ship with. */

export interface StaffListQuery extends PageRequest {
  order_status: number | "all" | "";
  order_type: number;
  order_no: string;
  member: string;
  start_time: number;
  end_time: number;
}

const MEMBER_COLUMNS = ["member.username as member_username", "member.nickname as member_nickname", "member.mobile as member_mobile"] as const;

/** Digits: the member id, or an exact username / mobile. Other text: exact username or mobile, or part of the nickname. */
function memberCondition(member: string) {
  return (eb: ExpressionBuilder<DB, "orders" | "member">) => {
    const exact = [eb("member.username", "=", member), eb("member.mobile", "=", member)];
    if (/^\d{1,9}$/.test(member)) return eb.or([eb("orders.member_id", "=", Number(member)), ...exact]);
    return eb.or([...exact, containsText("member.nickname", member)]);
  };
}

export async function listStaffOrders(db: Db, query: StaffListQuery): Promise<Page<StaffOrderListItem>> {
  let orders = db
    .selectFrom("orders")
    .leftJoin("member", "member.member_id", "orders.member_id")
    .select([...ORDER_SUMMARY_COLUMNS.map((column) => `orders.${column}` as const), "orders.name", "orders.mobile", "orders.pay_type", ...MEMBER_COLUMNS]);
  if (typeof query.order_status === "number") orders = orders.where("orders.order_status", "=", query.order_status);
  if (query.order_type > 0) orders = orders.where("orders.order_type", "=", query.order_type);
  if (query.order_no) orders = orders.where(containsText("orders.order_no", query.order_no));
  if (query.start_time > 0) orders = orders.where("orders.create_time", ">=", query.start_time);
  if (query.end_time > 0) orders = orders.where("orders.create_time", "<=", query.end_time);
  if (query.member) orders = orders.where(memberCondition(query.member));
  const page = await paginate(db, orders.orderBy("orders.create_time", "desc").orderBy("orders.order_id", "desc"), query);
  const parts = await loadListParts(db, page.list);
  return {
    ...page,
    list: page.list.map((order) => ({
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

export async function staffOrderDetail(db: Db, logistics: LogisticsProvider, orderId: number): Promise<StaffOrderDetail> {
  const owner = await db
    .selectFrom("orders")
    .leftJoin("member", "member.member_id", "orders.member_id")
    .select(["orders.member_id", ...MEMBER_COLUMNS])
    .where("orders.order_id", "=", orderId)
    .executeTakeFirst();
  if (!owner) return fail("订单不存在");
  const detail = await buildOrderDetail(db, logistics, orderId, "staff");
  return {
    ...detail,
    member_id: owner.member_id,
    member_username: owner.member_username || owner.member_mobile || "",
    member_nickname: owner.member_nickname ?? "",
  };
}

export async function listExpressCompanies(db: Db): Promise<ExpressCompany[]> {
  return db.selectFrom("express_company").select(["company_id", "company_name", "code"]).orderBy("sort").orderBy("company_id").execute();
}
