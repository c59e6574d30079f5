import { sql, type RawBuilder } from "kysely";

/** A LIKE pattern matching `text` anywhere, with %, _ and \ in it taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * `column` contains `text`, ignoring ASCII case, on SQLite and PostgreSQL alike (LIKE is
 * case-sensitive on PostgreSQL, hence lower() on both sides). For small tables only: no index helps.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(text.toLowerCase())} escape '\\'`;
}
