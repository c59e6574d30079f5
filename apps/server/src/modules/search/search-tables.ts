/**
 * The search index lives beside the catalog (created by migration 0002-search):
 * - goods_search: one document per goods on sale, columns name / brand / category / keywords /
 *   intro holding pre-tokenized text (tokenize.ts). SQLite: a contentless FTS5 table (rowid =
 *   goods_id). PostgreSQL: a weighted tsvector (name A; brand, category, keywords B; intro C)
 *   under a GIN index. Column filters and weights give a search its scope (search-hits.ts).
 * - goods_search_suggest: suggestion words (brands, categories, goods keywords) with their goods
 *   counts, indexed the same way (SQLite FTS5 with stored columns; PostgreSQL tsvector + GIN).
 */
export const SEARCH_TABLE = "goods_search";
export const SUGGEST_TABLE = "goods_search_suggest";
