import type { Api } from "../../core/api.ts";
import { findMemberPricing, FULL_PRICE_PERCENT } from "./detail-member-price.ts";
import { listGoodsSkus } from "./sku-page.ts";
import { listBrandFacets } from "./sku-page-brands.ts";
import { listCategoryFacets } from "./sku-page-categories.ts";
import { suggestKeywords } from "../search/suggest.ts";

/** Goods list and search: /api/goodssku/page, the brands and categories of a result, search suggestions. */
export function registerGoodsListRoutes(api: Api): void {
  const { db, dialect } = api.deps;
  api.public("/api/goodssku/page", async (body, ctx) => {
    const pricing = await findMemberPricing(db, await ctx.optionalMemberId());
    return listGoodsSkus(db, dialect, body, pricing?.consume_discount ?? FULL_PRICE_PERCENT);
  });
  api.public("/api/goodssku/brands", async (body) => ({ list: await listBrandFacets(db, dialect, body) }));
  api.public("/api/goodssku/categories", async (body) => ({ list: await listCategoryFacets(db, dialect, body) }));
  api.public("/api/goods/searchSuggest", async ({ keyword, limit }) => ({ list: await suggestKeywords(db, dialect, keyword, limit) }));
}
