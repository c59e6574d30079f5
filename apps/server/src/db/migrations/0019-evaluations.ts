import type { Kysely } from "kysely";
import type { DialectName } from "../connect.ts";

/** Evaluations written by buyers (modules/evaluate). Filled in by the evaluation work of issue 9. */
export async function up(_db: Kysely<unknown>, _dialect: DialectName): Promise<void> {}
