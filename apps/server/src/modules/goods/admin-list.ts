import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import { formatYuan } from "@shop/contract";
import type { Page } from "@shop/contract/codes";
import type { StaffGoodsItem } from "@shop/contract/domains/goods-admin";
import type { DB } from "../../db/schema.ts";
import type { Db } from "../../db/unit-of-work.ts";

/**
 * The back office's goods list (/shopapi/goods/lists) and recycle bin (/shopapi/goods/recycle).
 * Built for the 100k-SKU catalogue: a page reads the goods in the order of an index of migration
 * 0031 (is_delete, order column, goods_id) and stops after the page; a category filters on its
 * level's indexed column; the stock alarm reads a partial index of the SKUs at or below their
 * alarm; SKU figures (stock, counts) are summed for the page's goods only. Sorting by stock reads
 * goods.stock_total, the SKUs' sum kept by database triggers (migration 0034, ADR 0029), through
 * its own index like the other orders; the stock shown is still summed from the SKUs (ADR 0007).
 */
export interface GoodsListFilter {
  page: number;
  page_size: number;
  search_text: string;
  category_id?: number;
  brand_id?: number;
  label_id?: number;
  goods_class?: number;
  goods_state?: number;
  stockalarm?: number;
  order?: "" | "create_time" | "price" | "sale_num" | "stock" | "sort";
  sort?: "asc" | "desc";
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export type GoodsQuery = SelectQueryBuilder<DB, "goods", object>;

/**
 * How a search text selects goods. "set" (the default): the ids of the goods whose name matches,
 * read from the narrow name index of migration 0031, or whose SKU number is the text; the query
 * then reads those goods only, so its cost follows the number of matches. A SKU number or a rare
 * word is as quick as a common one (tested row by row along the order's index, they read every
 * goods row: 200 ms on 34k goods), and a count with a filter outside the name index (state, class)
 * no longer reads the whole table (70 ms). "walk": the name tested on the goods rows met along the
 * order's index, cheaper when matches are so common that a page fills after a few rows (ADR 0029).
 */
export type SearchForm = "set" | "walk";

/** The list's filters on a goods query (also the export's: admin-export.ts). */
export async function applyFilters(
  db: Db, query: GoodsQuery, filter: Omit<GoodsListFilter, "page" | "page_size">, deleted: 0 | 1, search: SearchForm = "set",
): Promise<GoodsQuery> {
  let filtered = query.where("goods.is_delete", "=", deleted);
  if (filter.search_text) {
    const text = filter.search_text;
    const named = sql`${likeText(text)} escape '\\'`;
    const bySkuNo = (eb: ExpressionBuilder<DB, "goods">) =>
      eb.selectFrom("goods_sku").select("goods_sku.goods_id").where("goods_sku.sku_no", "=", text).where("goods_sku.sku_no", "<>", "");
    filtered = filtered.where((eb) =>
      search === "walk"
        ? eb.or([eb(sql`goods.goods_name`, "like", named), eb("goods.goods_id", "in", bySkuNo(eb))])
        : eb("goods.goods_id", "in", eb.selectFrom("goods as named").select("named.goods_id").where("named.is_delete", "=", deleted)
          .where(sql`named.goods_name`, "like", named).union(bySkuNo(eb))),
    );
  }
  if (filter.category_id) {
    const category = await db.selectFrom("goods_category").select("level").where("category_id", "=", filter.category_id).executeTakeFirst();
    const level = category?.level === 2 ? 2 : category?.level === 3 ? 3 : 1;
    filtered = filtered.where(`goods.category_id_${level}`, "=", filter.category_id);
  }
  if (filter.brand_id) filtered = filtered.where("goods.brand_id", "=", filter.brand_id);
  if (filter.label_id) filtered = filtered.where("goods.label_id", "=", filter.label_id);
  if (filter.goods_class !== undefined) filtered = filtered.where("goods.goods_class", "=", filter.goods_class);
  if (filter.goods_state !== undefined) filtered = filtered.where("goods.goods_state", "=", filter.goods_state);
  if (filter.stockalarm === 1) {
    // Written as the partial index's predicate (migration 0031), so both databases read only it.
    filtered = filtered.where("goods.goods_id", "in", (eb) =>
      eb.selectFrom("goods_sku").select("goods_sku.goods_id").where(sql<boolean>`stock_alarm > 0 AND stock <= stock_alarm`),
    );
  }
  return filtered;
}

const ORDER_COLUMNS = {
  create_time: "goods.create_time", price: "goods.price_cents", sale_num: "goods.sale_num", sort: "goods.sort", stock: "goods.stock_total",
} as const;

function ordered(query: GoodsQuery, filter: GoodsListFilter, deleted: 0 | 1): GoodsQuery {
  const direction = filter.sort === "asc" ? "asc" : "desc";
  const column = deleted === 1 && !filter.order ? "goods.delete_time" : ORDER_COLUMNS[filter.order || "create_time"];
  return query.orderBy(column, direction).orderBy("goods.goods_id", direction);
}

/**
 * A search matching at least this many times the goods up to the page's end walks the order's index
 * instead (SearchForm): it meets a match every catalogue / matches rows, so the page is full after
 * at most 1/20 of the catalogue, where the set would read all the (many) matches.
 */
const WALK_SEARCH_FACTOR = 20;

export async function listStaffGoods(db: Db, filter: GoodsListFilter, deleted: 0 | 1 = 0): Promise<Page<StaffGoodsItem>> {
  const base = await applyFilters(db, db.selectFrom("goods"), filter, deleted);
  const [{ count } = { count: 0 }] = await base.select((eb) => eb.fn.countAll<number>().as("count")).execute();
  const total = Number(count);
  const offset = (filter.page - 1) * filter.page_size;
  const walk = filter.search_text && total >= WALK_SEARCH_FACTOR * (offset + filter.page_size);
  const selected = walk ? await applyFilters(db, db.selectFrom("goods"), filter, deleted, "walk") : base;
  const rows = await ordered(selected, filter, deleted)
    .select([
      "goods.goods_id", "goods.goods_name", "goods.goods_image", "goods.goods_class", "goods.goods_state", "goods.price_cents",
      "goods.market_price_cents", "goods.sale_num", "goods.virtual_sale", "goods.brand_name", "goods.label_name", "goods.sort",
      "goods.create_time", "goods.timer_on", "goods.timer_off", "goods.delete_time",
    ])
    .limit(filter.page_size)
    .offset(offset)
    .execute();
  const ids = rows.map((row) => row.goods_id);
  const figures = ids.length === 0 ? [] : await db
    .selectFrom("goods_sku")
    .select((eb) => [
      "goods_id",
      eb.fn.sum<number>("stock").as("stock"),
      eb.fn.countAll<number>().as("skus"),
      eb.fn.sum<number>(sql`case when stock_alarm > 0 and stock <= stock_alarm then 1 else 0 end`).as("alarms"),
    ])
    .where("goods_id", "in", ids)
    .groupBy("goods_id")
    .execute();
  const byGoods = new Map(figures.map((figure) => [figure.goods_id, figure]));
  return {
    count: total,
    page_count: Math.ceil(total / filter.page_size),
    list: rows.map((row) => {
      const figure = byGoods.get(row.goods_id);
      return {
        goods_id: row.goods_id,
        goods_name: row.goods_name,
        goods_image: row.goods_image.split(",")[0] ?? "",
        goods_class: row.goods_class,
        goods_state: row.goods_state,
        price: formatYuan(row.price_cents),
        market_price: formatYuan(row.market_price_cents),
        goods_stock: Number(figure?.stock ?? 0),
        sale_num: row.sale_num,
        virtual_sale: row.virtual_sale,
        sku_count: Number(figure?.skus ?? 0),
        stock_alarm_count: Number(figure?.alarms ?? 0),
        brand_name: row.brand_name,
        label_name: row.label_name,
        sort: row.sort,
        create_time: row.create_time,
        timer_on: row.timer_on,
        timer_off: row.timer_off,
        delete_time: row.delete_time,
      };
    }),
  };
}
