/**
 * The search index lives beside the catalog (created by migration 0002-search):
 * - goods_search: one document per goods on sale, columns name / brand / category / keywords /
 *   intro holding pre-tokenized text (tokenize.ts). SQLite: a contentless FTS5 table (rowid =
 *   goods_id, ranked with bm25 column weights). PostgreSQL: a weighted tsvector (name A; brand,
 *   category, keywords B; intro C) under a GIN index, ranked with ts_rank.
 * - goods_search_suggest: suggestion words (brands, categories, goods keywords) with their goods
 *   counts, indexed the same way (SQLite FTS5 with stored columns; PostgreSQL tsvector + GIN).
 */
export const SEARCH_TABLE = "goods_search";
export const SUGGEST_TABLE = "goods_search_suggest";

/** bm25 weights of the FTS5 columns, in their declaration order: a name match counts most. */
export const FTS5_COLUMN_WEIGHTS = [10, 4, 3, 3, 1] as const;
