import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";

/**
 * Tables and columns of the settings back office (site, register, order, points, payment keys, SMS).
 * (Filled by the issue-22 work; a migration that stays empty is removed before it is released.)
 */
export async function up(_db: Kysely<unknown>, _dialect: DialectName): Promise<void> {}
