import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/** Evaluations, follows (collect) and footprints (browse). */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);

  // The buyer's name and picture are copied in at writing time, as the reference does: an
  // evaluation shows what the member was called then, and seeded ones need no member row.
  await table("goods_evaluate", {
    evaluate_id: "id", order_id: "int", order_no: "str", order_goods_id: "int", goods_id: "int", sku_id: "int",
    sku_name: "str", sku_price_cents: "int", sku_image: "str", content: "text", images: "text", scores: "int",
    explain_type: "int", explain_first: "text", member_id: "int", member_name: "str", member_headimg: "str",
    is_anonymous: "int", again_content: "text", again_images: "text", again_explain: "text", again_time: "int",
    is_show: "int", create_time: "int",
  });
  await createIndex(db, "goods_evaluate", ["goods_id", "explain_type"]);
  await createIndex(db, "goods_evaluate", ["member_id"]);

  // One row per member and goods: the unique index makes "add" idempotent under concurrency.
  await table("goods_collect", { collect_id: "id", member_id: "int", goods_id: "int", sku_id: "int", create_time: "int" });
  await createIndex(db, "goods_collect", ["member_id", "goods_id"], true);

  await table("goods_browse", { id: "id", member_id: "int", goods_id: "int", sku_id: "int", browse_time: "int" });
  await createIndex(db, "goods_browse", ["member_id", "goods_id"], true);
  await createIndex(db, "goods_browse", ["member_id", "browse_time"]);
}
