import { sql, type Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { rebuildSqliteSearchIndex0016 } from "./frozen/search-index-0016.ts";

/**
 * An entry's rowid: minus its rank key (sales, then goods id, in one integer), so ascending rowids
 * are best first (modules/search/search-tables.ts).
 */
const rankKey = (goods: string) => `-(${goods}.sale_num * 4294967296 + ${goods}.goods_id)`;
const onSale = (goods: string) => `${goods}.goods_state = 1 AND ${goods}.is_delete = 0`;
/** An entry's text: the document's prefixed tokens and the goods' filter tokens (searchTags in search-tables.ts). */
const entryText = (goods: string, doc: string) =>
  `${doc}.terms || ' c1x' || ${goods}.category_id_1 || ' c2x' || ${goods}.category_id_2 || ' c3x' || ${goods}.category_id_3 || ' b' || ${goods}.brand_id` +
  ` || CASE WHEN ${goods}.is_free_shipping = 1 THEN ' fs' ELSE '' END`;
/** The goods columns an entry's rowid, presence or tags depend on. */
const ENTRY_COLUMNS = ["goods_state", "is_delete", "sale_num", "category_id_1", "category_id_2", "category_id_3", "brand_id", "is_free_shipping"];

/**
 * SQLite: the goods search index in rank order (modules/search/README.md, "Index").
 * goods_search is recreated as one column of field-prefixed tokens and filter tags, its rowid from
 * the rank key. The tokens are kept in goods_search_doc, and triggers keep goods_search equal to
 * "the documents of goods on sale, at their rank key, with their tags" whatever writes the goods:
 * a sale moves the entry, a state change drops or restores it, in the writer's own statement.
 * Then the index is rebuilt (tokenizing is JavaScript: the search module's code of the time,
 * frozen in frozen/search-index-0016.ts). Also indexes category and brand names in
 * lower case, for the names a keyword contains. PostgreSQL keeps its index (goods_id, tsvector):
 * its search sorts the matches.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== "sqlite") return;
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run("DROP TABLE IF EXISTS goods_search");
  // detail=none: an entry list per token, without columns or positions (the field is in the
  // token, no phrase is ever searched): the smallest lists, the quickest to walk and intersect.
  await run("CREATE VIRTUAL TABLE goods_search USING fts5(terms, tokenize = 'unicode61', content = '', contentless_delete = 1, detail = none)");
  await run("CREATE TABLE IF NOT EXISTS goods_search_doc (goods_id INTEGER PRIMARY KEY, terms TEXT NOT NULL)");

  const insertEntry = (goods: string, doc: string, from: string) =>
    `INSERT INTO goods_search (rowid, terms) SELECT ${rankKey(goods)}, ${entryText(goods, doc)} FROM ${from}`;
  // A document in: an entry when its goods is on sale.
  await run(`CREATE TRIGGER IF NOT EXISTS goods_search_doc_in AFTER INSERT ON goods_search_doc BEGIN
    ${insertEntry("g", "new", `goods AS g WHERE g.goods_id = new.goods_id AND ${onSale("g")}`)};
  END`);
  // A document out: its entry out (found by the goods' current key; none when not on sale).
  await run(`CREATE TRIGGER IF NOT EXISTS goods_search_doc_out AFTER DELETE ON goods_search_doc BEGIN
    DELETE FROM goods_search WHERE rowid = (SELECT ${rankKey("g")} FROM goods AS g WHERE g.goods_id = old.goods_id AND ${onSale("g")});
  END`);
  const changed = ENTRY_COLUMNS.map((column) => `old.${column} IS NOT new.${column}`).join(" OR ");
  const indexed = (goods: string) => `EXISTS (SELECT 1 FROM goods_search_doc WHERE goods_id = ${goods}.goods_id)`;
  const dropOldEntry = `DELETE FROM goods_search WHERE rowid = (SELECT ${rankKey("old")} WHERE ${onSale("old")})`;
  // A sale, a state change, a new brand, category or shipping: the entry moves, leaves or comes back.
  await run(`CREATE TRIGGER IF NOT EXISTS goods_search_goods_changed AFTER UPDATE OF ${ENTRY_COLUMNS.join(", ")} ON goods
    WHEN (${changed}) AND ${indexed("new")} BEGIN
    ${dropOldEntry};
    ${insertEntry("new", "d", `goods_search_doc AS d WHERE d.goods_id = new.goods_id AND ${onSale("new")}`)};
  END`);
  await run(`CREATE TRIGGER IF NOT EXISTS goods_search_goods_deleted AFTER DELETE ON goods WHEN ${indexed("old")} BEGIN
    ${dropOldEntry};
    DELETE FROM goods_search_doc WHERE goods_id = old.goods_id;
  END`);

  // The level-3 categories and brands a keyword names are looked up by its substrings (search-hits.ts).
  await run("CREATE INDEX IF NOT EXISTS idx_goods_category_lower_name ON goods_category (lower(category_name))");
  await run("CREATE INDEX IF NOT EXISTS idx_goods_brand_lower_name ON goods_brand (lower(brand_name))");

  await rebuildSqliteSearchIndex0016(db);
}
