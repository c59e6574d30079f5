import type { Kysely } from "kysely";
import type { DialectName } from "../connect.ts";

/** Verifiers and verification records (modules/verify). Filled in by the verification work of issue 9. */
export async function up(_db: Kysely<unknown>, _dialect: DialectName): Promise<void> {}
