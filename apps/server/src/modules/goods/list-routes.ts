import type { Api } from "../../core/api.ts";
import { sharedResult } from "../../core/api.ts";
import { cached, DATA_TTL_MS } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { findMemberPricing, FULL_PRICE_PERCENT } from "./detail-member-price.ts";
import { listGoodsSkus } from "./sku-page.ts";
import { listBrandFacets } from "./sku-page-brands.ts";
import { listCategoryFacets } from "./sku-page-categories.ts";
import { listTags } from "./sku-page-query.ts";
import { suggestKeywords } from "../search/suggest.ts";

/**
 * Goods list and search: /api/goodssku/page, the brands and categories of a result, search
 * suggestions. Lists and facets are public data served from the result cache (core/cache), keyed
 * by the validated body (defaults filled in, so equivalent requests share an entry) and, for
 * pages, the shopper's price level: guests share entries, a member's discount is part of the key.
 * Any goods change purges `goods-list`; a page also carries the tags of its goods, and lists
 * filtered by category or keyword those of category and brand names (listTags).
 */
export function registerGoodsListRoutes(api: Api): void {
  const { deps } = api;
  const { db, dialect } = deps;
  api.public("/api/goodssku/page", async (body, ctx) => {
    const memberId = await ctx.optionalMemberId();
    const percent = memberId === undefined ? FULL_PRICE_PERCENT : ((await findMemberPricing(db, memberId))?.consume_discount ?? FULL_PRICE_PERCENT);
    return cached(
      deps,
      `goods-page:${percent}:${JSON.stringify(body)}`,
      (page) => [...listTags(body), ...page.list.map((item) => CacheTag.goods(item.goods_id))],
      DATA_TTL_MS,
      async () => sharedResult(await listGoodsSkus(db, dialect, body, percent)),
    );
  });
  api.public("/api/goodssku/brands", (body) =>
    cached(deps, `goods-brands:${JSON.stringify(body)}`, [...listTags(body), CacheTag.brand], DATA_TTL_MS, async () =>
      sharedResult({ list: await listBrandFacets(db, dialect, body) }),
    ),
  );
  api.public("/api/goodssku/categories", (body) =>
    cached(deps, `goods-categories:${JSON.stringify(body)}`, [...listTags(body), CacheTag.category], DATA_TTL_MS, async () =>
      sharedResult({ list: await listCategoryFacets(db, dialect, body) }),
    ),
  );
  api.public("/api/goods/searchSuggest", async ({ keyword, limit }) => ({ list: await suggestKeywords(db, dialect, keyword, limit) }));
}
