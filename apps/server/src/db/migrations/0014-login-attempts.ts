import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/** Password logins per account, so guessing one is bounded across addresses (modules/auth/login-attempts.ts). */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);
  await table("login_attempt", { account_key: "key", failures: "count", locked_until: "int", update_time: "int" });
  await createIndex(db, "login_attempt", ["update_time"]);
}
