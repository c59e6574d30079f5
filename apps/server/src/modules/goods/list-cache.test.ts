import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandFacet } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertMemberLevel, registerMember, type TestMember } from "../auth/testing.ts";
import { purgeGoods } from "./goods-cache.ts";
import { idsOf, insertListCatalog, skuPage, type ListCatalog } from "./sku-page-fixtures.ts";

/** The result cache of the goods list, search and facets (list-routes.ts), with DATA_CACHE on. */
describe("goods list result cache", () => {
  let t: TestApp;
  let c: ListCatalog;
  let member: TestMember;
  beforeAll(async () => {
    t = await startTestApp({ config: { dataCache: true } });
    c = await insertListCatalog(t);
    const levelId = await insertMemberLevel(t, { level_name: "黄金会员" });
    await t.app.deps.db.updateTable("member_level").set({ consume_discount: 95 }).where("level_id", "=", levelId).execute();
    member = await registerMember(t);
  });
  afterAll(() => t.close());

  const db = () => t.app.deps.db;
  const priceOfG = async (options: { token?: string } = {}) => {
    const item = (await skuPage(t, { keyword: "冰箱", page: 1 }, options)).list.find((goods) => goods.goods_id === c.goods.G)!;
    return [item.discount_price, item.member_price];
  };

  it("serves a repeated call from the cache until the goods' change is purged", async () => {
    expect(await priceOfG()).toEqual(["1499.00", "1499.00"]);
    await db().updateTable("goods_sku").set({ discount_price_cents: 139900 }).where("sku_id", "=", c.defaultSkuOfG).execute();
    // Not purged: the cached answer stands (the same body with its defaults spelled out shares the entry).
    expect(await priceOfG()).toEqual(["1499.00", "1499.00"]);
    expect((await skuPage(t, { keyword: " 冰箱 ", page: "1", page_size: 10, sort: "DESC" })).list.map((item) => item.discount_price)).toContain("1499.00");
    await purgeGoods(db(), [c.goods.G]);
    expect(await priceOfG()).toEqual(["1399.00", "1399.00"]);
  });

  it("keys pages by the shopper's price level: a member never gets a guest's entry, nor a guest a member's", async () => {
    // 1399.00 × 95% = 1329.05
    expect(await priceOfG({ token: member.token })).toEqual(["1399.00", "1329.05"]);
    expect(await priceOfG()).toEqual(["1399.00", "1399.00"]);
  });

  it("purges counts and facets with the list: goods taken off the shelf leave every cached answer", async () => {
    const brands = async () =>
      (await t.call<{ list: BrandFacet[] }>("/api/goodssku/brands", { keyword: "冰箱" })).data.list.map((brand) => [brand.brand_name, brand.goods_count]);
    expect(await brands()).toEqual([["小米", 1], ["海尔", 1]]);
    const before = await skuPage(t, { page: 2, page_size: 4 });
    await db().updateTable("goods").set({ goods_state: 0 }).where("goods_id", "=", c.goods.D).execute();
    expect(await brands()).toEqual([["小米", 1], ["海尔", 1]]);
    await purgeGoods(db(), [c.goods.D]);
    expect(await brands()).toEqual([["小米", 1]]);
    const after = await skuPage(t, { page: 2, page_size: 4 });
    expect([before.count, after.count]).toEqual([6, 5]);
    expect(idsOf(after)).not.toContain(c.goods.D);
    await db().updateTable("goods").set({ goods_state: 1 }).where("goods_id", "=", c.goods.D).execute();
    await purgeGoods(db(), [c.goods.D]);
  });

  it("sends a cached answer as the bytes JSON.stringify of its envelope gives, made once per second", async () => {
    const body = { keyword: "华为", page: 1 };
    const inject = () => t.app.inject({ method: "POST", url: "/api/goodssku/page", payload: body });
    const [first, second] = [await inject(), await inject()];
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    const envelope = first.json<{ code: number; message: string; data: unknown; timestamp: number }>();
    expect(Object.keys(envelope)).toEqual(["code", "message", "data", "timestamp"]);
    expect(first.body).toBe(JSON.stringify(envelope));
    expect(second.json().data).toEqual(envelope.data);
    expect(Number(first.headers["content-length"])).toBe(Buffer.byteLength(first.body));
  });
});
