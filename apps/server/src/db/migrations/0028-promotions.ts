import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * Promotions (modules/promotion, modules/seckill; ADR 0021):
 * - orders.promotion_type ("" | seckill | groupbuy | bundling) and promotion_id: the promotion an
 *   order was bought at, so close and refund give back to it and the order pages name it.
 * - promotion_seckill_time: the day's seckill slots (场次), seconds since midnight of the shop's
 *   clock (Asia/Shanghai): [seckill_start_time, seckill_end_time), end ≤ 86400.
 * - promotion_seckill: one goods on sale at seckill prices in some slots, every day from start_time
 *   to end_time (unix seconds), max_buy units per member (0 = no limit); status 1 on, -1 closed by staff.
 * - promotion_seckill_slot: which slots a seckill runs in (unique pair).
 * - promotion_seckill_sku: the seckill's SKUs: price, the pool left (`stock`, never below 0) and
 *   `sale_num` sold; pool + sold = the units staff gave the seckill. Taken by conditional update.
 * - promotion_seckill_member: the units one member holds in unpaid and paid orders of a seckill
 *   (unique per seckill and member; taken by conditional update under max_buy, given back at close).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);
  const integer = dialect === "postgres" ? "bigint" : "integer";

  await db.schema.alterTable("orders").addColumn("promotion_type", "varchar(16)", (column) => column.notNull().defaultTo("")).execute();
  await db.schema.alterTable("orders").addColumn("promotion_id", integer, (column) => column.notNull().defaultTo(0)).execute();
  await createIndex(db, "orders", ["promotion_type", "promotion_id"]);

  await table("promotion_seckill_time", {
    id: "id", name: "str", seckill_start_time: "int", seckill_end_time: "int", status: "int", sort: "int", create_time: "int", update_time: "int",
  });

  await table("promotion_seckill", {
    seckill_id: "id", seckill_name: "str", goods_id: "int", goods_name: "str", goods_image: "str", start_time: "int", end_time: "int",
    max_buy: "int", status: "int", remark: "str", create_time: "int", update_time: "int",
  });
  await createIndex(db, "promotion_seckill", ["status", "end_time"]);
  await createIndex(db, "promotion_seckill", ["goods_id"]);

  await table("promotion_seckill_slot", { id: "id", seckill_id: "int", time_id: "int" });
  await createIndex(db, "promotion_seckill_slot", ["seckill_id", "time_id"], true);
  await createIndex(db, "promotion_seckill_slot", ["time_id"]);

  await table("promotion_seckill_sku", {
    id: "id", seckill_id: "int", goods_id: "int", sku_id: "int", seckill_price_cents: "cents", stock: "count", sale_num: "count",
  });
  await createIndex(db, "promotion_seckill_sku", ["seckill_id", "sku_id"], true);
  await createIndex(db, "promotion_seckill_sku", ["sku_id"]);

  await table("promotion_seckill_member", { id: "id", seckill_id: "int", member_id: "int", num: "count", update_time: "int" });
  await createIndex(db, "promotion_seckill_member", ["seckill_id", "member_id"], true);
}
