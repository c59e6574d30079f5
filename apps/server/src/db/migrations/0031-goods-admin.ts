import { sql, type Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";

/** Integer columns of the goods editor, each NOT NULL DEFAULT 0. */
const GOODS_INT_COLUMNS = [
  // the freight template of express delivery (0 = none: free shipping or not express)
  "shipping_template",
  // shown added to the real sales
  "virtual_sale",
  // 1 = member level discounts apply
  "is_consume_discount",
  // the goods label (goodslabel/*), 0 = none
  "label_id",
  // unix seconds of the timed on-shelf / off-shelf (0 = none); a durable job carries it out
  "timer_on",
  "timer_off",
  // bumped by every edit: editgoods carries the version it read and is refused when it changed
  "version",
  // when the goods went to the recycle bin
  "delete_time",
];
const SKU_INT_COLUMNS = [
  "cost_price_cents",
  // the stock at or below which the SKU is listed under 库存预警 (0 = no alarm)
  "stock_alarm",
  // cubic centimetres (weight is grams)
  "volume",
];

/**
 * The goods editor (issue 22, modules/goods/admin-*): delivery ways, timed shelf, version check,
 * recycle bin, SKU cost price, stock alarm and volume; indexes for the back office's goods list
 * (every state, ordered by creation, price, sales or sort), the stock alarm filter and unique SKU numbers.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  for (const column of GOODS_INT_COLUMNS) {
    await db.schema.alterTable("goods").addColumn(column, "integer", (c) => c.notNull().defaultTo(0)).execute();
  }
  // "express,store,local" (virtual goods: "virtual"); empty on goods created before: express
  await db.schema.alterTable("goods").addColumn("support_trade_type", "varchar(255)", (c) => c.notNull().defaultTo("")).execute();
  for (const column of SKU_INT_COLUMNS) {
    await db.schema.alterTable("goods_sku").addColumn(column, "integer", (c) => c.notNull().defaultTo(0)).execute();
  }
  for (const order of ["create_time", "price_cents", "sale_num", "sort"]) {
    await sql.raw(`CREATE INDEX IF NOT EXISTS idx_goods_admin_${order} ON goods (is_delete, ${order}, goods_id)`).execute(db);
  }
  // The name search scans names in this narrow index, never the wide rows (descriptions).
  await sql.raw("CREATE INDEX IF NOT EXISTS idx_goods_admin_name ON goods (is_delete, goods_name, goods_id)").execute(db);
  await sql.raw("CREATE INDEX IF NOT EXISTS idx_goods_admin_timer ON goods (timer_on, timer_off) WHERE timer_on > 0 OR timer_off > 0").execute(db);
  await sql.raw("CREATE INDEX IF NOT EXISTS idx_goods_sku_stock_alarm ON goods_sku (goods_id) WHERE stock_alarm > 0 AND stock <= stock_alarm").execute(db);
  await sql.raw("CREATE UNIQUE INDEX IF NOT EXISTS idx_goods_sku_sku_no ON goods_sku (sku_no) WHERE sku_no <> ''").execute(db);
}
