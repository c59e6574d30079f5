import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Cents } from "@shop/contract";
import { firstSaleableSku } from "../modules/goods/test-fixtures.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { requiredService } from "../test/services.ts";
import { WEB_BUILD_DIR, PAGE_CACHE_HEADER } from "./handler.ts";
import { changeSkuPrice, setGoodsState } from "../modules/goods/goods-admin.ts";
import { saveSetting, getSiteInfo } from "../modules/site/service.ts";

// Skipped without a build of the storefront, a failure under CI=true (npm test builds first).
const storefront = requiredService(
  "the built storefront",
  fs.existsSync(path.join(WEB_BUILD_DIR, "server/index.js")),
  "the storefront is not built (run npm run build)",
);

const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1] ?? "";

describe.skipIf(storefront.skip)(`anonymous page cache${storefront.note}`, () => {
  let t: TestApp;
  let skuId: number;
  let goodsId: number;
  let goodsName: string;

  beforeAll(async () => {
    storefront.require();
    t = await startTestApp({ seed: true, config: { serveWeb: true, pageCache: true, dataCache: true, pageCacheFreshMs: 60_000 } });
    const sku = await firstSaleableSku(t.app.deps.db);
    skuId = sku.sku_id;
    goodsId = sku.goods_id;
    goodsName = sku.goods_name;
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: { host: "127.0.0.1", ...(cookie ? { cookie } : {}) } });

  it("serves but does not keep a page rendered while one of its data calls failed", async () => {
    const { db } = t.app.deps;
    // The footer's help columns fail (their table is gone): the page still renders, without them.
    await sql`alter table help_class rename to help_class_away`.execute(db);
    try {
      const first = await get("/web/goods/category");
      expect(first.statusCode).toBe(200);
      expect(first.headers[PAGE_CACHE_HEADER]).toBe("miss");
      expect((await get("/web/goods/category")).headers[PAGE_CACHE_HEADER]).toBe("miss");
    } finally {
      await sql`alter table help_class_away rename to help_class`.execute(db);
    }
    await get("/web/goods/category");
    expect((await get("/web/goods/category")).headers[PAGE_CACHE_HEADER]).toBe("hit");
  });

  it("answers the second guest from the cache, each response with its own CSP nonce", async () => {
    const first = await get("/web/cms/help/list");
    expect(first.statusCode).toBe(200);
    expect(first.headers[PAGE_CACHE_HEADER]).toBe("miss");
    const second = await get("/web/cms/help/list");
    expect(second.headers[PAGE_CACHE_HEADER]).toBe("hit");

    const firstNonce = nonceOf(String(first.headers["content-security-policy"]));
    const secondNonce = nonceOf(String(second.headers["content-security-policy"]));
    expect(secondNonce).not.toBe(firstNonce);
    expect(second.body).toContain(`nonce="${secondNonce}"`);
    expect(second.body).not.toContain(firstNonce);
    // The same page otherwise.
    expect(second.body.split(secondNonce).join("")).toBe(first.body.split(firstNonce).join(""));
  });

  it("renders for a visitor with a login cookie, and keys guests by the top-ad cookies", async () => {
    const member = await get("/web/cms/help/list", "shop_token=whatever");
    expect(member.headers[PAGE_CACHE_HEADER]).toBe("bypass");
    expect(member.headers["cache-control"]).toBe("private, no-store");
    expect(member.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect((await get("/web/", "top_ad_closes=1")).headers[PAGE_CACHE_HEADER]).toBe("miss");
    expect((await get("/web/", "top_ad_closes=1; other=1")).headers[PAGE_CACHE_HEADER]).toBe("hit");
    expect((await get("/web/", "top_ad_closes=2")).headers[PAGE_CACHE_HEADER]).toBe("miss");
  });

  it("shows a new price on the next guest page once it is changed through the service", async () => {
    const skuPage = `/web/sku/${skuId}`;
    const before = await get(skuPage);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain(goodsName);
    expect((await get(skuPage)).headers[PAGE_CACHE_HEADER]).toBe("hit");
    const listPage = `/web/goods/list?keyword=${encodeURIComponent(goodsName.slice(0, 4))}`;
    await get(listPage);
    expect((await get(listPage)).headers[PAGE_CACHE_HEADER]).toBe("hit");
    expect(before.body).not.toContain("8765.43");

    await changeSkuPrice(t.app.deps.db, skuId, 876543 as Cents);

    const after = await get(skuPage);
    expect(after.headers[PAGE_CACHE_HEADER]).toBe("miss");
    expect(after.body).toContain("8765.43");
    const list = await get(listPage);
    expect(list.headers[PAGE_CACHE_HEADER]).toBe("miss");
    expect(list.body).toContain("8765.43");
  });

  it("drops goods taken off the shelf from cached pages, and every page after a site setting changes", async () => {
    const skuPage = `/web/sku/${skuId}`;
    await get(skuPage);
    expect((await get(skuPage)).headers[PAGE_CACHE_HEADER]).toBe("hit");
    await setGoodsState(t.app.deps.db, t.app.deps.dialect, [goodsId], 0);
    const gone = await get(skuPage);
    expect(gone.headers[PAGE_CACHE_HEADER]).not.toBe("hit");
    expect(gone.body).not.toContain("8765.43");

    await get("/web/cms/help/list");
    expect((await get("/web/cms/help/list")).headers[PAGE_CACHE_HEADER]).toBe("hit");
    const site = await getSiteInfo(t.app.deps.db);
    await saveSetting(t.app.deps.db, "site_info", { ...site, site_name: "缓存清除测试商城" });
    const renamed = await get("/web/cms/help/list");
    expect(renamed.headers[PAGE_CACHE_HEADER]).toBe("miss");
    expect(renamed.body).toContain("缓存清除测试商城");
  });
});
