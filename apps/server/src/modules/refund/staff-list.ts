import { RefundStatus, type StaffRefundListItem } from "@shop/contract";
import type { Page } from "@shop/contract/codes";
import type { ExpressionBuilder } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { containsText } from "../store/text-match.ts";
import { linesWithLatestRefund } from "./member.ts";
import { staffRefundActions } from "./staff.ts";
import { LINE_COLUMNS, loadRefundListParts, toRefundListItem } from "./views.ts";

/** The statuses that wait for the shop (the console's 待处理, the dashboard's link): answer, receive the goods, send the money. */
export const SHOP_TODO_STATUSES = [RefundStatus.APPLY, RefundStatus.WAIT_TAKEDELIVERY, RefundStatus.CONFIRM, RefundStatus.TAKEDELIVERY];

/** The columns the staff list sorts by (the call's `order`); "" keeps the newest activity first. */
const SORT_COLUMNS = { refund_action_time: "order_refund.create_time", refund_apply_money: "order_refund.refund_apply_money_cents" } as const;
export type StaffRefundSort = keyof typeof SORT_COLUMNS | "";

export interface StaffRefundQuery extends PageRequest {
  refund_status: number | "all" | "";
  refund_type: number;
  order_no: string;
  member: string;
  /** part of the goods (SKU) name */
  sku_name: string;
  /** 1: only what waits for the shop (SHOP_TODO_STATUSES) */
  todo: number;
  start_time: number;
  end_time: number;
  order: StaffRefundSort;
  sort: "asc" | "desc";
}

function memberCondition(member: string) {
  return (eb: ExpressionBuilder<DB, "order_goods" | "member">) => {
    const exact = [eb("member.username", "=", member), eb("member.mobile", "=", member)];
    if (/^\d{1,9}$/.test(member)) return eb.or([eb("order_goods.member_id", "=", Number(member)), ...exact]);
    return eb.or([...exact, containsText("member.nickname", member)]);
  };
}

/** /shopapi/orderrefund/lists: every line with a refund (its latest refund), filtered, sorted and paged. */
export async function listStaffRefunds(db: Db, query: StaffRefundQuery): Promise<Page<StaffRefundListItem>> {
  let lines = linesWithLatestRefund(db)
    .leftJoin("member", "member.member_id", "order_goods.member_id")
    .where("order_goods.refund_status", "!=", RefundStatus.NONE);
  if (typeof query.refund_status === "number") lines = lines.where("order_goods.refund_status", "=", query.refund_status);
  if (query.todo === 1) lines = lines.where("order_goods.refund_status", "in", SHOP_TODO_STATUSES);
  if (query.refund_type) lines = lines.where("order_refund.refund_type", "=", query.refund_type);
  if (query.order_no) lines = lines.where("orders.order_no", "like", `${query.order_no.replace(/[%_\\]/g, "")}%`);
  if (query.member) lines = lines.where(memberCondition(query.member));
  if (query.sku_name) lines = lines.where(containsText("order_goods.sku_name", query.sku_name));
  if (query.start_time) lines = lines.where("order_refund.create_time", ">=", query.start_time);
  if (query.end_time) lines = lines.where("order_refund.create_time", "<=", query.end_time);
  const sorted = query.order
    ? lines.orderBy(SORT_COLUMNS[query.order], query.sort)
    : lines.orderBy("order_refund.update_time", "desc");
  const page = await paginate(
    db,
    sorted
      .select([...LINE_COLUMNS, "order_refund.refund_id as latest_refund_id", "member.username as member_username", "member.nickname as member_nickname", "member.mobile as member_mobile"])
      .orderBy("order_refund.refund_id", "desc"),
    query,
  );
  const parts = await loadRefundListParts(db, page.list);
  return {
    ...page,
    list: page.list.map((row) => ({
      ...toRefundListItem(row, parts),
      member_id: row.member_id,
      member_username: row.member_username || row.member_mobile || "",
      member_nickname: row.member_nickname ?? "",
      staff_actions: staffRefundActions(row.refund_status),
    })),
  };
}
