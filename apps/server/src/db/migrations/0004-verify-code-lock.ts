import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * One row per mobile and purpose that every SMS code send writes first in its transaction. The
 * write locks the row until commit, so concurrent sends for the same mobile take turns through
 * the resend-interval check instead of all passing it (see modules/auth/verify-code.ts).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);
  await table("verify_code_lock", { mobile: "str", purpose: "str", lock_time: "int" });
  await createIndex(db, "verify_code_lock", ["mobile", "purpose"], true);
}
