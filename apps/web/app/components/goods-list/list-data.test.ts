import { describe, expect, it } from "vitest";
import { Code, createApiClient, type Envelope, type GoodsSkuItem } from "@shop/contract";
import { listedGoods, loadGoodsList, type GoodsListData } from "./list-data.ts";
import { goodsListMeta, pastEndOf } from "./list-meta.ts";

/** A fake API: answers per path (data, or an error envelope), and records what was asked. */
function fakeApi(answers: Record<string, unknown>) {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  const api = createApiClient(async (path, body) => {
    calls.push({ path, body: body as Record<string, unknown> });
    const answer = answers[path];
    if (answer && typeof answer === "object" && "code" in answer) return { data: null, timestamp: 0, ...(answer as object) } as Envelope;
    return { code: Code.SUCCESS, message: "", data: answer ?? null, timestamp: 0 };
  });
  return { api, calls };
}

const page = (count: number, listed: number, pageCount = Math.ceil(count / 20)) => ({
  count, page_count: pageCount, list: Array.from({ length: listed }, (_, index) => ({ goods_id: index + 1 })),
});
const huawei = { brand_id: 3, brand_name: "华为", brand_initial: "H", image_url: "", banner: "", brand_desc: "华为官方授权", is_recommend: 1 };
const load = (search: string, answers: Record<string, unknown>) => {
  const fake = fakeApi({ "/api/goodssku/brands": { list: [] }, "/api/goodssku/categories": { list: [] }, "/api/goodscategory/lists": [], ...answers });
  return { ...fake, data: loadGoodsList(fake.api, new Request(`http://shop.test/web/goods/list${search}`)) };
};
const site = [{ id: "root", data: { site: { site_name: "优选商城" } } }];
const titleOf = (data: GoodsListData) => goodsListMeta(data, site)[0];

describe("goods list loader: the brand and the category filter", () => {
  it("names the brand from its own call, even when the result holds none of its goods", async () => {
    const { data, calls } = load("?brand_id=3", { "/api/goodssku/page": page(0, 0), "/api/goodsbrand/info": huawei });
    const loaded = await data;
    expect(loaded).toMatchObject({ brand: huawei, brandMissing: false, brands: [] });
    expect(calls.find((call) => call.path === "/api/goodsbrand/info")?.body).toMatchObject({ brand_id: 3 });
    expect(titleOf(loaded)).toEqual({ title: "华为 - 商品列表 - 优选商城" });
  });

  it("tells a brand that does not exist (-1) from a plain list, and keeps it out of search engines", async () => {
    const { data } = load("?brand_id=9999", {
      "/api/goodssku/page": page(0, 0),
      "/api/goodsbrand/info": { code: Code.ERROR, message: "品牌不存在" },
    });
    const loaded = await data;
    expect(loaded).toMatchObject({ brand: null, brandMissing: true });
    const meta = goodsListMeta(loaded, site);
    expect(meta[0]).toEqual({ title: "品牌不存在 - 商品列表 - 优选商城" });
    expect(meta).toContainEqual({ name: "robots", content: "noindex, follow" });
  });

  it("asks for no brand without ?brand_id=, and a failing brand call is not taken as missing", async () => {
    const plain = load("", { "/api/goodssku/page": page(45, 20) });
    expect(plain.calls.map((call) => call.path)).not.toContain("/api/goodsbrand/info");
    expect(await plain.data).toMatchObject({ brand: null, brandMissing: false });
    expect(titleOf(await plain.data)).toEqual({ title: "全部商品 - 优选商城" });
    const failing = load("?brand_id=3", { "/api/goodssku/page": page(1, 1), "/api/goodsbrand/info": { code: Code.UNKNOWN, message: "x" } });
    expect(await failing.data).toMatchObject({ brand: null, brandMissing: false });
  });

  it("offers a search the categories of its results, with the list's filters", async () => {
    const facets = [{ category_id: 1, category_name: "手机数码", short_name: "", pid: 0, level: 1, goods_count: 80 }];
    const { data, calls } = load("?keyword=手机&max_price=3000&brand_id=3", {
      "/api/goodssku/page": page(80, 20),
      "/api/goodssku/categories": { list: facets },
      "/api/goodsbrand/info": huawei,
    });
    expect((await data).categoryChoices).toEqual([{ category_id: 1, category_name: "手机数码", level: 1, goods_count: 80 }]);
    expect(calls.find((call) => call.path === "/api/goodssku/categories")?.body).toMatchObject({ keyword: "手机", max_price: "3000", brand_id: 3 });
    expect(calls.map((call) => call.path)).not.toContain("/api/goodscategory/lists");
  });

  it("offers the tree's categories without a keyword", async () => {
    const level1 = [{ category_id: 1, category_name: "手机数码", short_name: "", pid: 0, level: 1, image: "", image_adv: "", link_url: "", icon: "" }];
    const { data, calls } = load("", { "/api/goodssku/page": page(45, 20), "/api/goodscategory/lists": level1 });
    expect((await data).categoryChoices).toEqual([{ category_id: 1, category_name: "手机数码", level: 1 }]);
    expect(calls.map((call) => call.path)).not.toContain("/api/goodssku/categories");
  });
});

