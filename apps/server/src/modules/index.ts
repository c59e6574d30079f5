import type { Api } from "../core/api.ts";
import { registerSiteRoutes } from "./site/routes.ts";
import { registerCmsRoutes } from "./cms/routes.ts";
import { registerGoodsRoutes } from "./goods/routes.ts";
import { registerAuthRoutes } from "./auth/routes.ts";
import { registerMemberRoutes } from "./member/routes.ts";
import { registerStoreRoutes } from "./store/routes.ts";
import { registerBrandRoutes } from "./brand/routes.ts";
import { registerSitemapRoutes } from "./seo/sitemap-routes.ts";

/** One registration per domain module; each module owns its routes, services and queries. */
export function registerModules(api: Api): void {
  registerSiteRoutes(api);
  registerCmsRoutes(api);
  registerGoodsRoutes(api);
  registerAuthRoutes(api);
  registerMemberRoutes(api);
  registerStoreRoutes(api);
  registerBrandRoutes(api);
  registerSitemapRoutes(api);
}
