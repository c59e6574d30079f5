import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * Orders in the console (issue 23): the shop's own remark on an order (卖家备注, one per order,
 * kept apart from the order row the checkout and the state machine write), and the indexes the
 * staff list needs on a large table: its orders (newest first, by amount, by payment time), a
 * status tab in that order, and the exact look-ups by receiver mobile.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const createTable = tableBuilder(db, dialect);
  await createTable("order_remark", { order_id: "int", remark: "str", staff_id: "int", update_time: "int" });
  await createIndex(db, "order_remark", ["order_id"], true);
  await createIndex(db, "orders", ["create_time", "order_id"]);
  await createIndex(db, "orders", ["order_status", "create_time"]);
  await createIndex(db, "orders", ["mobile"]);
  // The list's other orders (amount, payment time), tie-broken by id like the default.
  await createIndex(db, "orders", ["order_money_cents", "order_id"]);
  await createIndex(db, "orders", ["pay_time", "order_id"]);
}
