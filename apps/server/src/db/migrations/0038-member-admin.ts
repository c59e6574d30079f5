import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * 会员 in the console (issue 23): member labels (标签, reference member_label) and which members
 * carry which label (one row per pair), plus the indexes the staff member list filters and sorts by.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);
  await table("member_label", { label_id: "id", label_name: "str", remark: "str", sort: "int", create_time: "int" });
  await createIndex(db, "member_label", ["label_name"], true);
  await table("member_label_member", { id: "id", member_id: "int", label_id: "int" });
  await createIndex(db, "member_label_member", ["member_id", "label_id"], true);
  await createIndex(db, "member_label_member", ["label_id"]);
  await createIndex(db, "member", ["reg_time"]);
  await createIndex(db, "member", ["member_level"]);
}
