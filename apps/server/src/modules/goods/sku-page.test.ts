import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { idsOf, insertListCatalog, skuPage, type ListCatalog } from "./sku-page-fixtures.ts";

describe("/api/goodssku/page: filters, order, paging", () => {
  let t: TestApp;
  let c: ListCatalog;
  beforeAll(async () => {
    t = await startTestApp();
    c = await insertListCatalog(t);
  });
  afterAll(() => t.close());

  const ids = async (body: object) => idsOf(await skuPage(t, body));

  it("lists goods on sale once each, by the goods' sort then sales", async () => {
    const { A, B, C, D, G, H } = c.goods;
    expect(await ids({})).toEqual([H, B, C, A, D, G]);
  });

  it("prices an item from its default SKU, money as strings", async () => {
    const page = await skuPage(t, { goods_id_arr: String(c.goods.G) });
    expect(page.list).toEqual([
      {
        goods_id: c.goods.G, sku_id: c.defaultSkuOfG, sku_name: "小米 冰箱 306升", goods_name: "小米 冰箱",
        price: "1599.00", market_price: "1999.00", discount_price: "1499.00", member_price: "1499.00", stock: 7,
        goods_stock: 10, sale_num: 10, sku_image: "/g/306.jpg", goods_image: "/upload/goods/a.jpg,/upload/goods/b.jpg",
        is_free_shipping: 0, promotion_type: 0, introduction: "小米 冰箱 简介", unit: "台", max_buy: 0, min_buy: 0,
        label_name: "新品", brand_id: c.brands.xiaomi, brand_name: "小米",
      },
    ]);
  });

  it("filters by category at each level, looking the level up when absent", async () => {
    const { A, B, C, H, D, G } = c.goods;
    const { digital, phones, phone, fridge } = c.categories;
    expect(await ids({ category_id: digital, category_level: 1 })).toEqual([H, B, C, A]);
    expect(await ids({ category_id: phones, category_level: 2 })).toEqual([B, A]);
    expect(await ids({ category_id: phone, category_level: 3 })).toEqual([B, A]);
    expect(await ids({ category_id: fridge })).toEqual([D, G]);
    expect(await ids({ category_id: digital })).toEqual([H, B, C, A]);
    expect(await ids({ category_id: 999_999 })).toEqual([]);
  });

  it("filters by brand, price range (yuan, inclusive), free shipping and goods ids", async () => {
    const { A, B, C, D, G, H } = c.goods;
    expect(await ids({ brand_id: c.brands.huawei })).toEqual([H, C, A]);
    expect(await ids({ min_price: 1999, max_price: "2999.00" })).toEqual([B, D]);
    expect(await ids({ max_price: 99 })).toEqual([H]);
    // Bounds are exact to the cent: H costs 99.00.
    expect(await ids({ max_price: "98.99" })).toEqual([]);
    expect(await ids({ min_price: "99.01", max_price: "299" })).toEqual([C]);
    expect(await ids({ is_free_shipping: 1 })).toEqual([C, A]);
    expect(await ids({ goods_id_arr: `${A}, ${D},${c.goods.E}` })).toEqual([A, D]);
    expect(await ids({ goods_id_arr: [G, B] })).toEqual([B, G]);
    expect(await ids({ brand_id: c.brands.huawei, is_free_shipping: 1, category_id: c.categories.phone, category_level: 3 })).toEqual([A]);
  });

  it("treats the blanks old clients send as no filter", async () => {
    const all = await ids({});
    const blanks = { category_id: 0, category_level: "", brand_id: "", min_price: "", max_price: null, is_free_shipping: "", order: "", sort: "", goods_id_arr: "", coupon: 0 };
    expect(await ids(blanks)).toEqual(all);
  });

  it("sorts by sales, price (also as `price`) and creation time, both ways", async () => {
    const { A, B, C, D, G, H } = c.goods;
    expect(await ids({ order: "sale_num", sort: "asc" })).toEqual([G, D, A, C, B, H]);
    expect(await ids({ order: "discount_price", sort: "asc" })).toEqual([H, C, G, B, D, A]);
    expect(await ids({ order: "price", sort: "DESC" })).toEqual([A, D, B, G, C, H]);
    expect(await ids({ order: "create_time" })).toEqual([H, G, D, B, C, A]);
  });

  it("pages without overlap and reports the counts", async () => {
    const first = await skuPage(t, { page: 1, page_size: 4 });
    const second = await skuPage(t, { page: 2, page_size: 4 });
    expect([first.count, first.page_count, second.count, second.page_count]).toEqual([6, 2, 6, 2]);
    expect(first.list).toHaveLength(4);
    expect([...idsOf(first), ...idsOf(second)]).toEqual(await ids({}));
    expect(await skuPage(t, { page: 3, page_size: 4 })).toEqual({ count: 6, page_count: 2, list: [] });
    expect((await skuPage(t, { page_size: 0 })).list).toHaveLength(6);
    expect(await skuPage(t, { brand_id: 999 })).toEqual({ count: 0, page_count: 0, list: [] });
  });
});
