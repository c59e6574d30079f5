import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../../db/schema.ts";
import { goodsSearch } from "../search/search-hits.ts";
import { rankedSearchPage, type RankedSearchPage, type RankedSearchQuery } from "../search/search-ranked.ts";
import { searchTags } from "../search/search-tables.ts";
import { categoryLevel, couponListScope, ORDER_COLUMNS, type SkuPageBody } from "./sku-page-query.ts";

const LEVELS = [1, 2, 3] as const;

/**
 * SQLite: a keyword search's page of goods ids, read from the index in rank order
 * (search/search-ranked.ts). The category, brand and shipping filters are index tags; price
 * bounds and goods ids are checked on the goods rows. A coupon's scope is any of its categories'
 * tags (every level), or, when it names goods, checked on the goods rows (coupon/rules.ts
 * lineInScope). Null when the keyword or the coupon cannot match.
 */
export async function rankedGoodsPage(db: Kysely<DB>, body: SkuPageBody, slice: { size: number; offset: number }): Promise<RankedSearchPage | null> {
  const search = await goodsSearch(db, "sqlite", body.keyword!);
  if (!search) return null;
  const coupon = body.coupon ? await couponListScope(db, body.coupon) : undefined;
  if (coupon === null) return null;
  const tags: RankedSearchQuery["tags"] = [];
  if (body.category_id) tags.push(searchTags.category((body.category_level ?? (await categoryLevel(db, body.category_id))) as 1 | 2 | 3, body.category_id));
  if (body.brand_id) tags.push(searchTags.brand(body.brand_id));
  if (body.is_free_shipping) tags.push(searchTags.freeShipping);
  const goodsConditions: Array<RawBuilder<unknown>> = [];
  if (body.min_price !== undefined) goodsConditions.push(sql`g.price_cents >= ${body.min_price}`);
  if (body.max_price !== undefined) goodsConditions.push(sql`g.price_cents <= ${body.max_price}`);
  if (body.goods_id_arr?.length) goodsConditions.push(sql`g.goods_id in (${sql.join(body.goods_id_arr)})`);
  if (coupon && !coupon.all) {
    const { goodsIds, categoryIds } = coupon;
    if (goodsIds.length === 0) tags.push(categoryIds.flatMap((id) => LEVELS.map((level) => searchTags.category(level, id))));
    else {
      const inCategories = categoryIds.length === 0 ? [] : LEVELS.map((level) => sql`${sql.ref(`g.category_id_${level}`)} in (${sql.join(categoryIds)})`);
      goodsConditions.push(sql`(${sql.join([sql`g.goods_id in (${sql.join(goodsIds)})`, ...inCategories], sql` or `)})`);
    }
  }
  const query: RankedSearchQuery = { tags, goodsConditions, offset: slice.offset, size: slice.size };
  if (body.order) query.order = { column: ORDER_COLUMNS[body.order], direction: body.sort };
  return rankedSearchPage(db, search, query);
}
