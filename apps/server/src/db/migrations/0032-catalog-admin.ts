import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { tableBuilder } from "./frozen/table-builder.ts";

/**
 * The back office's catalogue taxonomy and delivery set-up (issue 22):
 * - goods_label: the shop's goods labels (新品, 爆款 …) that goods are tagged with;
 * - store.province_id / city_id / district_id: a store's region codes (GB/T 2260, the region
 *   table), so the console can edit its address with the same cascader as members' addresses.
 *   Stores made before keep 0 (their names stay as they were).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);
  await table("goods_label", { id: "id", label_name: "str", sort: "int", create_time: "int" });
  const integer = dialect === "postgres" ? "bigint" : "integer";
  for (const column of ["province_id", "city_id", "district_id"]) {
    await db.schema.alterTable("store").addColumn(column, integer, (c) => c.notNull().defaultTo(0)).execute();
  }
}
