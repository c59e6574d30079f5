import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * What the money path stands on: durable jobs (ADR 0006), the append-only member ledger (ADR 0005),
 * staff sessions and the staff action log.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);

  await table("job", {
    id: "id", kind: "str", payload: "text", run_at: "int", status: "str", attempts: "int", max_attempts: "int",
    locked_by: "str", locked_until: "int", last_error: "text", dedupe_key: "str?", create_time: "int", update_time: "int",
  });
  await createIndex(db, "job", ["status", "run_at"]);
  await createIndex(db, "job", ["dedupe_key"], true);

  await table("member_account", {
    id: "id", member_id: "int", account_type: "str", account_data: "signed-cents", from_type: "str", business_id: "str",
    type_name: "str", remark: "str", create_time: "int",
  });
  await createIndex(db, "member_account", ["account_type", "from_type", "business_id"], true);
  await createIndex(db, "member_account", ["member_id", "account_type"]);

  await table("staff_token", {
    id: "id", staff_id: "int", token_hash: "str", create_time: "int", expire_time: "int", revoke_time: "int", ip: "str",
  });
  await createIndex(db, "staff_token", ["token_hash"], true);

  await table("staff_log", {
    id: "id", staff_id: "int", staff_name: "str", action: "str", target_type: "str", target_id: "str", detail: "text",
    ip: "str", create_time: "int",
  });
  await createIndex(db, "staff_log", ["target_type", "target_id"]);
}
