import { sql, type Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";

/** The goods a shopper can see; the goods list writes these as literals (sku-page-query.ts onSale). */
const ON_SALE = "goods_state = 1 AND is_delete = 0";
/** Every column the goods list filters on (sku-page-query.ts filteredGoods). */
const FILTERS = ["category_id_1", "category_id_2", "category_id_3", "brand_id", "price_cents", "is_free_shipping"];

/**
 * Partial, covering indexes of the goods on sale for the goods list (modules/goods/sku-page*.ts).
 * - One per list order, its columns first: a page is read in order, filters checked in the index,
 *   so page 1 reads about 20 entries and page 50 about 1,000, never the wide table rows.
 * - One per selective filter (each category level, brand), that column first: counts and facets of
 *   a category or brand, and deep pages of small lists, read just its goods.
 * Partial: they hold only the goods on sale (the off-shelf and deleted never slow a list).
 * Written as SQL for both databases alike (PostgreSQL reads them index-only once vacuumed).
 */
const INDEXES: Record<string, string[]> = {
  default: ["sort", "sale_num DESC", "goods_id DESC"],
  sales: ["sale_num", "goods_id"],
  price: ["price_cents", "goods_id"],
  newest: ["create_time", "goods_id"],
  category_1: ["category_id_1", "price_cents"],
  category_2: ["category_id_2", "price_cents"],
  category_3: ["category_id_3", "price_cents"],
  brand: ["brand_id", "price_cents"],
};
const ORDER_COLUMNS = ["sort", "sale_num", "create_time", "goods_id"];

export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  for (const [name, leading] of Object.entries(INDEXES)) {
    const leadingNames = leading.map((column) => column.split(" ")[0]!);
    const rest = [...new Set([...FILTERS, ...ORDER_COLUMNS])].filter((column) => !leadingNames.includes(column));
    const columns = [...leading, ...rest].join(", ");
    await sql.raw(`CREATE INDEX IF NOT EXISTS idx_goods_on_sale_${name} ON goods (${columns}) WHERE ${ON_SALE}`).execute(db);
  }
  // A list item is priced from its goods' default SKU (the one flagged, else the first) and shows
  // the goods' stock, the sum over its SKUs (goods-card.ts, goods-stock.ts): both read this alone.
  await sql.raw("CREATE INDEX IF NOT EXISTS idx_goods_sku_default_first ON goods_sku (goods_id, is_default DESC, sku_id, stock)").execute(db);
  // Fresh statistics, so the planner weighs the new indexes (a category's goods against a walk in order).
  await sql`ANALYZE goods`.execute(db);
  await sql`ANALYZE goods_sku`.execute(db);
}
