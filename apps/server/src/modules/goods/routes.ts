import type { Api } from "../../core/api.ts";
import { getCategoryInfo, getCategoryTree } from "./category.ts";
import { registerGoodsListRoutes } from "./list-routes.ts";
import { registerGoodsDetailRoutes } from "./detail-routes.ts";
import { registerCategoryListRoutes } from "./category-lists.ts";

export function registerGoodsRoutes(api: Api): void {
  const { db } = api.deps;
  api.public("/api/goodscategory/tree", ({ level }) => getCategoryTree(db, level));
  api.public("/api/goodscategory/info", ({ category_id }) => getCategoryInfo(db, category_id));
  registerGoodsListRoutes(api);
  registerGoodsDetailRoutes(api);
  registerCategoryListRoutes(api);
}
