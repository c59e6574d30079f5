import { sql, type Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex } from "./frozen/table-builder.ts";

/**
 * Evaluations written by buyers (modules/evaluate), on the goods_evaluate table of 0003:
 * - the shop scores the reference keeps with each line's evaluation (描述相符, 服务态度, 配送速度;
 *   0 = not given, as on the seeded evaluations);
 * - the review state of the evaluation and of its follow-up (追评): 1 approved, 0 waiting for the
 *   shop, -1 refused. Rows written before (seeded) are approved, hence the default 1;
 * - one evaluation per order line: a partial unique index (seeded rows have order_goods_id 0), the
 *   last guard behind the order's conditional is_evaluate update.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const integer = dialect === "postgres" ? "bigint" : "integer";
  const columns: Array<[name: string, fallback: number]> = [
    ["shop_desccredit", 0], ["shop_servicecredit", 0], ["shop_deliverycredit", 0], ["is_audit", 1], ["again_is_audit", 1],
  ];
  for (const [name, fallback] of columns) {
    await db.schema.alterTable("goods_evaluate").addColumn(name, integer, (column) => column.notNull().defaultTo(fallback)).execute();
  }
  await db.schema
    .createIndex("uniq_goods_evaluate_order_goods")
    .ifNotExists()
    .on("goods_evaluate")
    .column("order_goods_id")
    .unique()
    .where(sql<boolean>`order_goods_id > ${sql.lit(0)}`)
    .execute();
  await createIndex(db, "goods_evaluate", ["order_id"]);
  // The staff list: waiting ones first, newest first.
  await createIndex(db, "goods_evaluate", ["is_audit", "create_time"]);
}
