import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandInitialCount, BrandItem, Page } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";

describe("brand wall: /api/goodsbrand/page and initials", () => {
  let t: TestApp;
  let total = 0;
  beforeAll(async () => {
    t = await startTestApp({ seed: 200 });
    // Names with LIKE wildcards and a Latin name, to check the keyword match is literal and case-blind.
    await t.app.deps.db
      .insertInto("goods_brand")
      .values([
        { brand_name: "100%纯", brand_initial: "#", image_url: "", banner: "", brand_desc: "", is_recommend: 0, sort: 900 },
        { brand_name: "Zeta_Lab", brand_initial: "Z", image_url: "", banner: "", brand_desc: "", is_recommend: 0, sort: 901 },
      ])
      .execute();
    total = Number((await t.app.deps.db.selectFrom("goods_brand").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  });
  afterAll(() => t.close());

  const page = async (body: object) => {
    const response = await t.call<Page<BrandItem>>("/api/goodsbrand/page", body);
    expect(response.code, response.message).toBe(0);
    return response.data;
  };

  it("pages every brand by sort with the reference's fields", async () => {
    const first = await page({ page: 1, page_size: 10 });
    expect(first.count).toBe(total);
    expect(first.page_count).toBe(Math.ceil(total / 10));
    expect(first.list).toHaveLength(10);
    expect(Object.keys(first.list[0]!).sort()).toEqual(
      ["banner", "brand_desc", "brand_id", "brand_initial", "brand_name", "image_url", "is_recommend"],
    );
    expect(first.list[0]!.image_url).toMatch(/^\/?upload\//);
    const second = await page({ page: 2, page_size: 10 });
    const ids = new Set([...first.list, ...second.list].map((brand) => brand.brand_id));
    expect(ids.size).toBe(20);
  });

  it("filters by initial, whatever its case", async () => {
    const byLower = await page({ brand_initial: "h", page_size: 100 });
    expect(byLower.count).toBeGreaterThan(0);
    expect(byLower.list.every((brand) => brand.brand_initial === "H")).toBe(true);
    expect(byLower.list.map((brand) => brand.brand_name)).toContain("华为");
    const hash = await page({ brand_initial: "#", page_size: 100 });
    expect(hash.list.map((brand) => brand.brand_name)).toContain("100%纯");
    expect((await page({ brand_initial: "", page_size: 1 })).count).toBe(total);
  });

  it("matches a keyword in the name, literally and ignoring case", async () => {
    expect((await page({ keyword: "华为" })).list.map((brand) => brand.brand_name)).toEqual(["华为"]);
    expect((await page({ keyword: "zeta_" })).list.map((brand) => brand.brand_name)).toEqual(["Zeta_Lab"]);
    expect((await page({ keyword: "%" })).list.map((brand) => brand.brand_name)).toEqual(["100%纯"]);
    expect((await page({ keyword: "_" })).list.map((brand) => brand.brand_name)).toEqual(["Zeta_Lab"]);
    expect(await page({ keyword: "不存在的品牌" })).toEqual({ page_count: 0, count: 0, list: [] });
  });

  it("counts brands per initial, A–Z then #", async () => {
    const response = await t.call<BrandInitialCount[]>("/api/goodsbrand/initials");
    expect(response.code).toBe(0);
    const initials = response.data.map((row) => row.brand_initial);
    expect(initials.at(-1)).toBe("#");
    expect(initials.slice(0, -1)).toEqual([...initials.slice(0, -1)].sort());
    expect(response.data.reduce((sum, row) => sum + row.count, 0)).toBe(total);
  });

  it.each([
    [{ brand_initial: "AB" }, "brand_initial"],
    [{ brand_initial: "中" }, "brand_initial"],
    [{ keyword: "x".repeat(51) }, "keyword"],
    [{ page: 0 }, "page"],
    [{ page_size: 101 }, "page_size"],
    [{ page_size: "many" }, "page_size"],
  ])("refuses %j with -10006 naming %s", async (body, field) => {
    const response = await t.call("/api/goodsbrand/page", body);
    expect(response.code).toBe(-10006);
    expect(response.message).toContain(field);
  });
});
