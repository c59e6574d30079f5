import { sql, type Expression, type ExpressionBuilder, type ExpressionWrapper, type SqlBool } from "kysely";
import type { StaffOrderFilter } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { databaseDialect, type Db } from "../../db/unit-of-work.ts";
import { containsText } from "../store/text-match.ts";

/**
 * The orders staff select (/shopapi/order/lists, statuscount, exportorder, exportordergoods): one
 * condition on `orders` alone, so each call joins only what it shows. The buyer is matched through
 * a sub-select of members; an order number by its beginning, goods names anywhere, ignoring case.
 * Every filter reads an index (migrations 0039, 0041; timed by order-admin-bench.ts).
 */
export type OrderFilterFields = Omit<StaffOrderFilter, "order_status"> & { order_status: StaffOrderFilter["order_status"] };

/**
 * Digits: the member id, or an exact username / mobile. Other text: exact username or mobile, or part
 * of the nickname. One IN over a small set (the id itself united with the members found), so the
 * orders are read by their member_id index — `member_id = n OR member_id IN (…)` made PostgreSQL scan them all.
 */
function buyerCondition(member: string): Expression<SqlBool> {
  const digits = /^\d{1,9}$/.test(member);
  const found = sql`select ${sql.ref("member.member_id")} from ${sql.table("member")} where ${sql.ref("member.username")} = ${member} or ${sql.ref("member.mobile")} = ${member}${
    digits ? sql`` : sql` or ${containsText("member.nickname", member)}`
  }`;
  return sql<SqlBool>`${sql.ref("orders.member_id")} in (${digits ? sql`select ${sql.lit(Number(member))} union ` : sql``}${found})`;
}

/** The trigrams of `text` (by code point), each as an FTS5 string: "商品17" → "商品1" AND "品17". */
export function trigramQuery(text: string): string | undefined {
  const chars = Array.from(text);
  if (chars.length < 3) return undefined;
  const grams = new Set<string>();
  for (let start = 0; start + 3 <= chars.length; start += 1) grams.add(`"${chars.slice(start, start + 3).join("").replace(/"/g, '""')}"`);
  return [...grams].join(" AND ");
}

/**
 * Part of a goods name: the orders whose `order_name` contains it, ignoring ASCII case (containsText).
 * PostgreSQL answers that LIKE from its trigram index on lower(order_name); SQLite first narrows to
 * the orders whose names hold every trigram of the text (orders_name_search, FTS5), then checks the
 * LIKE on those only. Texts of one or two characters have no trigram: every name is read.
 */
function goodsNameCondition(eb: ExpressionBuilder<DB, "orders">, text: string, db: Db): Expression<SqlBool> {
  const contains = containsText("orders.order_name", text);
  const grams = databaseDialect(db) === "sqlite" ? trigramQuery(text) : undefined;
  if (!grams) return contains;
  const candidates = sql<boolean>`${sql.ref("orders.order_id")} in (select rowid from orders_name_search where orders_name_search match ${grams})`;
  return eb.and([candidates, contains]);
}

export function staffOrderCondition(db: Db, filter: OrderFilterFields, options: { withStatus?: boolean } = {}) {
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
    if (filter.order_name) all.push(goodsNameCondition(eb, filter.order_name, db));
    if (filter.mobile) all.push(eb("orders.mobile", "=", filter.mobile));
    if (filter.pay_type) all.push(eb("orders.pay_type", "=", filter.pay_type));
    if (filter.promotion_type) all.push(eb("orders.promotion_type", "=", filter.promotion_type === "empty" ? "" : filter.promotion_type));
    if (filter.start_time > 0) all.push(eb("orders.create_time", ">=", filter.start_time));
    if (filter.end_time > 0) all.push(eb("orders.create_time", "<=", filter.end_time));
    if (filter.member) all.push(buyerCondition(filter.member));
    return eb.and(all);
  };
}
