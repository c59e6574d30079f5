import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * Group buys and combo packages (modules/groupbuy, modules/bundling; ADR 0022).
 * - promotion_groupbuy: one goods sold at group-buy prices from start_time until (not including)
 *   end_time, at least buy_num units per order; status 1 on, -1 closed by staff (running, upcoming
 *   and ended are read off the times). sell_num counts the units sold (raised with each order,
 *   lowered when an unpaid one closes). It sells from the SKUs' own stock.
 * - promotion_groupbuy_sku: the group-buy price of each SKU of the goods (a SKU without a row is not
 *   offered in the group buy).
 * - promotion_bundling: a package (组合套餐) at bl_price_cents, within its times, status 1/-1;
 *   sell_num counts the packages sold.
 * - promotion_bundling_goods: the goods of a package and how many of each one package holds; the
 *   shopper picks the SKU of each goods when buying.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);

  await table("promotion_groupbuy", {
    groupbuy_id: "id", groupbuy_name: "str", goods_id: "int", buy_num: "int", start_time: "int", end_time: "int",
    sell_num: "count", status: "int", create_time: "int", update_time: "int",
  });
  await createIndex(db, "promotion_groupbuy", ["status", "end_time"]);
  await createIndex(db, "promotion_groupbuy", ["goods_id"]);

  await table("promotion_groupbuy_sku", { id: "id", groupbuy_id: "int", goods_id: "int", sku_id: "int", groupbuy_price_cents: "cents" });
  await createIndex(db, "promotion_groupbuy_sku", ["groupbuy_id", "sku_id"], true);
  await createIndex(db, "promotion_groupbuy_sku", ["sku_id"]);

  await table("promotion_bundling", {
    bl_id: "id", bl_name: "str", bl_price_cents: "cents", start_time: "int", end_time: "int", sell_num: "count", status: "int",
    create_time: "int", update_time: "int",
  });
  await createIndex(db, "promotion_bundling", ["status", "end_time"]);

  await table("promotion_bundling_goods", { id: "id", bl_id: "int", goods_id: "int", num: "int", sort: "int" });
  await createIndex(db, "promotion_bundling_goods", ["bl_id", "goods_id"], true);
  await createIndex(db, "promotion_bundling_goods", ["goods_id"]);
}
