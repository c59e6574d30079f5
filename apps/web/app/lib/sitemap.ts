import { SITEMAP_MAX_URLS, type ApiClient, type SitemapGoods, type SitemapOverview } from "@shop/contract";

/**
 * /web/sitemap.xml (sitemaps.org protocol). Small shops get one <urlset>; past SITEMAP_MAX_URLS
 * it becomes a <sitemapindex> of parts: `?part=pages` (fixed pages, categories, articles) and
 * `?part=goods-N` (N-th block of goods, as the server pages them).
 */

export interface SitemapUrl {
  loc: string;
  /** unix seconds; omitted when unknown */
  lastmod?: number;
}

/** Entry pages worth crawling besides categories, goods and articles. */
const FIXED_PATHS = ["/", "/goods/category", "/goods/brand", "/street", "/cms/article/list", "/cms/notice/list"];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);

const isoDate = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export function urlsetXml(urls: SitemapUrl[]): string {
  const entries = urls.map(({ loc, lastmod }) =>
    lastmod && lastmod > 0 ? `<url><loc>${escapeXml(loc)}</loc><lastmod>${isoDate(lastmod)}</lastmod></url>` : `<url><loc>${escapeXml(loc)}</loc></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(locations: string[]): string {
  const entries = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

/** Absolute storefront URLs: `origin` + /web + app path. */
export function storefrontUrl(origin: string, path: string): string {
  return `${origin}/web${path === "/" ? "/" : path}`;
}

export function pageUrls(origin: string, overview: SitemapOverview): SitemapUrl[] {
  return [
    ...FIXED_PATHS.map((path) => ({ loc: storefrontUrl(origin, path) })),
    ...overview.categories.map((category) => ({
      loc: storefrontUrl(origin, `/goods/list?category_id=${category.category_id}&level=${category.level}`),
    })),
    ...overview.articles.map((article) => ({
      loc: storefrontUrl(origin, `/cms/article/detail?id=${article.article_id}`),
      lastmod: article.create_time,
    })),
  ];
}

export const goodsUrls = (origin: string, goods: SitemapGoods[]): SitemapUrl[] =>
  goods.map((item) => ({ loc: storefrontUrl(origin, `/sku/${item.sku_id}`), lastmod: item.modify_time }));

/** One document of the sitemap, or null for an unknown part. */
export async function renderSitemap(api: ApiClient, origin: string, part: string | null): Promise<string | null> {
  const goodsPart = part ? /^goods-([1-9]\d{0,2}|1000)$/.exec(part) : null;
  if (goodsPart) {
    const goods = await api.call("/api/sitemap/goods", { page: Number(goodsPart[1]) });
    return goods.list.length ? urlsetXml(goodsUrls(origin, goods.list)) : null;
  }
  if (part !== null && part !== "pages") return null;

  if (part === "pages") return urlsetXml(pageUrls(origin, await api.call("/api/sitemap/overview")).slice(0, SITEMAP_MAX_URLS));

  // Most shops fit in one file: ask for the first goods block alongside, rather than after, the overview.
  const [overview, firstGoods] = await Promise.all([api.call("/api/sitemap/overview"), api.call("/api/sitemap/goods", { page: 1 })]);
  const pages = pageUrls(origin, overview);
  if (pages.length + overview.goods_count <= SITEMAP_MAX_URLS) return urlsetXml([...pages, ...goodsUrls(origin, firstGoods.list)]);
  const goodsParts = Math.ceil(overview.goods_count / SITEMAP_MAX_URLS);
  const partUrl = (name: string) => `${storefrontUrl(origin, "/sitemap.xml")}?part=${name}`;
  return sitemapIndexXml([partUrl("pages"), ...Array.from({ length: goodsParts }, (_, index) => partUrl(`goods-${index + 1}`))]);
}
