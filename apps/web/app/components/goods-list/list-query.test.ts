import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, listPath, pageBody, parseListQuery, withChanges } from "./list-query.ts";

const parse = (search: string) => parseListQuery(new URLSearchParams(search));

describe("goods list query in the URL", () => {
  it("reads every filter", () => {
    expect(parse("keyword=%20手机%20&category_id=3&level=2&brand_id=7&min_price=10&max_price=99.5&is_free_shipping=1&coupon=12&order=sale_num&sort=ASC&page=3&page_size=40")).toEqual({
      keyword: "手机", category_id: 3, level: 2, brand_id: 7, min_price: "10", max_price: "99.5", free_shipping: true, coupon: 12,
      order: "sale_num", sort: "asc", page: 3, page_size: 40,
    });
  });

  it("drops what the API would refuse instead of failing the page", () => {
    expect(parse("category_id=abc&level=9&brand_id=-1&min_price=x&coupon=0&order=name&sort=up&page=0&page_size=500")).toEqual(DEFAULT_QUERY);
    expect(parse("coupon=abc").coupon).toBe(0);
    expect(parse("coupon=1.5").coupon).toBe(0);
    expect(parse(`keyword=${"长".repeat(60)}`).keyword).toHaveLength(50);
  });

  it("accepts the reference's spellings and swaps a reversed price range", () => {
    expect(parse("category_level=3&category_id=5&order=price")).toMatchObject({ level: 3, order: "discount_price" });
    expect(parse("min_price=100&max_price=10")).toMatchObject({ min_price: "10", max_price: "100" });
    expect(parse("min_price=9.99&max_price=9.9")).toMatchObject({ min_price: "9.9", max_price: "9.99" });
  });

  it("keeps only exact yuan amounts as price bounds (the API refuses the rest)", () => {
    expect(parse("min_price=0&max_price=%2012.50%20")).toMatchObject({ min_price: "0", max_price: "12.50" });
    for (const bad of ["1.005", "0x10", "1e3", "-1", "12.", "Infinity", "123456789"]) {
      expect(parse(`min_price=${encodeURIComponent(bad)}`).min_price, bad).toBe("");
    }
  });

  it("writes one canonical URL per list, defaults left out", () => {
    expect(listPath(DEFAULT_QUERY)).toBe("/goods/list");
    const query = parse("page_size=20&sort=desc&keyword=蓝牙 耳机&is_free_shipping=0&page=2");
    expect(listPath(query)).toBe("/goods/list?keyword=%E8%93%9D%E7%89%99+%E8%80%B3%E6%9C%BA&page=2");
    expect(parse(listPath(query).split("?")[1]!)).toEqual(query);
  });

  it("goes back to page 1 when a filter changes", () => {
    const onPage3 = { ...DEFAULT_QUERY, page: 3 };
    expect(withChanges(onPage3, { brand_id: 2 })).toMatchObject({ brand_id: 2, page: 1 });
    expect(withChanges(onPage3, { page: 4 }).page).toBe(4);
  });

  it("sends only the filters in use to the API", () => {
    expect(pageBody(DEFAULT_QUERY)).toEqual({ page: 1, page_size: 20 });
    expect(pageBody(parse("category_id=4&level=1&order=discount_price&sort=asc&min_price=5"))).toEqual({
      category_id: 4, category_level: 1, min_price: "5", order: "discount_price", sort: "asc", page: 1, page_size: 20,
    });
  });

  it("keeps a coupon's filter (its 去使用) across sorting, paging and the other filters, and sends it to the API", () => {
    const query = parse("coupon=7");
    expect(listPath(query)).toBe("/goods/list?coupon=7");
    expect(listPath(withChanges(query, { order: "discount_price", sort: "asc" }))).toBe("/goods/list?coupon=7&order=discount_price&sort=asc");
    expect(listPath(withChanges({ ...query, page: 2 }, { brand_id: 3 }))).toBe("/goods/list?brand_id=3&coupon=7");
    expect(listPath(withChanges(query, { page: 3 }))).toBe("/goods/list?coupon=7&page=3");
    expect(listPath(withChanges(query, { coupon: 0 }))).toBe("/goods/list");
    expect(pageBody(parse("coupon=7&keyword=手机"))).toEqual({ keyword: "手机", coupon: 7, page: 1, page_size: 20 });
  });
});
