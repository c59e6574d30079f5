import type { Api } from "../../core/api.ts";
import { getSitemapOverview, pageSitemapGoods } from "./sitemap-data.ts";
import { cachedFor } from "./sitemap-cache.ts";

/** Data of /web/sitemap.xml (rendered by the storefront's resource route). */
export function registerSitemapRoutes(api: Api): void {
  const { db } = api.deps;
  api.public("/api/sitemap/overview", () => cachedFor(db, "overview", () => getSitemapOverview(db)));
  api.public("/api/sitemap/goods", ({ page }) => cachedFor(db, `goods-${page}`, () => pageSitemapGoods(db, page)));
}
