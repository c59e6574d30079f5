import { z } from "zod";
import { endpoint, noBody } from "../endpoint.ts";
import type { Page } from "../codes.ts";

/** Data of /web/sitemap.xml (the storefront renders the XML; robots.txt is served by the server). */

/** The sitemap protocol's limit of URLs per file; longer lists are split under a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

/** An on-shelf goods, by the SKU its page shows (the default SKU). */
export interface SitemapGoods {
  sku_id: number;
  /** unix seconds */
  modify_time: number;
}

export interface SitemapCategory {
  category_id: number;
  level: number;
}

export interface SitemapArticle {
  article_id: number;
  /** unix seconds */
  create_time: number;
}

/** Everything small (categories, articles) and the number of goods pages. */
export interface SitemapOverview {
  categories: SitemapCategory[];
  articles: SitemapArticle[];
  goods_count: number;
}

export const seoEndpoints = {
  "/api/sitemap/overview": endpoint<SitemapOverview>()(noBody),
  /** On-shelf goods by goods id, SITEMAP_MAX_URLS per page. */
  "/api/sitemap/goods": endpoint<Page<SitemapGoods>>()(z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) })),
};
