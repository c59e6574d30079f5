import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/** Members' carts: one line per member and SKU (adding again raises the quantity). */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);
  await table("cart", { cart_id: "id", site_id: "int", member_id: "int", sku_id: "int", num: "count", create_time: "int", update_time: "int" });
  await createIndex(db, "cart", ["member_id", "sku_id"], true);
}
