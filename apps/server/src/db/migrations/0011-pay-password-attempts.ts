import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/** Wrong pay passwords per member, so guessing one is bounded (modules/account/pay-password.ts). */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);
  await table("pay_password_attempt", { member_id: "int", failures: "count", locked_until: "int", update_time: "int" });
  await createIndex(db, "pay_password_attempt", ["member_id"], true);
}
