import type { Expression, ExpressionBuilder, ExpressionWrapper, SqlBool } from "kysely";
import type { StaffOrderFilter } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { containsText } from "../store/text-match.ts";

/**
 * The orders staff select (/shopapi/order/lists, statuscount, exportorder, exportordergoods): one
 * condition on `orders` alone, so each call joins only what it shows. The buyer is matched through
 * a sub-select of members; an order number by its beginning, goods names anywhere, ignoring case.
 */
export type OrderFilterFields = Omit<StaffOrderFilter, "order_status"> & { order_status: StaffOrderFilter["order_status"] };

/** Digits: the member id, or an exact username / mobile. Other text: exact username or mobile, or part of the nickname. */
function buyerCondition(eb: ExpressionBuilder<DB, "orders">, member: string) {
  const members = eb.selectFrom("member").select("member.member_id").where((inner) => {
    const exact = [inner("member.username", "=", member), inner("member.mobile", "=", member)];
    return inner.or(/^\d{1,9}$/.test(member) ? exact : [...exact, containsText("member.nickname", member)]);
  });
  if (/^\d{1,9}$/.test(member)) return eb.or([eb("orders.member_id", "=", Number(member)), eb("orders.member_id", "in", members)]);
  return eb("orders.member_id", "in", members);
}

export function staffOrderCondition(filter: OrderFilterFields, options: { withStatus?: boolean } = {}) {
  return (eb: ExpressionBuilder<DB, "orders">): ExpressionWrapper<DB, "orders", SqlBool> => {
    const all: Array<Expression<SqlBool>> = [];
    if (options.withStatus !== false && typeof filter.order_status === "number") all.push(eb("orders.order_status", "=", filter.order_status));
    if (filter.order_type > 0) all.push(eb("orders.order_type", "=", filter.order_type));
    // The whole number, or its beginning as a range on the unique index (a fragment inside would scan
    // every order). The range assumes byte order (SQLite; PostgreSQL's C / C.UTF-8): the exact match holds under any collation.
    if (filter.order_no) {
      const prefixRange = eb.and([eb("orders.order_no", ">=", filter.order_no), eb("orders.order_no", "<", `${filter.order_no}\uffff`)]);
      all.push(eb.or([eb("orders.order_no", "=", filter.order_no), prefixRange]));
    }
    if (filter.order_name) all.push(containsText("orders.order_name", filter.order_name));
    if (filter.mobile) all.push(eb("orders.mobile", "=", filter.mobile));
    if (filter.pay_type) all.push(eb("orders.pay_type", "=", filter.pay_type));
    if (filter.promotion_type) all.push(eb("orders.promotion_type", "=", filter.promotion_type === "empty" ? "" : filter.promotion_type));
    if (filter.start_time > 0) all.push(eb("orders.create_time", ">=", filter.start_time));
    if (filter.end_time > 0) all.push(eb("orders.create_time", "<=", filter.end_time));
    if (filter.member) all.push(buyerCondition(eb, filter.member));
    return eb.and(all);
  };
}
