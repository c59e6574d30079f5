import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * Uploaded files and who uploaded them (modules/upload): a member may attach to an evaluation,
 * refund or complaint only pictures recorded here under their id and that kind (ownership.ts).
 * `path` is the picture's path as answered (`upload/<kind>/<yyyymmdd>/<random>.jpg`); size in bytes
 * and dimensions are those of the stored (re-encoded) file.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);
  await table("member_upload", {
    id: "id", member_id: "int", kind: "str", path: "str", size: "int", width: "int", height: "int", create_time: "int",
  });
  await createIndex(db, "member_upload", ["path"], true);
  await createIndex(db, "member_upload", ["member_id", "kind"]);
}
