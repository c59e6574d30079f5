import { sql, type Kysely } from "kysely";
import type { DialectName } from "../connect.ts";

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
  if (dialect === "postgres") {
    await sql`ALTER TABLE goods_sku ADD CONSTRAINT goods_sku_stock_not_negative CHECK (stock >= 0)`.execute(db);
    return;
  }
  for (const event of ["INSERT", "UPDATE OF stock"]) {
    const name = sql.id(`goods_sku_stock_not_negative_${event === "INSERT" ? "insert" : "update"}`);
    await sql`CREATE TRIGGER IF NOT EXISTS ${name} BEFORE ${sql.raw(event)} ON goods_sku
      WHEN NEW.stock < 0 BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: goods_sku stock >= 0'); END`.execute(db);
  }
}
