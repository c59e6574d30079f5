import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, SitemapGoods, SitemapOverview } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";

describe("robots.txt and the sitemap's data", () => {
  let t: TestApp;
  let offShelfSkuId = 0;
  beforeAll(async () => {
    t = await startTestApp({ seed: 200, config: { publicHosts: ["shop.example.com"] } });
    const db = t.app.deps.db;
    const goods = await db.selectFrom("goods").select("goods_id").orderBy("goods_id").executeTakeFirstOrThrow();
    await db.updateTable("goods").set({ goods_state: 0 }).where("goods_id", "=", goods.goods_id).execute();
    const sku = await db.selectFrom("goods_sku").select("sku_id").where("goods_id", "=", goods.goods_id).where("is_default", "=", 1).executeTakeFirstOrThrow();
    offShelfSkuId = sku.sku_id;
  });
  afterAll(() => t.close());

  it("serves robots.txt with the disallowed areas and the absolute sitemap URL", async () => {
    const response = await t.app.inject({ method: "GET", url: "/robots.txt", headers: { host: "shop.example.com" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = response.body.split("\n");
    expect(lines).toContain("User-agent: *");
    for (const path of ["/web/member", "/web/auth", "/web/order", "/web/pay", "/api/"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain("Sitemap: http://shop.example.com/web/sitemap.xml");
  });

  it("answers the overview: every shown category with its level, the articles, the goods count", async () => {
    const response = await t.call<SitemapOverview>("/api/sitemap/overview");
    expect(response.code).toBe(0);
    const { categories, articles, goods_count } = response.data;
    const db = t.app.deps.db;
    const shownCount = (await db.selectFrom("goods_category").select("category_id").where("is_show", "=", 1).execute()).length;
    expect(categories).toHaveLength(shownCount);
    expect(new Set(categories.map((category) => category.level))).toEqual(new Set([1, 2, 3]));
    expect(articles.length).toBe((await db.selectFrom("article").select("article_id").execute()).length);
    expect(articles[0]).toEqual({ article_id: expect.any(Number), create_time: expect.any(Number) });
    const onShelf = await db.selectFrom("goods").select("goods_id").where("goods_state", "=", 1).where("is_delete", "=", 0).execute();
    expect(goods_count).toBe(onShelf.length);
  });

  it("pages the on-shelf goods by their default SKU", async () => {
    const response = await t.call<Page<SitemapGoods>>("/api/sitemap/goods", { page: 1 });
    expect(response.code).toBe(0);
    const { list, count, page_count } = response.data;
    expect(page_count).toBe(1);
    expect(list).toHaveLength(count);
    expect(list.map((goods) => goods.sku_id)).not.toContain(offShelfSkuId);
    const defaults = await t.app.deps.db.selectFrom("goods_sku").select("sku_id").where("is_default", "=", 1).execute();
    const defaultIds = new Set(defaults.map((sku) => sku.sku_id));
    expect(list.every((goods) => defaultIds.has(goods.sku_id) && goods.modify_time > 0)).toBe(true);
    expect((await t.call<Page<SitemapGoods>>("/api/sitemap/goods", { page: 2 })).data.list).toEqual([]);
  });

  it("refuses a bad page naming it", async () => {
    for (const page of [0, "x", 1001]) {
      const response = await t.call("/api/sitemap/goods", { page });
      expect(response.code).toBe(-10006);
      expect(response.message).toContain("page");
    }
  });
});
