import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";

/**
 * The content back office (modules/cms, modules/site content-admin): an ad's time window.
 * adv.start_time / end_time are unix seconds, 0 = no bound (every ad written before is unbounded);
 * a guest sees an ad only inside its window.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const integer = dialect === "postgres" ? "bigint" : "integer";
  for (const column of ["start_time", "end_time"]) {
    await db.schema.alterTable("adv").addColumn(column, integer, (builder) => builder.notNull().defaultTo(0)).execute();
  }
}
