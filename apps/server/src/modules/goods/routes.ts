import type { Api } from "../../core/api.ts";
import { getCategoryInfo, getCategoryTree } from "./category.ts";
import { registerGoodsListRoutes } from "./list-routes.ts";
import { registerGoodsDetailRoutes } from "./detail-routes.ts";
import { registerCategoryListRoutes } from "./category-lists.ts";
import { registerGoodsAdminRoutes } from "./admin-routes.ts";
import { cachedCall } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";

export function registerGoodsRoutes(api: Api): void {
  const { deps } = api;
  const { db } = deps;
  api.public("/api/goodscategory/tree", ({ level }) => cachedCall(deps, "category-tree", level, [CacheTag.category], () => getCategoryTree(db, level)));
  api.public("/api/goodscategory/info", ({ category_id }) =>
    cachedCall(deps, "category", category_id, [CacheTag.category], () => getCategoryInfo(db, category_id)),
  );
  registerGoodsListRoutes(api);
  registerGoodsDetailRoutes(api);
  registerCategoryListRoutes(api);
  registerGoodsAdminRoutes(api);
}
