import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { addNotNegativeGuard } from "./frozen/table-builder.ts";

/**
 * Stock lives in one place (ADR 0007): goods_sku.stock is what orders take and give back, so the
 * copy on the goods row goes; the wire's goods_stock is the sum of the SKUs' stock
 * (modules/goods/goods-stock.ts). No index covers the column, so SQLite (≥ 3.35) drops it in place.
 *
 * goods_sku.stock predates the `count` column kind, so its "never below zero" is added here: a
 * CHECK constraint on PostgreSQL; on SQLite, which cannot add one to an existing table without
 * rebuilding it, triggers that abort the write. A stock update that forgot its `stock >= n`
 * condition then fails instead of selling what is not there.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable("goods").dropColumn("goods_stock").execute();
  await addNotNegativeGuard(db, dialect, "goods_sku", "stock");
}
