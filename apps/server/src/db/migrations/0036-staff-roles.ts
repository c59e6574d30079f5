import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";

/** Placeholder of issue 23 (back office II): filled by the change that needs it, or removed before release. */
export async function up(_db: Kysely<unknown>, _dialect: DialectName): Promise<void> {}
