import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from "kysely";
import type { z } from "zod";
import type { goodsSkuPageBody } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import type { DialectName } from "../../db/connect.ts";
import { goodsSearch, type GoodsSearch } from "../search/search-hits.ts";
import { cached, DATA_TTL_MS } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { COUPON_TAG } from "../coupon/cache.ts";
import { couponGoodsFilter, type CouponGoodsFilter } from "../coupon/goods-filter.ts";

export type SkuPageBody = z.output<typeof goodsSkuPageBody>;
export type ListFilters = Pick<
  SkuPageBody,
  "keyword" | "category_id" | "category_level" | "brand_id" | "min_price" | "max_price" | "is_free_shipping" | "goods_id_arr" | "coupon"
>;

/** Goods rows of a list; with a keyword the search index is joined (see search-hits.ts). */
export type GoodsListQuery = SelectQueryBuilder<DB, "goods", object>;

export interface FilteredGoods {
  query: GoodsListQuery;
  /** set when a keyword filters the list */
  search: GoodsSearch | null;
}

/**
 * What a list's cached answers depend on besides the goods: the category tree when a category
 * filters it (its level is looked up), category and brand names when a keyword does (search-hits.ts),
 * the coupon types when a coupon does (a type's scope; staff edits purge the coupon tag).
 */
export function listTags(filters: Pick<ListFilters, "keyword" | "category_id" | "coupon">): string[] {
  const tags = filters.keyword
    ? [CacheTag.goodsList, CacheTag.category, CacheTag.brand]
    : filters.category_id
      ? [CacheTag.goodsList, CacheTag.category]
      : [CacheTag.goodsList];
  return filters.coupon ? [...tags, COUPON_TAG] : tags;
}

/** The goods column holding its category of each level. */
export const CATEGORY_COLUMNS = { 1: "goods.category_id_1", 2: "goods.category_id_2", 3: "goods.category_id_3" } as const;

/** The level of a category id, when the caller did not say (any level's id is unique). */
export async function categoryLevel(db: Kysely<DB>, categoryId: number): Promise<1 | 2 | 3> {
  const level = await cached({ db }, `category-level:${categoryId}`, [CacheTag.category], DATA_TTL_MS, async () => {
    const row = await db.selectFrom("goods_category").select("level").where("category_id", "=", categoryId).executeTakeFirst();
    return Number(row?.level);
  });
  return level === 2 || level === 3 ? level : 1;
}

/**
 * The goods the `coupon` filter lets through (coupon/goods-filter.ts), cached under the coupon tag;
 * null when none can match: an unknown type, or one whose scope is empty.
 */
export function couponListScope(db: Kysely<DB>, couponTypeId: number): Promise<CouponGoodsFilter | null> {
  return cached({ db }, `coupon-goods:${couponTypeId}`, [COUPON_TAG], DATA_TTL_MS, async () => {
    const filter = await couponGoodsFilter(db, couponTypeId);
    if (!filter || (!filter.all && filter.goodsIds.length === 0 && filter.categoryIds.length === 0)) return null;
    return filter;
  });
}

/**
 * Goods in a coupon's scope, as checkout applies it (coupon/rules.ts lineInScope): one of its
 * goods, or in one of its categories at any level.
 */
export function inCouponScope(scope: { goodsIds: readonly number[]; categoryIds: readonly number[] }) {
  return (eb: ExpressionBuilder<DB, "goods">) =>
    eb.or([
      ...(scope.goodsIds.length > 0 ? [eb("goods.goods_id", "in", scope.goodsIds)] : []),
      ...(scope.categoryIds.length > 0 ? Object.values(CATEGORY_COLUMNS).map((column) => eb(column, "in", scope.categoryIds)) : []),
    ]);
}

/**
 * Goods a shopper can buy. The values are literals, not parameters: the list indexes (migration
 * 0012) are partial indexes of exactly these goods, which a planner can only use when it sees them.
 */
export function onSale<O>(query: SelectQueryBuilder<DB, "goods", O>): SelectQueryBuilder<DB, "goods", O> {
  return query.where("goods.goods_state", "=", sql.lit(1)).where("goods.is_delete", "=", sql.lit(0));
}

/**
 * Goods on sale matching the list filters. Price bounds (cents, parsed exactly by the contract)
 * apply to goods.price_cents, the goods' display price (its default SKU's price, kept on the goods
 * row so the list filters and sorts without a per-row SKU lookup). Returns null when the keyword
 * (or the coupon) cannot match anything. `byRelevance`: the goods will be ordered by a search's relevance
 * (orderGoods without an explicit order).
 */
export async function filteredGoods(
  db: Kysely<DB>,
  dialect: DialectName,
  filters: ListFilters,
  { byRelevance = false }: { byRelevance?: boolean } = {},
): Promise<FilteredGoods | null> {
  let query: GoodsListQuery = onSale(db.selectFrom("goods"));
  let search: GoodsSearch | null = null;
  if (filters.keyword) {
    search = await goodsSearch(db, dialect, filters.keyword);
    if (!search) return null;
    query = search.filter(query, byRelevance);
  }
  if (filters.category_id) {
    const level = filters.category_level ?? (await categoryLevel(db, filters.category_id));
    query = query.where(CATEGORY_COLUMNS[level as 1 | 2 | 3], "=", filters.category_id);
  }
  if (filters.brand_id) query = query.where("goods.brand_id", "=", filters.brand_id);
  if (filters.min_price !== undefined) query = query.where("goods.price_cents", ">=", filters.min_price);
  if (filters.max_price !== undefined) query = query.where("goods.price_cents", "<=", filters.max_price);
  if (filters.is_free_shipping) query = query.where("goods.is_free_shipping", "=", 1);
  if (filters.goods_id_arr?.length) query = query.where("goods.goods_id", "in", filters.goods_id_arr);
  if (filters.coupon) {
    const scope = await couponListScope(db, filters.coupon);
    if (!scope) return null;
    if (!scope.all) query = query.where(inCouponScope(scope));
  }
  return { query, search };
}

/** The goods column of each explicit order. */
export const ORDER_COLUMNS = {
  sale_num: "sale_num",
  discount_price: "price_cents",
  price: "price_cents",
  create_time: "create_time",
} as const;

/**
 * The list order, always ending with the goods id so pages never overlap. An explicit `order`
 * wins; otherwise a search ranks by intent (search-hits.ts), name match, then sales, and a plain
 * list by the goods' own sort, then sales. Each plain order is one of the list indexes, read in
 * order: a page costs its offset plus 20 index entries, not a sort of every match.
 */
export function orderGoods<O>(
  query: SelectQueryBuilder<DB, "goods", O>,
  search: GoodsSearch | null,
  { order, sort }: Pick<SkuPageBody, "order" | "sort">,
): SelectQueryBuilder<DB, "goods", O> {
  if (order) return query.orderBy(`goods.${ORDER_COLUMNS[order]}` as const, sort).orderBy("goods.goods_id", sort);
  if (search) {
    return query
      .orderBy(search.intent, "desc")
      .orderBy(search.inName, "desc")
      .orderBy("goods.sale_num", "desc")
      .orderBy("goods.goods_id", "desc");
  }
  return query.orderBy("goods.sort", "asc").orderBy("goods.sale_num", "desc").orderBy("goods.goods_id", "desc");
}
