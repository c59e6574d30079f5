import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandFacet, CategoryFacet } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { insertCouponType } from "../coupon/test-fixtures.ts";
import { GoodsScope } from "../coupon/rules.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { idsOf, insertListCatalog, skuPage, type ListCatalog } from "./sku-page-fixtures.ts";

/**
 * The goods list's `coupon` filter (/api/goodssku/page {coupon: coupon_type_id}, where 去使用 of a
 * type for several goods or categories leads): only the goods the type applies to, as checkout
 * applies it — its goods, or goods in its categories at any level. With a keyword (SQLite reads
 * those from the search index), the other filters and the facets alike.
 */
describe(`/api/goodssku/page: the coupon filter (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let c: ListCatalog;
  /** types: for all goods; for goods A, D and H; for 数码 (level 1); for 耳机 (level 3) and 冰箱 (level 3); scoped to nothing */
  let types: Record<"all" | "goods" | "digital" | "leaves" | "empty", number>;
  beforeAll(async () => {
    t = await startTestApp();
    c = await insertListCatalog(t);
    const db = t.app.deps.db;
    types = {
      all: await insertCouponType(db, { coupon_name: "全场券" }),
      goods: await insertCouponType(db, { coupon_name: "指定商品券", goods: [c.goods.A, c.goods.D, c.goods.H, c.goods.E] }),
      digital: await insertCouponType(db, { coupon_name: "数码券", categories: [c.categories.digital] }),
      leaves: await insertCouponType(db, { coupon_name: "耳机冰箱券", categories: [c.categories.earphone, c.categories.fridge] }),
      empty: await insertCouponType(db, { coupon_name: "空券", goods_type: GoodsScope.GOODS }),
    };
  });
  afterAll(() => t.close());

  const ids = async (body: object) => idsOf(await skuPage(t, body));
  const facets = async <T>(path: string, body: object) => {
    const response = await t.call<{ list: T[] }>(path, body);
    expect(response.code, response.message).toBe(0);
    return response.data.list;
  };
  const brandCounts = async (body: object) => (await facets<BrandFacet>("/api/goodssku/brands", body)).map((brand) => [brand.brand_name, brand.goods_count]);
  const categoryCounts = async (body: object) => (await facets<CategoryFacet>("/api/goodssku/categories", body)).map((category) => [category.category_name, category.goods_count]);
  /** The list without the coupon, cut down to the coupon's goods: what the filter must give in that order. */
  const expectedFor = async (body: object, allowed: number[]) => (await ids(body)).filter((id) => allowed.includes(id));

  it("lists only a goods-scoped type's goods on sale, in the list's order", async () => {
    const { A, D, H } = c.goods;
    expect(await ids({ coupon: types.goods })).toEqual([H, A, D]);
    expect(await ids({ coupon: String(types.goods), order: "discount_price", sort: "asc" })).toEqual([H, D, A]);
    const page = await skuPage(t, { coupon: types.goods, page: 2, page_size: 2 });
    expect([page.count, page.page_count, idsOf(page)]).toEqual([3, 2, [D]]);
  });

  it("lists the goods under a category-scoped type's categories, at any level", async () => {
    const { A, B, C, D, G, H } = c.goods;
    expect(await ids({ coupon: types.digital })).toEqual([H, B, C, A]);
    expect(await ids({ coupon: types.leaves })).toEqual([H, C, D, G]);
    expect((await skuPage(t, { coupon: types.digital, page_size: 3 })).count).toBe(4);
  });

  it("leaves the list alone for a type for all goods, and empties it for an unknown type or one scoped to nothing", async () => {
    expect(await skuPage(t, { coupon: types.all })).toEqual(await skuPage(t, {}));
    expect(await skuPage(t, { coupon: types.all, keyword: "华为" })).toEqual(await skuPage(t, { keyword: "华为" }));
    const empty = { count: 0, page_count: 0, list: [] };
    expect(await skuPage(t, { coupon: 999_999 })).toEqual(empty);
    expect(await skuPage(t, { coupon: 999_999, keyword: "华为" })).toEqual(empty);
    expect(await skuPage(t, { coupon: types.empty })).toEqual(empty);
    // Blanks are no filter, junk is refused like the other ids.
    expect(await ids({ coupon: "" })).toEqual(await ids({}));
    expect((await t.call("/api/goodssku/page", { coupon: "abc" })).code).not.toBe(0);
  });

  it("combines with a keyword search, its orders and pages", async () => {
    const { A, C, D, H } = c.goods;
    for (const keyword of ["华为", "手机", "冰箱"]) {
      expect(await ids({ keyword, coupon: types.goods }), keyword).toEqual(await expectedFor({ keyword }, [A, D, H]));
      expect(await ids({ keyword, coupon: types.leaves }), keyword).toEqual(await expectedFor({ keyword }, [C, D, H, c.goods.G]));
      expect(await ids({ keyword, coupon: types.digital, order: "discount_price", sort: "asc" }), keyword).toEqual(
        await expectedFor({ keyword, order: "discount_price", sort: "asc" }, [A, c.goods.B, C, H]),
      );
    }
    expect(await ids({ keyword: "华为", coupon: types.goods })).toEqual(expect.arrayContaining([A, H]));
    expect(await ids({ keyword: "华为", coupon: types.leaves })).toEqual(expect.arrayContaining([C, H]));
    const second = await skuPage(t, { keyword: "华为", coupon: types.digital, page: 2, page_size: 2 });
    expect([second.count, second.page_count, idsOf(second)]).toEqual([3, 2, (await ids({ keyword: "华为" })).slice(2)]);
  });

  it("combines with the brand, category, price and shipping filters", async () => {
    const { A, C, H } = c.goods;
    expect(await ids({ coupon: types.digital, brand_id: c.brands.huawei })).toEqual([H, C, A]);
    expect(await ids({ coupon: types.goods, brand_id: c.brands.huawei })).toEqual([H, A]);
    expect(await ids({ coupon: types.goods, brand_id: c.brands.xiaomi })).toEqual([]);
    expect(await ids({ coupon: types.leaves, brand_id: c.brands.xiaomi })).toEqual([c.goods.G]);
    expect(await ids({ keyword: "华为", coupon: types.goods, brand_id: c.brands.huawei })).toEqual(await expectedFor({ keyword: "华为" }, [A, H]));
    expect(await ids({ keyword: "华为", coupon: types.leaves, brand_id: c.brands.huawei, is_free_shipping: 1 })).toEqual([C]);
    expect(await ids({ coupon: types.digital, category_id: c.categories.audio })).toEqual([H, C]);
    expect(await ids({ coupon: types.leaves, category_id: c.categories.phones })).toEqual([]);
    expect(await ids({ coupon: types.goods, max_price: 3000 })).toEqual([H, c.goods.D]);
    expect(await ids({ keyword: "华为", coupon: types.digital, is_free_shipping: 1, max_price: 1000 })).toEqual([C]);
  });

  it("restricts the brand and category facets likewise", async () => {
    expect(await brandCounts({ coupon: types.goods })).toEqual([["华为", 2], ["海尔", 1]]);
    expect(await brandCounts({ coupon: types.leaves })).toEqual([["华为", 2], ["小米", 1], ["海尔", 1]]);
    expect(await brandCounts({ coupon: types.goods, keyword: "华为" })).toEqual([["华为", 2]]);
    expect(await brandCounts({ coupon: 999_999 })).toEqual([]);
    expect(await categoryCounts({ coupon: types.goods })).toEqual([["数码", 2], ["家电", 1]]);
    expect(await categoryCounts({ coupon: types.digital })).toEqual([["数码", 4]]);
    expect(await categoryCounts({ coupon: types.leaves, category_id: c.categories.digital })).toEqual([["影音", 2]]);
    expect(await categoryCounts({ coupon: types.leaves, keyword: "华为" })).toEqual([["数码", 2]]);
    expect(await categoryCounts({ coupon: types.all })).toEqual(await categoryCounts({}));
    expect(await categoryCounts({ coupon: types.empty })).toEqual([]);
  });
});

describe(`the coupon filter through the result cache (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let c: ListCatalog;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ config: { dataCache: true } });
    c = await insertListCatalog(t);
    admin = await loginTestStaff(t, "admin");
  });
  afterAll(() => t.close());

  const ids = async (body: object) => idsOf(await skuPage(t, body));
  const brands = async (body: object) => (await t.call<{ list: BrandFacet[] }>("/api/goodssku/brands", body)).data.list.map((brand) => brand.brand_name);

  it("keys lists and counts by the coupon, and drops them when staff change a type's scope", async () => {
    const { A, B, D } = c.goods;
    const typeBody = { coupon_name: "指定商品券", type: "reward", money: "10", validity_type: 1, fixed_term: 7, goods_type: GoodsScope.GOODS };
    const added = await t.call<{ coupon_type_id: number }>("/shopapi/coupon/add", { ...typeBody, goods_ids: [A, D] }, { token: admin });
    expect(added.code, added.message).toBe(0);
    const coupon = added.data.coupon_type_id;
    const other = await insertCouponType(t.app.deps.db, { goods: [B] });

    expect(await ids({ coupon })).toEqual([A, D]);
    expect(await ids({ coupon: other })).toEqual([B]);
    expect((await skuPage(t, { coupon, page_size: 1 })).count).toBe(2);
    expect((await skuPage(t, { coupon: other, page_size: 1 })).count).toBe(1);
    expect(await brands({ coupon })).toEqual(["华为", "海尔"]);

    const edited = await t.call("/shopapi/coupon/edit", { ...typeBody, coupon_type_id: coupon, goods_ids: [B] }, { token: admin });
    expect(edited.code, edited.message).toBe(0);
    expect(await ids({ coupon })).toEqual([B]);
    expect((await skuPage(t, { coupon, page: 2, page_size: 1 })).count).toBe(1);
    expect(await brands({ coupon })).toEqual(["小米"]);
  });

  it("caches an unknown type's empty list until a type is added", async () => {
    expect(await skuPage(t, { coupon: 999 })).toEqual({ count: 0, page_count: 0, list: [] });
    const nextId = Number((await t.app.deps.db.selectFrom("coupon_type").select((eb) => eb.fn.max("coupon_type_id").as("id")).executeTakeFirst())?.id ?? 0) + 1;
    expect(await skuPage(t, { coupon: nextId })).toEqual({ count: 0, page_count: 0, list: [] });
    const added = await t.call<{ coupon_type_id: number }>(
      "/shopapi/coupon/add",
      { coupon_name: "冰箱券", type: "reward", money: "10", validity_type: 1, fixed_term: 7, goods_type: GoodsScope.CATEGORIES, category_ids: [c.categories.fridge] },
      { token: admin },
    );
    expect(added.code, added.message).toBe(0);
    expect(added.data.coupon_type_id).toBe(nextId);
    expect(await ids({ coupon: nextId })).toEqual([c.goods.D, c.goods.G]);
  });
});
