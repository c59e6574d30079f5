import { sql, type Kysely } from "kysely";
import type { GoodsSkuItem, Page } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import type { DialectName } from "../../db/connect.ts";
import { effectivePageSize } from "../../core/paging.ts";
import { cached, DATA_TTL_MS } from "../../core/cache/public-cache.ts";
import { yuan } from "../../core/money.ts";
import { goodsWithDefaultSku } from "./goods-card.ts";
import { goodsStockColumn } from "./goods-stock.ts";
import { FULL_PRICE_PERCENT, memberPriceCents } from "./detail-member-price.ts";
import { filteredGoods, listTags, orderGoods, type FilteredGoods, type ListFilters, type SkuPageBody } from "./sku-page-query.ts";

const EMPTY_PAGE: Page<GoodsSkuItem> = { page_count: 0, count: 0, list: [] };

/**
 * /api/goodssku/page: the page of goods ids is chosen on the goods table alone (filters, order,
 * count), then only those goods are read with their default SKU and priced for the shopper.
 */
export async function listGoodsSkus(
  db: Kysely<DB>,
  dialect: DialectName,
  body: SkuPageBody,
  discountPercent: number = FULL_PRICE_PERCENT,
): Promise<Page<GoodsSkuItem>> {
  const filtered = await filteredGoods(db, dialect, body);
  if (!filtered) return EMPTY_PAGE;
  const size = effectivePageSize(body.page_size);
  const slice = { size, offset: (Math.max(1, body.page) - 1) * size };
  const { goodsIds, count } = filtered.search ? await searchPage(db, filtered, body, slice) : await listPage(db, filtered, body, slice);
  if (count === 0) return EMPTY_PAGE;
  return { page_count: Math.ceil(count / size), count, list: await loadListItems(db, goodsIds, discountPercent) };
}

interface Slice {
  size: number;
  offset: number;
}

/** A plain list: counted once per filter set (cached), then read in the order of an index, offset + size entries. */
async function listPage(db: Kysely<DB>, filtered: FilteredGoods, body: SkuPageBody, { size, offset }: Slice) {
  const count = await countGoods(db, filtered, body);
  const rows = offset < count ? await orderGoods(filtered.query.select("goods.goods_id"), null, body).limit(size).offset(offset).execute() : [];
  return { goodsIds: rows.map((row) => row.goods_id), count };
}

/**
 * A search sorts all its matches anyway: the count comes with the page, a window over the same
 * rows, rather than from a second pass over the matches (on PostgreSQL the pass is most of the
 * cost). Counted apart only for a page past the end.
 */
async function searchPage(db: Kysely<DB>, filtered: FilteredGoods, body: SkuPageBody, { size, offset }: Slice) {
  const rows = await orderGoods(filtered.query.select(["goods.goods_id", sql<number | string>`count(*) over ()`.as("total")]), filtered.search, body)
    .limit(size)
    .offset(offset)
    .execute();
  const count = rows[0] ? Number(rows[0].total) : await countGoods(db, filtered, body);
  return { goodsIds: rows.map((row) => row.goods_id), count };
}

/** The filters of a list, the same for all its pages and orders: the key of its count. */
const filterKey = ({ keyword, category_id, category_level, brand_id, min_price, max_price, is_free_shipping, goods_id_arr }: ListFilters) =>
  JSON.stringify([keyword, category_id, category_level, brand_id, min_price, max_price, is_free_shipping, goods_id_arr]);

/** How many goods match the filters: counted once per filter set (cached), whichever page or order is asked. */
function countGoods(db: Kysely<DB>, filtered: FilteredGoods, filters: ListFilters): Promise<number> {
  return cached({ db }, `goods-count:${filterKey(filters)}`, listTags(filters), DATA_TTL_MS, async () => {
    const row = await filtered.query.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirst();
    return Number(row?.count ?? 0);
  });
}

/** The items of these goods, in the ids' order (goods without a SKU are left out). */
async function loadListItems(db: Kysely<DB>, goodsIds: number[], discountPercent: number): Promise<GoodsSkuItem[]> {
  if (goodsIds.length === 0) return [];
  const rows = await goodsWithDefaultSku(db)
    .select([
      "goods.goods_id", "goods.goods_name", "goods.goods_image", goodsStockColumn, "goods.sale_num",
      "goods.is_free_shipping", "goods.introduction", "goods.unit", "goods.max_buy", "goods.min_buy", "goods.label_name",
      "goods.brand_id", "goods.brand_name", "sku.sku_id", "sku.sku_name", "sku.price_cents", "sku.market_price_cents",
      "sku.discount_price_cents", "sku.stock", "sku.sku_image",
    ])
    .where("goods.goods_id", "in", goodsIds)
    .execute();
  const byId = new Map(rows.map((row) => [row.goods_id, row]));
  return goodsIds.flatMap((goodsId) => {
    const row = byId.get(goodsId);
    return row ? [toListItem(row, discountPercent)] : [];
  });
}

type ListItemRow = Omit<GoodsSkuItem, "goods_stock" | "price" | "market_price" | "discount_price" | "member_price" | "promotion_type"> & {
  goods_stock: number | string;
  price_cents: number;
  market_price_cents: number;
  discount_price_cents: number;
};

/**
 * A row as the wire's item. Every field is named rather than spread (`{ ...fields }`): V8 in
 * Node 20 takes over 10 µs per object for rest/spread of a row, 20 rows a page.
 */
const toListItem = (row: ListItemRow, discountPercent: number): GoodsSkuItem => ({
  goods_id: row.goods_id,
  goods_name: row.goods_name,
  goods_image: row.goods_image,
  sale_num: row.sale_num,
  is_free_shipping: row.is_free_shipping,
  introduction: row.introduction,
  unit: row.unit,
  max_buy: row.max_buy,
  min_buy: row.min_buy,
  label_name: row.label_name,
  brand_id: row.brand_id,
  brand_name: row.brand_name,
  sku_id: row.sku_id,
  sku_name: row.sku_name,
  stock: row.stock,
  sku_image: row.sku_image,
  goods_stock: Number(row.goods_stock),
  price: yuan(row.price_cents),
  market_price: yuan(row.market_price_cents),
  discount_price: yuan(row.discount_price_cents),
  member_price: yuan(memberPriceCents(row.discount_price_cents, discountPercent)),
  promotion_type: 0,
});
