import type { Api } from "../../core/api.ts";
import { brandInfo, countBrandInitials, pageBrands } from "./service.ts";
import { cachedCall } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";

/** The brand wall (/goods/brand) and the brand of a goods list. */
export function registerBrandRoutes(api: Api): void {
  const { deps } = api;
  const { db } = deps;
  // Brands are listed when they have goods on sale: goods changes can change the wall too.
  const tags = [CacheTag.brand, CacheTag.goodsList];
  api.public("/api/goodsbrand/page", (body) => cachedCall(deps, "brand-page", body, tags, () => pageBrands(db, body)));
  api.public("/api/goodsbrand/initials", () => cachedCall(deps, "brand-initials", null, tags, () => countBrandInitials(db)));
  api.public("/api/goodsbrand/info", ({ brand_id }) => cachedCall(deps, "brand", brand_id, [CacheTag.brand], () => brandInfo(db, brand_id)));
}
