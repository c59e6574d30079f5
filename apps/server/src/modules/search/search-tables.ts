import { sql } from "kysely";

/**
 * The search index lives beside the catalog (migrations 0002-search and 0016-search-rank-order):
 * - goods_search: one entry per goods on sale.
 *   SQLite: a contentless FTS5 table of one column (detail=none: rowids only, the fastest lists
 *   to walk). Its rowid is minus the goods' **rank key** `sale_num × 2^32 + goods_id`, so a match
 *   read in rowid order is already in sales order (best sellers, then the newest id, first) and a
 *   page needs no sort of every match. A token says which field it comes from (FIELD_PREFIX:
 *   "n手机" is 手机 in the name); the goods' filter tokens sit beside them (searchTags). Entries
 *   are written by triggers alone, from goods_search_doc and the goods row: a sale, a state
 *   change or a new brand or category moves or drops the entry in the same statement.
 *   PostgreSQL: a weighted tsvector (name A; brand, category, keywords B; intro C) under a GIN
 *   index, keyed by goods_id. Field prefixes and weights give a search its scope (search-hits.ts).
 * - goods_search_doc (SQLite): each indexed goods' prefixed tokens, written by search-index.ts;
 *   the triggers copy them into goods_search whenever the goods' rank key or tags change.
 * - goods_search_suggest: suggestion words (brands, categories, goods keywords) with their goods
 *   counts, indexed the same way (SQLite FTS5 with stored columns; PostgreSQL tsvector + GIN).
 */
export const SEARCH_TABLE = "goods_search";
export const SEARCH_DOCUMENT_TABLE = "goods_search_doc";
export const SUGGEST_TABLE = "goods_search_suggest";

/**
 * SQLite: the goods id of an entry of goods_search. Its rowid is minus the rank key
 * `sale_num × 2^32 + goods_id` (migration 0016), so ascending rowids list the best sellers first,
 * the order FTS5 reads fastest; the id is the key's low 32 bits.
 */
export const GOODS_ID_OF_ROWID = sql`((-goods_search.rowid) & 4294967295)`;

/**
 * SQLite: the prefix of a word token by the field it is in. Tokens are letters, digits or CJK
 * characters, so a prefixed token is one token to FTS5, and no prefixed word can be a tag (tags
 * start with c, b or f).
 */
export const FIELD_PREFIX = { name: "n", identity: "i", intro: "d" } as const;

/**
 * SQLite: the filter tokens of an entry, written by the triggers of migration 0016 in exactly
 * this form: `c1x{category_id_1} c2x{category_id_2} c3x{category_id_3} b{brand_id}`, plus `fs`
 * when shipping is free.
 */
export const searchTags = {
  category: (level: 1 | 2 | 3, categoryId: number) => `c${level}x${categoryId}`,
  brand: (brandId: number) => `b${brandId}`,
  freeShipping: "fs",
};
