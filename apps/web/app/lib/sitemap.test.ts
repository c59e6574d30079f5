import { describe, expect, it } from "vitest";
import { Code, SITEMAP_MAX_URLS, createApiClient, type ApiClient, type SitemapOverview } from "@shop/contract";
import { renderSitemap, urlsetXml } from "./sitemap.ts";
import { loader } from "../routes/sitemap.tsx";

const ORIGIN = "https://shop.example.com";

/** A client answering the two sitemap calls from an overview and a goods count. */
function sitemapApi(overview: SitemapOverview, options: { closed?: boolean } = {}): ApiClient & { goodsPages: number[] } {
  const goodsPages: number[] = [];
  const api = createApiClient(async (path, body) => {
    if (options.closed) return { code: Code.SITE_CLOSED, message: "网站已关闭！", data: null, timestamp: 0 };
    if (path === "/api/sitemap/overview") return { code: 0, message: "", data: overview, timestamp: 0 };
    const page = Number(body.page);
    goodsPages.push(page);
    const start = (page - 1) * SITEMAP_MAX_URLS;
    const size = Math.max(0, Math.min(SITEMAP_MAX_URLS, overview.goods_count - start));
    const list = Array.from({ length: size }, (_, index) => ({ sku_id: start + index + 1, modify_time: 1_700_000_000 }));
    return { code: 0, message: "", data: { count: overview.goods_count, page_count: Math.ceil(overview.goods_count / SITEMAP_MAX_URLS), list }, timestamp: 0 };
  });
  return Object.assign(api, { goodsPages });
}

const overview = (goods_count: number): SitemapOverview => ({
  categories: [{ category_id: 1, level: 1 }, { category_id: 13, level: 2 }],
  articles: [{ article_id: 7, create_time: 1_700_000_000 }],
  goods_count,
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe("sitemap", () => {
  it("lists goods, categories, articles and entry pages with absolute URLs in one urlset", async () => {
    const xml = (await renderSitemap(sitemapApi(overview(3)), ORIGIN, null))!;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const urls = locs(xml);
    expect(urls).toContain("https://shop.example.com/web/");
    expect(urls).toContain("https://shop.example.com/web/goods/list?category_id=13&amp;level=2");
    expect(urls).toContain("https://shop.example.com/web/cms/article/detail?id=7");
    expect(urls).toContain("https://shop.example.com/web/sku/3");
    expect(xml).toContain("<url><loc>https://shop.example.com/web/sku/1</loc><lastmod>2023-11-14</lastmod></url>");
  });

  it("turns into an index of parts past 50,000 URLs, each part within the limit", async () => {
    const api = sitemapApi(overview(SITEMAP_MAX_URLS + 10));
    const index = (await renderSitemap(api, ORIGIN, null))!;
    expect(index).toContain("<sitemapindex");
    expect(locs(index)).toEqual([
      "https://shop.example.com/web/sitemap.xml?part=pages",
      "https://shop.example.com/web/sitemap.xml?part=goods-1",
      "https://shop.example.com/web/sitemap.xml?part=goods-2",
    ]);
    expect(locs((await renderSitemap(api, ORIGIN, "goods-1"))!)).toHaveLength(SITEMAP_MAX_URLS);
    expect(locs((await renderSitemap(api, ORIGIN, "goods-2"))!)).toHaveLength(10);
    expect(locs((await renderSitemap(api, ORIGIN, "pages"))!)).toHaveLength(6 + 2 + 1);
    expect(await renderSitemap(api, ORIGIN, "goods-3")).toBeNull();
    expect(await renderSitemap(api, ORIGIN, "nonsense")).toBeNull();
  });

  it("escapes XML", () => {
    expect(urlsetXml([{ loc: "https://a.test/?a=1&b=<'\">" }])).toContain("<loc>https://a.test/?a=1&amp;b=&lt;&apos;&quot;&gt;</loc>");
  });

  it("is served as application/xml by the resource route, 404 for unknown parts, 503 while closed", async () => {
    const call = (api: ApiClient, url: string) =>
      loader({ context: { api }, request: new Request(url), params: {} } as unknown as Parameters<typeof loader>[0]);
    const response = await call(sitemapApi(overview(2)), "http://127.0.0.1:3209/web/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(await response.text()).toContain("<loc>http://127.0.0.1:3209/web/sku/2</loc>");
    expect((await call(sitemapApi(overview(2)), "http://x.test/web/sitemap.xml?part=goods-9")).status).toBe(404);
    const closed = await call(sitemapApi(overview(2), { closed: true }), "http://x.test/web/sitemap.xml");
    expect(closed.status).toBe(503);
    expect(closed.headers.get("Retry-After")).toBe("600");
  });
});