describe("goods list loader: a coupon's goods (?coupon=, where 去使用 leads)", () => {
  const centre = (list: Array<{ coupon_type_id: number; coupon_name: string }>) => ({ count: list.length, page_count: 1, list });

  it("filters the list and its facets by the coupon, and names the coupon from the coupon centre", async () => {
    const facets = [{ category_id: 1, category_name: "手机数码", short_name: "", pid: 0, level: 1, goods_count: 3 }];
    const { data, calls } = load("?coupon=7", {
      "/api/goodssku/page": page(3, 3),
      "/api/goodssku/categories": { list: facets },
      "/coupon/api/coupon/typepagelists": centre([{ coupon_type_id: 5, coupon_name: "全场券" }, { coupon_type_id: 7, coupon_name: "数码满100减10" }]),
    });
    const loaded = await data;
    expect(loaded.couponName).toBe("数码满100减10");
    expect(loaded.query.coupon).toBe(7);
    for (const path of ["/api/goodssku/page", "/api/goodssku/brands", "/api/goodssku/categories"]) {
      expect(calls.find((call) => call.path === path)?.body, path).toMatchObject({ coupon: 7 });
    }
    // The categories on offer are those of the coupon's goods, not the whole tree.
    expect(loaded.categoryChoices).toEqual([{ category_id: 1, category_name: "手机数码", level: 1, goods_count: 3 }]);
    expect(calls.map((call) => call.path)).not.toContain("/api/goodscategory/lists");
    expect(goodsListMeta(loaded, site)).toContainEqual({ name: "robots", content: "noindex, follow" });
  });

  it("leaves the name out when the centre does not offer the type or fails, and asks nothing without a coupon", async () => {
    const hidden = load("?coupon=8", { "/api/goodssku/page": page(1, 1), "/coupon/api/coupon/typepagelists": centre([{ coupon_type_id: 7, coupon_name: "数码券" }]) });
    expect((await hidden.data).couponName).toBe("");
    const failing = load("?coupon=8", { "/api/goodssku/page": page(1, 1), "/coupon/api/coupon/typepagelists": { code: Code.UNKNOWN, message: "x" } });
    expect((await failing.data).couponName).toBe("");
    const plain = load("", { "/api/goodssku/page": page(1, 1) });
    expect((await plain.data).couponName).toBe("");
    expect(plain.calls.map((call) => call.path)).not.toContain("/coupon/api/coupon/typepagelists");
    expect(plain.calls.find((call) => call.path === "/api/goodssku/page")?.body).not.toHaveProperty("coupon");
  });
});

describe("a page past the end", () => {
  it("is told apart from an empty result and a last page", async () => {
    const past = await load("?page=999", { "/api/goodssku/page": page(800, 0) }).data;
    expect(pastEndOf(past)).toBe(true);
    expect(goodsListMeta(past, site)).toContainEqual({ name: "robots", content: "noindex, follow" });
    expect(pastEndOf(await load("?page=40", { "/api/goodssku/page": page(800, 20) }).data)).toBe(false);
    expect(pastEndOf(await load("?page=3&keyword=qqzzxx", { "/api/goodssku/page": page(0, 0) }).data)).toBe(false);
  });
});

describe("a listed result", () => {
  it("keeps the fields the list renders and its first picture, not the rest of the item", () => {
    const item = {
      goods_id: 1, sku_id: 2, goods_name: "手机", introduction: "", sale_num: 3, unit: "台", brand_name: "华为", brand_id: 9,
      is_free_shipping: 1, label_name: "", stock: 5, discount_price: "9.00", member_price: "8.00", market_price: "10.00",
      price: "9.00", goods_image: "/a.jpg,/b.jpg", sku_image: "/s.jpg", sku_name: "手机 黑色 128G", max_buy: 0, min_buy: 0,
      goods_stock: 5, promotion_type: 0,
    } as unknown as GoodsSkuItem;
    const listed = listedGoods(item);
    expect(listed.picture).toBe("/a.jpg");
    expect(Object.keys(listed)).not.toContain("sku_name");
    expect(listedGoods({ ...item, goods_image: "" }).picture).toBe("/s.jpg");
  });
});
