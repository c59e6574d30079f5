import { sql, type Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";

/**
 * Fixes to the refunds of migration 0018 (modules/refund, ADR 0012):
 * - order_refund.refused_from: the status a refund was refused from (1 申请退款, or 5 待卖家收货 when
 *   the shop refused goods the buyer had already sent back), so a complaint the platform upholds
 *   resumes the refund there instead of asking for the goods again. Refunds refused before: a return
 *   with a tracking number was refused at 5, the others at 1.
 * - Picture lists stored one way, as evaluations (and the reference) store them: comma-separated
 *   paths ("upload/refund/…/a.jpg,upload/refund/…/b.jpg"; upload paths hold no commas). Refund and
 *   complaint pictures were JSON arrays: converted. The wire is unchanged (arrays, docs/api/refund.md).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const integer = dialect === "postgres" ? "bigint" : "integer";
  await db.schema.alterTable("order_refund").addColumn("refused_from", integer, (column) => column.notNull().defaultTo(0)).execute();
  await refusedFromOfOldRefusals(db);
  await pictureListsWithCommas(db);
}

/** Refused refunds without refused_from: a return with a tracking number was refused at 5, the others at 1. */
export async function refusedFromOfOldRefusals(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE order_refund SET refused_from = CASE WHEN refund_type = 2 AND refund_delivery_no <> '' THEN 5 ELSE 1 END WHERE refund_status = -1 AND refused_from = 0`.execute(db);
}

/** Refund and complaint pictures stored as JSON arrays → comma-separated. */
export async function pictureListsWithCommas(db: Kysely<unknown>): Promise<void> {
  const lists = [
    { table: "order_refund", key: "refund_id", column: "refund_images" },
    { table: "order_complain", key: "complain_id", column: "complain_images" },
  ];
  for (const { table, key, column } of lists) {
    const rows = await sql<{ id: number; value: string }>`SELECT ${sql.ref(key)} AS id, ${sql.ref(column)} AS value FROM ${sql.table(table)} WHERE ${sql.ref(column)} LIKE '[%'`.execute(db);
    for (const row of rows.rows) {
      await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${commaList(row.value)} WHERE ${sql.ref(key)} = ${row.id}`.execute(db);
    }
  }
}

/** '["a.jpg","b.jpg"]' → "a.jpg,b.jpg"; anything unreadable → "" (no pictures). */
function commaList(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string" && item !== "").join(",") : "";
  } catch {
    return "";
  }
}
