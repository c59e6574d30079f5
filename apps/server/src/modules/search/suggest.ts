import { sql, type Kysely } from "kysely";
import type { SearchSuggestion } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import type { DialectName } from "../../db/connect.ts";
import { normalize, parseQuery } from "./tokenize.ts";
import { toFts5Match, toTsQuery } from "./match-syntax.ts";

/** Matches read from the index before ordering; the words table holds a few thousand rows. */
const CANDIDATES = 50;

/**
 * Suggestion words for what the shopper is typing: every typed term must match (the last latin
 * token as a prefix, so "hua" and "华为 5" already suggest). Words that start with the typed text
 * come first, then those behind more goods, then shorter ones.
 */
export async function suggestKeywords(db: Kysely<DB>, dialect: DialectName, keyword: string, limit: number): Promise<SearchSuggestion[]> {
  const query = parseQuery(keyword, { prefix: true });
  if (query.terms.length === 0) return [];
  const result =
    dialect === "sqlite"
      ? await sql<SearchSuggestion>`select keyword, goods_count from goods_search_suggest where goods_search_suggest match ${toFts5Match(query)}
          order by goods_count desc limit ${CANDIDATES}`.execute(db)
      : await sql<SearchSuggestion>`select keyword, goods_count from goods_search_suggest where document @@ to_tsquery('simple'::regconfig, ${toTsQuery(query)})
          order by goods_count desc limit ${CANDIDATES}`.execute(db);
  const typed = normalize(keyword).trim();
  const startsWithTyped = (word: string) => (normalize(word).startsWith(typed) ? 0 : 1);
  return result.rows
    .map((row) => ({ keyword: row.keyword, goods_count: Number(row.goods_count) }))
    .sort((a, b) => startsWithTyped(a.keyword) - startsWithTyped(b.keyword) || b.goods_count - a.goods_count || a.keyword.length - b.keyword.length || a.keyword.localeCompare(b.keyword))
    .slice(0, limit);
}
