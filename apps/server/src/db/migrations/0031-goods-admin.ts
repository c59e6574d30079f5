import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";

/**
 * Tables and columns of the goods editor (modules/goods admin: specs and SKUs, recycle bin, timed shelf, album, import).
 * (Filled by the issue-22 work; a migration that stays empty is removed before it is released.)
 */
export async function up(_db: Kysely<unknown>, _dialect: DialectName): Promise<void> {}
