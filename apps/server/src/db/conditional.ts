import type { DeleteResult, UpdateResult } from "kysely";
import { BizError } from "../core/errors.ts";
import { Code } from "@shop/contract/codes";

/** Rows an UPDATE or DELETE changed (Kysely gives bigint on both dialects). */
export function affectedRows(result: UpdateResult | DeleteResult | undefined): number {
  if (!result) return 0;
  return Number("numUpdatedRows" in result ? result.numUpdatedRows : result.numDeletedRows);
}

/**
 * For conditional updates (`… SET stock = stock - n WHERE sku_id = ? AND stock >= n`): when the
 * condition no longer held, no row changed and the caller's message is thrown (rolling back the
 * unit of work it runs in).
 */
export function expectAffected(
  result: UpdateResult | DeleteResult | undefined,
  expected: number,
  message: string,
  code: number = Code.ERROR,
): void {
  if (affectedRows(result) !== expected) throw new BizError(message, code);
}

/** A unique index said no: SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY, PostgreSQL 23505. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = (error as { code?: unknown }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
