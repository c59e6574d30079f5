import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryFacet } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertListCatalog, skuPage, type ListCatalog } from "./sku-page-fixtures.ts";

describe("/api/goodssku/categories: the categories of a result", () => {
  let t: TestApp;
  let c: ListCatalog;
  beforeAll(async () => {
    t = await startTestApp();
    c = await insertListCatalog(t);
  });
  afterAll(() => t.close());

  const facets = async (body: object) => {
    const response = await t.call<{ list: CategoryFacet[] }>("/api/goodssku/categories", body);
    expect(response.code, response.message).toBe(0);
    return response.data.list;
  };
  const counts = async (body: object) => (await facets(body)).map((category) => [category.category_name, category.goods_count]);

  it("offers the level-1 categories with goods in the result, most goods first, with their fields", async () => {
    expect(await counts({})).toEqual([["数码", 4], ["家电", 2]]);
    const [digital] = await facets({});
    expect(digital).toEqual({ category_id: c.categories.digital, category_name: "数码", short_name: "", pid: 0, level: 1, goods_count: 4 });
    // 手机 finds the two phones, not the charger whose introduction merely names phones: no 家电.
    expect(await counts({ keyword: "手机" })).toEqual([["数码", 2]]);
  });

  it("offers the children of a category, and the siblings of a level-3 one, that hold matching goods", async () => {
    expect(await counts({ keyword: "华为", category_id: c.categories.digital, category_level: 1 })).toEqual([["影音", 2], ["手机通讯", 1]]);
    expect(await counts({ keyword: "华为", category_id: c.categories.digital })).toEqual([["影音", 2], ["手机通讯", 1]]);
    expect(await counts({ keyword: "手机", category_id: c.categories.phones })).toEqual([["手机", 2]]);
    expect(await counts({ keyword: "华为", category_id: c.categories.phone, category_level: 3 })).toEqual([["手机", 1]]);
    expect(await counts({ category_id: c.categories.earphone })).toEqual([["耳机", 2]]);
    expect(await counts({ category_id: c.categories.fridge })).toEqual([["冰箱", 2]]);
  });

  it("counts what the list with that category would show (the brand filter left out, as choosing a category drops it)", async () => {
    const withBrand = await counts({ keyword: "手机", brand_id: c.brands.xiaomi });
    expect(withBrand).toEqual(await counts({ keyword: "手机" }));
    for (const facet of await facets({ keyword: "手机", category_id: c.categories.digital })) {
      const listed = await skuPage(t, { keyword: "手机", category_id: facet.category_id, category_level: facet.level });
      expect(listed.count, facet.category_name).toBe(facet.goods_count);
    }
    // Price and shipping filters narrow the facets like the list.
    expect(await counts({ max_price: 300 })).toEqual([["数码", 2]]);
    expect(await counts({ is_free_shipping: 1 })).toEqual([["数码", 2]]);
  });

  it("leaves out hidden categories and answers [] when nothing can match", async () => {
    const db = t.app.deps.db;
    await db.updateTable("goods_category").set({ is_show: 0 }).where("category_id", "=", c.categories.audio).execute();
    try {
      expect(await counts({ category_id: c.categories.digital })).toEqual([["手机通讯", 2]]);
    } finally {
      await db.updateTable("goods_category").set({ is_show: 1 }).where("category_id", "=", c.categories.audio).execute();
    }
    expect(await facets({ category_id: 999_999 })).toEqual([]);
    expect(await facets({ category_id: c.categories.digital, category_level: 2 })).toEqual([]);
    expect(await facets({ keyword: "！！" })).toEqual([]);
    expect(await facets({ keyword: "qqzzxx" })).toEqual([]);
    expect(await facets({ goods_id_arr: [c.goods.E, c.goods.F] })).toEqual([]);
  });

  it.each([
    [{ min_price: 100, max_price: 10 }, "max_price"],
    [{ category_level: 4, category_id: 1 }, "category_level"],
    [{ keyword: "手".repeat(51) }, "keyword"],
    [{ brand_id: "x" }, "brand_id"],
  ])("refuses %j with -10006 naming %s", async (body, field) => {
    const response = await t.call("/api/goodssku/categories", body);
    expect(response.code).toBe(-10006);
    expect(response.message).toContain(field);
  });
});
