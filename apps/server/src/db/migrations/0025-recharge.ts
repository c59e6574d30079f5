import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * Recharge (modules/recharge, ADR 0017):
 * - member_recharge: the packages staff offer (face value credited, price paid, bonus points,
 *   growth and coupon types).
 * - member_recharge_order: a member's order of a package, a snapshot of it, and its one trade
 *   (unique out_trade_no); status 0 待支付, 1 已支付, -1 已关闭.
 * - pay.trade_kind: "order" (every existing trade: it pays the goods orders in order_ids) or
 *   "recharge" (it pays the recharge order naming it). Settlement branches on it.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);

  await table("member_recharge", {
    recharge_id: "id", recharge_name: "str", face_value_cents: "cents", buy_price_cents: "cents", point: "count", growth: "count",
    coupon_id: "str", sale_num: "count", status: "int", sort: "int", create_time: "int", update_time: "int",
  });
  await createIndex(db, "member_recharge", ["status", "sort"]);

  await table("member_recharge_order", {
    order_id: "id", order_no: "str", member_id: "int", recharge_id: "int", recharge_name: "str", face_value_cents: "cents",
    buy_price_cents: "cents", point: "count", growth: "count", coupon_id: "str", out_trade_no: "str", status: "int", pay_type: "str",
    pay_time: "int", close_time: "int", auto_close_time: "int", create_time: "int",
  });
  await createIndex(db, "member_recharge_order", ["order_no"], true);
  await createIndex(db, "member_recharge_order", ["out_trade_no"], true);
  await createIndex(db, "member_recharge_order", ["member_id", "status"]);

  await db.schema.alterTable("pay").addColumn("trade_kind", "varchar(16)", (column) => column.notNull().defaultTo("order")).execute();
}
