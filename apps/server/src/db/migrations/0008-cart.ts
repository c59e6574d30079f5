import type { Kysely } from "kysely";
import type { DialectName } from "../connect.ts";

/** Filled by its issue-6 work item. */
export async function up(_db: Kysely<unknown>, _dialect: DialectName): Promise<void> {}
