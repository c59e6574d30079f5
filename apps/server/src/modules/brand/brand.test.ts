import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandInitialCount, BrandItem, Page } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertGoods } from "../goods/test-fixtures.ts";

describe("brand wall: /api/goodsbrand/page, initials and info", () => {
  let t: TestApp;
  /** brands with goods on sale, as the wall counts them */
  let total = 0;
  let zetaId = 0;
  let shelvedId = 0;
  let deletedId = 0;
  let emptyId = 0;
  beforeAll(async () => {
    t = await startTestApp({ seed: 200 });
    const db = t.app.deps.db;
    const brand = async (brand_name: string, brand_initial: string, sort: number) =>
      (
        await db
          .insertInto("goods_brand")
          .values({ brand_name, brand_initial, image_url: "", banner: "", brand_desc: "", is_recommend: 0, sort })
          .returning("brand_id")
          .executeTakeFirstOrThrow()
      ).brand_id;
    // Names with LIKE wildcards and a Latin name, to check the keyword match is literal and case-blind.
    const percentId = await brand("100%纯", "#", 900);
    zetaId = await brand("Zeta_Lab", "Z", 901);
    // Brands whose list would be empty: goods only off the shelf, only deleted, or none at all.
    shelvedId = await brand("Q下架牌", "Q", 902);
    deletedId = await brand("Q删除牌", "Q", 903);
    emptyId = await brand("Q空牌", "Q", 904);
    await insertGoods(db, "纯 毛巾", { goods: { brand_id: percentId, brand_name: "100%纯" } });
    await insertGoods(db, "Zeta 试剂", { goods: { brand_id: zetaId, brand_name: "Zeta_Lab" } });
    await insertGoods(db, "下架 商品", { goods: { brand_id: shelvedId, brand_name: "Q下架牌", goods_state: 0 } });
    await insertGoods(db, "删除 商品", { goods: { brand_id: deletedId, brand_name: "Q删除牌", is_delete: 1 } });
    const withGoods = await db
      .selectFrom("goods")
      .select((eb) => eb.fn.count<number>("brand_id").distinct().as("n"))
      .where("goods_state", "=", 1)
      .where("is_delete", "=", 0)
      .where("brand_id", ">", 0)
      .executeTakeFirstOrThrow();
    total = Number(withGoods.n);
  });
  afterAll(() => t.close());

  const page = async (body: object) => {
    const response = await t.call<Page<BrandItem>>("/api/goodsbrand/page", body);
    expect(response.code, response.message).toBe(0);
    return response.data;
  };

  it("pages the brands with goods on sale by sort, with the reference's fields", async () => {
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

  it("leaves out brands without goods on sale: none, only off the shelf, only deleted", async () => {
    expect((await page({ page_size: 100, keyword: "牌" })).list.map((brand) => brand.brand_name)).not.toContain("Q下架牌");
    const everyBrand: BrandItem[] = [];
    for (let index = 1; index <= Math.ceil(total / 100); index += 1) everyBrand.push(...(await page({ page: index, page_size: 100 })).list);
    const listed = new Set(everyBrand.map((brand) => brand.brand_id));
    expect(listed.size).toBe(total);
    for (const id of [shelvedId, deletedId, emptyId]) expect(listed.has(id)).toBe(false);
    expect(listed.has(zetaId)).toBe(true);
    // Every listed brand opens a non-empty list.
    const counts = await t.app.deps.db
      .selectFrom("goods")
      .select("brand_id")
      .where("goods_state", "=", 1)
      .where("is_delete", "=", 0)
      .where("brand_id", "in", [...listed])
      .groupBy("brand_id")
      .execute();
    expect(counts).toHaveLength(total);
  });

  it("takes a brand off the wall when its last goods leaves the shelf", async () => {
    const db = t.app.deps.db;
    expect((await page({ keyword: "zeta" })).count).toBe(1);
    await db.updateTable("goods").set({ goods_state: 0 }).where("brand_id", "=", zetaId).execute();
    try {
      expect((await page({ keyword: "zeta" })).count).toBe(0);
      const initials = (await t.call<BrandInitialCount[]>("/api/goodsbrand/initials")).data;
      expect(initials.reduce((sum, row) => sum + row.count, 0)).toBe(total - 1);
    } finally {
      await db.updateTable("goods").set({ goods_state: 1 }).where("brand_id", "=", zetaId).execute();
    }
  });

  it("filters by initial, whatever its case", async () => {
    const byLower = await page({ brand_initial: "z", page_size: 100 });
    expect(byLower.count).toBeGreaterThan(0);
    expect(byLower.list.every((brand) => brand.brand_initial === "Z")).toBe(true);
    expect(byLower.list.map((brand) => brand.brand_name)).toContain("Zeta_Lab");
    const hash = await page({ brand_initial: "#", page_size: 100 });
    expect(hash.list.map((brand) => brand.brand_name)).toContain("100%纯");
    expect((await page({ brand_initial: "", page_size: 1 })).count).toBe(total);
    const q = (await page({ brand_initial: "Q", page_size: 100 })).list.map((brand) => brand.brand_id);
    for (const id of [shelvedId, deletedId, emptyId]) expect(q).not.toContain(id);
  });

  it("matches a keyword in the name, literally and ignoring case", async () => {
    expect((await page({ keyword: "ZETA" })).list.map((brand) => brand.brand_name)).toEqual(["Zeta_Lab"]);
    expect((await page({ keyword: "zeta_" })).list.map((brand) => brand.brand_name)).toEqual(["Zeta_Lab"]);
    expect((await page({ keyword: "%" })).list.map((brand) => brand.brand_name)).toEqual(["100%纯"]);
    expect((await page({ keyword: "_" })).list.map((brand) => brand.brand_name)).toEqual(["Zeta_Lab"]);
    expect(await page({ keyword: "不存在的品牌" })).toEqual({ page_count: 0, count: 0, list: [] });
  });

  it("counts brands with goods on sale per initial, A–Z then #", async () => {
    const response = await t.call<BrandInitialCount[]>("/api/goodsbrand/initials");
    expect(response.code).toBe(0);
    const initials = response.data.map((row) => row.brand_initial);
    expect(initials.at(-1)).toBe("#");
    expect(initials.slice(0, -1)).toEqual([...initials.slice(0, -1)].sort());
    const q = response.data.find((row) => row.brand_initial === "Q")?.count ?? 0;
    expect(q).toBe((await page({ brand_initial: "Q", page_size: 1 })).count);
    expect(response.data.reduce((sum, row) => sum + row.count, 0)).toBe(total);
  });

  it("answers one brand by id, also without goods on sale, and -1 品牌不存在 when missing", async () => {
    const zeta = await t.call<BrandItem>("/api/goodsbrand/info", { brand_id: zetaId });
    expect(zeta.code).toBe(0);
    expect(zeta.data).toMatchObject({ brand_id: zetaId, brand_name: "Zeta_Lab", brand_initial: "Z" });
    expect(Object.keys(zeta.data).sort()).toEqual(["banner", "brand_desc", "brand_id", "brand_initial", "brand_name", "image_url", "is_recommend"]);
    expect((await t.call<BrandItem>("/api/goodsbrand/info", { brand_id: String(emptyId) })).data.brand_name).toBe("Q空牌");
    expect(await t.call("/api/goodsbrand/info", { brand_id: 999_999 })).toMatchObject({ code: -1, message: "品牌不存在", data: null });
  });

  it.each([
    ["/api/goodsbrand/page", { brand_initial: "AB" }, "brand_initial"],
    ["/api/goodsbrand/page", { brand_initial: "中" }, "brand_initial"],
    ["/api/goodsbrand/page", { keyword: "x".repeat(51) }, "keyword"],
    ["/api/goodsbrand/page", { page: 0 }, "page"],
    ["/api/goodsbrand/page", { page_size: 101 }, "page_size"],
    ["/api/goodsbrand/page", { page_size: "many" }, "page_size"],
    ["/api/goodsbrand/info", {}, "brand_id"],
    ["/api/goodsbrand/info", { brand_id: 0 }, "brand_id"],
    ["/api/goodsbrand/info", { brand_id: "华为" }, "brand_id"],
  ])("%s refuses %j with -10006 naming %s", async (path, body, field) => {
    const response = await t.call(path, body);
    expect(response.code).toBe(-10006);
    expect(response.message).toContain(field);
  });
});
