import { sql, type Expression, type SqlBool } from "kysely";
import { LEDGER_CATEGORIES, OTHER_LEDGER_CATEGORY, type LedgerAccountType } from "@shop/contract";

/**
 * The contract's ledger categories (LEDGER_CATEGORIES) applied to rows: in JavaScript for the
 * category of a row on the wire, in SQL for the filter. A pattern is an exact from_type or a prefix
 * ending in "*" (compared with substr, since "_" in a LIKE pattern would match any character).
 */

const matches = (pattern: string, fromType: string): boolean =>
  pattern.endsWith("*") ? fromType.startsWith(pattern.slice(0, -1)) : fromType === pattern;

/** The key of the first category of the account that covers the from_type, else "other". */
export function categoryOf(accountType: LedgerAccountType, fromType: string): string {
  const category = LEDGER_CATEGORIES[accountType].find((candidate) => candidate.from_types.some((pattern) => matches(pattern, fromType)));
  return category?.key ?? OTHER_LEDGER_CATEGORY.key;
}

/** SQL: the row's from_type (column `column`) matches one of the patterns. */
function anyPattern(column: string, patterns: readonly string[]): Expression<SqlBool> {
  const tests = patterns.map((pattern) =>
    pattern.endsWith("*")
      ? sql<SqlBool>`substr(${sql.ref(column)}, 1, ${pattern.length - 1}) = ${pattern.slice(0, -1)}`
      : sql<SqlBool>`${sql.ref(column)} = ${pattern}`,
  );
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}

/**
 * SQL: the row belongs to the category (a key checked by the contract). Rows match the first
 * category that covers them, so a category excludes the ones listed before it, and "other" is
 * whatever no category covers.
 */
export function categoryCondition(accountType: LedgerAccountType, key: string, column = "from_type"): Expression<SqlBool> {
  const categories = LEDGER_CATEGORIES[accountType];
  const index = key === OTHER_LEDGER_CATEGORY.key ? categories.length : categories.findIndex((category) => category.key === key);
  if (index < 0) throw new Error(`unknown ledger category ${accountType}/${key}`);
  const earlier = categories.slice(0, index).flatMap((category) => category.from_types);
  const own = categories[index]?.from_types;
  const parts: Array<Expression<SqlBool>> = [];
  if (own) parts.push(anyPattern(column, own));
  if (earlier.length > 0) parts.push(sql<SqlBool>`not ${anyPattern(column, earlier)}`);
  return parts.length > 0 ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`1 = 1`;
}
