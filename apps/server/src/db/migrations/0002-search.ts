import { sql, type Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";

/**
 * Goods search (see modules/search/search-tables.ts) and indexes for the goods list's orders.
 * SQLite: FTS5 tables over pre-tokenized text; PostgreSQL: tsvector columns under GIN indexes.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  if (dialect === "sqlite") {
    // Contentless: the tokens are only searched, never read back; contentless_delete allows reindexing.
    await run(
      "CREATE VIRTUAL TABLE IF NOT EXISTS goods_search USING fts5(name, brand, category, keywords, intro, " +
        "tokenize = 'unicode61', content = '', contentless_delete = 1)",
    );
    await run("CREATE VIRTUAL TABLE IF NOT EXISTS goods_search_suggest USING fts5(tokens, keyword UNINDEXED, goods_count UNINDEXED, tokenize = 'unicode61')");
  } else {
    await run("CREATE TABLE IF NOT EXISTS goods_search (goods_id integer PRIMARY KEY, document tsvector NOT NULL)");
    await run("CREATE INDEX IF NOT EXISTS idx_goods_search_document ON goods_search USING gin (document)");
    await run(
      "CREATE TABLE IF NOT EXISTS goods_search_suggest (id serial PRIMARY KEY, keyword varchar(255) NOT NULL, " +
        "goods_count integer NOT NULL, document tsvector NOT NULL)",
    );
    await run("CREATE INDEX IF NOT EXISTS idx_goods_search_suggest_document ON goods_search_suggest USING gin (document)");
  }
  // The goods list filters on goods on sale and orders by one of these. Each index leads with the
  // on-sale columns, so counting a list and reading its first page never touch the table rows
  // (wide: goods_content sits before these columns). The planner needs statistics to prefer the
  // category indexes when a category is filtered: rebuildSearchIndex runs ANALYZE.
  const listOrders: Record<string, string[]> = {
    default: ["sort", "sale_num desc", "goods_id desc"],
    sales: ["sale_num"],
    price: ["price_cents"],
    newest: ["create_time"],
    // brand facets of a whole department or the whole shop count from this one alone
    brand: ["brand_id"],
  };
  for (const [name, columns] of Object.entries(listOrders)) {
    await db.schema.createIndex(`idx_goods_list_${name}`).ifNotExists().on("goods").columns(["goods_state", "is_delete", ...columns]).execute();
  }
  // Search hits and facet counts look goods up by id: this covers every list column, so those
  // lookups read the index instead of the wide rows.
  const listColumns = ["goods_state", "is_delete", "sort", "sale_num", "price_cents", "create_time", "is_free_shipping", "brand_id"];
  await db.schema
    .createIndex("idx_goods_list_row")
    .ifNotExists()
    .on("goods")
    .columns(["goods_id", ...listColumns, "category_id_1", "category_id_2", "category_id_3"])
    .execute();
}
