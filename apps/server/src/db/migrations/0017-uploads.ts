import type { Kysely } from "kysely";
import type { DialectName } from "../connect.ts";

/** Uploaded files and who uploaded them (modules/upload). Filled in by the upload work of issue 9. */
export async function up(_db: Kysely<unknown>, _dialect: DialectName): Promise<void> {}
