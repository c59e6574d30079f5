import { describe, expect, it } from "vitest";
import { goodsListMeta } from "./list-meta.ts";
import type { GoodsListData } from "./list-data.ts";

const site = [{ id: "root", data: { site: { site_name: "优选商城" } } }];

/** The fields of a loaded list the meta tags read. */
function listData(overrides: { keyword?: string; count?: number; category?: object; brand?: object }): GoodsListData {
  return {
    query: { keyword: overrides.keyword ?? "", page: 1 },
    page: { count: overrides.count ?? 45, page_count: 3, list: [{}] },
    brand: overrides.brand ?? null,
    brandMissing: false,
    category: overrides.category ?? null,
  } as unknown as GoodsListData;
}

/** The description tag's text ("" without one). */
const descriptionOf = (data: GoodsListData) => {
  const tag = goodsListMeta(data, site).find((meta) => "name" in meta && meta.name === "description");
  return tag && "content" in tag ? String(tag.content) : "";
};

describe("goods list meta description", () => {
  it("describes a list without a category or brand text by what it shows and how many", () => {
    expect(descriptionOf(listData({}))).toBe("全部商品：共 45 件商品，尽在优选商城。");
    expect(descriptionOf(listData({ keyword: "手机", count: 80 }))).toBe("“手机”的搜索结果：共 80 件商品，尽在优选商城。");
    expect(descriptionOf(listData({ category: { category_name: "手机", description: "" } }))).toBe("手机：共 45 件商品，尽在优选商城。");
  });

  it("keeps the category's or the brand's own description when it has one", () => {
    expect(descriptionOf(listData({ category: { category_name: "手机", description: "正品手机" } }))).toBe("正品手机");
    expect(descriptionOf(listData({ brand: { brand_name: "华为", brand_desc: "华为官方授权" } }))).toBe("华为官方授权");
  });
});
