import type { Kysely } from "kysely";
import type { DialectName } from "../connect.ts";

/** Refunds, returns and complaints (modules/refund). Filled in by the refund work of issue 9. */
export async function up(_db: Kysely<unknown>, _dialect: DialectName): Promise<void> {}
