import { sql, type Kysely } from "kysely";
import type { GoodsSkuItem, Page } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import type { DialectName } from "../../db/connect.ts";
import { effectivePageSize } from "../../core/paging.ts";
import { cached, DATA_TTL_MS } from "../../core/cache/public-cache.ts";
import { FULL_PRICE_PERCENT } from "./detail-member-price.ts";
import { loadListItems } from "./sku-page-items.ts";
import { tagListPromotions } from "../promotion/list-tags.ts";
import { filteredGoods, listTags, orderGoods, type FilteredGoods, type ListFilters, type SkuPageBody } from "./sku-page-query.ts";
import { rankedGoodsPage } from "./sku-page-search.ts";

const EMPTY_PAGE: Page<GoodsSkuItem> = { page_count: 0, count: 0, list: [] };

/**
 * /api/goodssku/page: the page of goods ids is chosen first — on the goods table alone (filters,
 * order, count), or for a search on SQLite from the index in rank order (sku-page-search.ts) —
 * then only those goods are read with their default SKU and priced for the shopper.
 */
export async function listGoodsSkus(
  db: Kysely<DB>,
  dialect: DialectName,
  body: SkuPageBody,
  discountPercent: number = FULL_PRICE_PERCENT,
): Promise<Page<GoodsSkuItem>> {
  const size = effectivePageSize(body.page_size);
  const slice = { size, offset: (Math.max(1, body.page) - 1) * size };
  const selected = body.keyword && dialect === "sqlite" ? await rankedGoodsPage(db, body, slice) : await selectGoods(db, dialect, body, slice);
  if (!selected || selected.count === 0) return EMPTY_PAGE;
  const list = await loadListItems(db, dialect, selected.goodsIds, discountPercent);
  // `promotion` (秒杀 / 团购 and its price) is part of the answer list-routes.ts caches, rather than
  // filled after the cache: every moment it changes already purges `goods-list` — staff changes and
  // sell-outs at once, group-buy starts and ends and seckill slot boundaries by their durable jobs
  // (modules/seckill/cache.ts, modules/groupbuy/window.ts) — so a cached page is never older than
  // the promotion it shows, and cache hits cost nothing more. On a miss the providers cost little
  // when nothing runs: a per-process snapshot of the slots (seckill) or of the group buys' span
  // (groupbuy/list-tags.ts) answers "nothing on now" without a query.
  await tagListPromotions(db, list);
  return { page_count: Math.ceil(selected.count / size), count: selected.count, list };
}

/** The page's goods ids and the list's count, from a goods query (lists, and PostgreSQL's searches); null when the keyword cannot match. */
async function selectGoods(db: Kysely<DB>, dialect: DialectName, body: SkuPageBody, slice: Slice) {
  const filtered = await filteredGoods(db, dialect, body, { byRelevance: !body.order });
  if (!filtered) return null;
  return filtered.search ? searchPage(db, filtered, body, slice) : listPage(db, filtered, body, slice);
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
const filterKey = ({ keyword, category_id, category_level, brand_id, min_price, max_price, is_free_shipping, goods_id_arr, coupon }: ListFilters) =>
  JSON.stringify([keyword, category_id, category_level, brand_id, min_price, max_price, is_free_shipping, goods_id_arr, coupon]);

/** How many goods match the filters: counted once per filter set (cached), whichever page or order is asked. */
function countGoods(db: Kysely<DB>, filtered: FilteredGoods, filters: ListFilters): Promise<number> {
  return cached({ db }, `goods-count:${filterKey(filters)}`, listTags(filters), DATA_TTL_MS, async () => {
    const row = await filtered.query.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirst();
    return Number(row?.count ?? 0);
  });
}
