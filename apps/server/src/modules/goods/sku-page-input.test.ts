import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandFacet } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertMemberLevel, registerMember, type TestMember } from "../auth/testing.ts";
import { insertListCatalog, skuPage, type ListCatalog } from "./sku-page-fixtures.ts";

describe("/api/goodssku/page: member price, brand facets, bad input", () => {
  let t: TestApp;
  let c: ListCatalog;
  let member: TestMember;
  beforeAll(async () => {
    t = await startTestApp();
    c = await insertListCatalog(t);
    const levelId = await insertMemberLevel(t, { level_name: "黄金会员" });
    await t.app.deps.db.updateTable("member_level").set({ consume_discount: 95 }).where("level_id", "=", levelId).execute();
    member = await registerMember(t);
  });
  afterAll(() => t.close());

  const itemOf = async (goodsId: number, options: { token?: string; cookie?: string } = {}) =>
    (await skuPage(t, { goods_id_arr: String(goodsId) }, options)).list[0]!;

  it("gives guests the discount price as member price", async () => {
    const item = await itemOf(c.goods.G);
    expect([item.discount_price, item.member_price]).toEqual(["1499.00", "1499.00"]);
  });

  it("applies the member level's discount for a logged-in member (token or cookie)", async () => {
    // 1499.00 × 95% = 1424.05
    expect((await itemOf(c.goods.G, { token: member.token })).member_price).toBe("1424.05");
    expect((await itemOf(c.goods.G, { cookie: member.cookie })).member_price).toBe("1424.05");
    // 99.00 × 95% = 94.05; the discount price itself is unchanged
    const charger = await itemOf(c.goods.H, { token: member.token });
    expect([charger.discount_price, charger.member_price]).toEqual(["99.00", "94.05"]);
  });

  it("treats an unknown token as a guest", async () => {
    expect((await itemOf(c.goods.G, { token: "not-a-token" })).member_price).toBe("1499.00");
  });

  it("lists the brands of a result, ignoring the brand filter, most goods first", async () => {
    const facets = async (body: object) => {
      const response = await t.call<{ list: BrandFacet[] }>("/api/goodssku/brands", body);
      expect(response.code).toBe(0);
      return response.data.list.map((brand) => [brand.brand_name, brand.goods_count]);
    };
    expect(await facets({})).toEqual([["华为", 3], ["小米", 2], ["海尔", 1]]);
    expect(await facets({ category_id: c.categories.fridge, brand_id: c.brands.haier })).toEqual([["小米", 1], ["海尔", 1]]);
    // The Huawei charger only mentions phones in its introduction: it is no 手机, nor is its brand counted for one.
    expect(await facets({ keyword: "手机" })).toEqual([["华为", 1], ["小米", 1]]);
    expect(await facets({ keyword: "华为" })).toEqual([["华为", 3]]);
    expect(await facets({ keyword: "！！" })).toEqual([]);
  });

  it.each([
    [{ keyword: "手".repeat(51) }, "keyword"],
    [{ keyword: 12 }, "keyword"],
    [{ page: 0 }, "page"],
    [{ page_size: 101 }, "page_size"],
    [{ category_id: "abc" }, "category_id"],
    [{ category_id: -5 }, "category_id"],
    [{ category_id: 3, category_level: 4 }, "category_level"],
    [{ brand_id: 1.5 }, "brand_id"],
    [{ min_price: -1 }, "min_price"],
    [{ max_price: "便宜" }, "max_price"],
    [{ min_price: 100, max_price: 10 }, "max_price"],
    [{ is_free_shipping: 2 }, "is_free_shipping"],
    [{ order: "goods_name" }, "order"],
    [{ sort: "up" }, "sort"],
    [{ goods_id_arr: "1,x" }, "goods_id_arr"],
    [{ goods_id_arr: { id: 1 } }, "goods_id_arr"],
  ])("refuses %j with -10006 naming %s", async (body, field) => {
    const response = await t.call("/api/goodssku/page", body);
    expect(response.code).toBe(-10006);
    expect(response.message).toContain(field);
  });

  it.each(["1.005", "0x10", "1e3", "12.", 99.999])("refuses the price %j instead of rounding it", async (price) => {
    const response = await t.call("/api/goodssku/page", { min_price: price });
    expect(response).toMatchObject({ code: -10006, message: "参数 min_price 格式不正确" });
  });

  it("refuses bad filters of the brand facets and suggestions too", async () => {
    const brands = await t.call("/api/goodssku/brands", { min_price: "x" });
    expect([brands.code, brands.message]).toEqual([-10006, expect.stringContaining("min_price")]);
    const suggest = await t.call("/api/goods/searchSuggest", { keyword: "字".repeat(51) });
    expect([suggest.code, suggest.message]).toEqual([-10006, expect.stringContaining("keyword")]);
  });
});
