import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { addNotNegativeGuard } from "./frozen/table-builder.ts";

/**
 * A member's balance and points never go below zero (ADR 0005): the ledger's conditional update
 * keeps them there, and these guards make a write that forgot the condition fail loudly.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await addNotNegativeGuard(db, dialect, "member", "balance_cents");
  await addNotNegativeGuard(db, dialect, "member", "point");
}
