import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandFacet, CategoryFacet } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertCategory, insertGoods } from "../goods/test-fixtures.ts";
import { idsOf, insertListCatalog, skuPage, type ListCatalog } from "../goods/sku-page-fixtures.ts";
import { rebuildSearchIndex, reindexGoods } from "./search-index.ts";

describe("keyword search on a known catalog", () => {
  let t: TestApp;
  let c: ListCatalog;
  beforeAll(async () => {
    t = await startTestApp();
    c = await insertListCatalog(t);
  });
  afterAll(() => t.close());

  const search = async (keyword: string, body: object = {}) => idsOf(await skuPage(t, { keyword, ...body }));
  it("ranks the named category's goods first, then by sales; a mere mention in the description does not match", async () => {
    const { A, B, H } = c.goods;
    // A and B are phones (category 手机, 手机 in the name); H, a charger, only mentions 手机 in its introduction.
    expect(await search("手机")).toEqual([B, A]);
    // With nothing matching by name or category, the description is what there is to find.
    expect(await search("兼容")).toEqual([H]);
  });

  it("prefers name matches, by sales; description-only matches are left out while names match", async () => {
    const quiet = (await insertGoods(t.app.deps.db, "Alpha 音箱 X1", { goods: { sale_num: 1 } })).goodsId;
    const popular = (await insertGoods(t.app.deps.db, "Beta 音箱", { goods: { sale_num: 9000, introduction: "alpha 同款" } })).goodsId;
    const busier = (await insertGoods(t.app.deps.db, "Alpha 音箱 Y2", { goods: { sale_num: 50 } })).goodsId;
    await reindexGoods(t.app.deps.db, t.app.deps.dialect, [quiet, popular, busier]);
    expect(await search("ALPHA")).toEqual([busier, quiet]);
    expect(await search("同款")).toEqual([popular]);
  });

  it("finds brands, 2-character words and whole phrases; explicit orders override relevance", async () => {
    const { A, C, H } = c.goods;
    expect((await search("华为")).sort()).toEqual([A, C, H].sort());
    // H is no earphone by name, but sits in the category 耳机: the name match comes first.
    expect(await search("耳机")).toEqual([C, H]);
    expect(await search("华为蓝牙耳机")).toEqual([C]);
    expect(await search("华为", { order: "discount_price", sort: "asc" })).toEqual([H, C, A]);
    expect(await search("华为", { order: "create_time", sort: "asc" })).toEqual([A, C, H]);
    expect(await search("华为", { is_free_shipping: 1 })).toEqual([C, A]);
    // The count comes with a page of results; past the last page it is counted apart.
    expect(await skuPage(t, { keyword: "华为", page: 2, page_size: 2 })).toMatchObject({ count: 3, page_count: 2 });
    expect(await skuPage(t, { keyword: "华为", page: 5, page_size: 2 })).toEqual({ count: 3, page_count: 2, list: [] });
  });

  it("finds nothing for words absent from the catalog or without letters", async () => {
    expect(await search("洗衣机")).toEqual([]);
    expect(await search("~~")).toEqual([]);
    expect((await skuPage(t, { keyword: "   " })).count).toBe((await skuPage(t, {})).count);
  });

  it("reindexes edited, unshelved and deleted goods", async () => {
    const { A, D } = c.goods;
    await t.app.deps.db.updateTable("goods").set({ goods_name: "海尔 对开门冰箱 静音款" }).where("goods_id", "=", D).execute();
    await t.app.deps.db.updateTable("goods").set({ goods_state: 0 }).where("goods_id", "=", A).execute();
    await reindexGoods(t.app.deps.db, t.app.deps.dialect, [A, D]);
    expect(await search("静音")).toEqual([D]);
    expect(await search("Mate")).toEqual([]);
    await t.app.deps.db.updateTable("goods").set({ goods_state: 1 }).where("goods_id", "=", A).execute();
    expect(await rebuildSearchIndex(t.app.deps.db, t.app.deps.dialect)).toMatchObject({ goods: 9 });
    expect(await search("Mate")).toEqual([A]);
  });
});

/**
 * Issue 7: 手机 listed projectors and printers "controlled by 手机", and put their brands in the
 * brand filter. A search keeps the narrowest scope some goods on sale matches: what the goods is
 * (brand, category, keywords), then its name, then its description.
 */
describe("search precision: what goods are, over what their names and descriptions mention", () => {
  let t: TestApp;
  let goods: Record<"phone" | "projector" | "printer" | "offShelfPhone", number>;
  let brands: Record<"xiaomi" | "epson" | "brother", number>;
  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    const digital = await insertCategory(db, { category_name: "手机数码" });
    const phones = await insertCategory(db, { category_name: "手机通讯", pid: digital, level: 2 });
    const phone = await insertCategory(db, { category_name: "手机", pid: phones, level: 3 });
    const office = await insertCategory(db, { category_name: "电脑办公" });
    const devices = await insertCategory(db, { category_name: "办公设备", pid: office, level: 2 });
    const projector = await insertCategory(db, { category_name: "投影仪", pid: devices, level: 3 });
    const printer = await insertCategory(db, { category_name: "打印机", pid: devices, level: 3 });
    const brand = async (brand_name: string) =>
      (
        await db
          .insertInto("goods_brand")
          .values({ brand_name, brand_initial: "", image_url: "", banner: "", brand_desc: "", is_recommend: 0, sort: 0 })
          .returning("brand_id")
          .executeTakeFirstOrThrow()
      ).brand_id;
    brands = { xiaomi: await brand("小米"), epson: await brand("爱普生"), brother: await brand("兄弟") };
    const inCategory = (ids: number[], brandId: number, brandName: string, keywords: string, introduction: string, sale_num: number) => ({
      goods: {
        category_id: `,${ids.join(",")},`, category_id_1: ids[0]!, category_id_2: ids[1]!, category_id_3: ids[2]!,
        brand_id: brandId, brand_name: brandName, keywords, introduction, sale_num,
      },
    });
    const add = async (name: string, fixture: Parameters<typeof insertGoods>[2]) => (await insertGoods(db, name, fixture)).goodsId;
    goods = {
      phone: await add("小米 14 5G手机 徕卡影像", inCategory([digital, phones, phone], brands.xiaomi, "小米", "小米,手机,5G手机", "徕卡影像，小米官方正品", 10)),
      // Better sellers than the phone, 手机 in their names and descriptions — as selling points.
      projector: await add("爱普生 CB-X50 投影仪 手机远程操作", inCategory([office, devices, projector], brands.epson, "爱普生", "爱普生,投影仪", "手机远程操作，爱普生官方正品", 900)),
      printer: await add("兄弟 DCP-T720 打印机", inCategory([office, devices, printer], brands.brother, "兄弟", "兄弟,打印机", "手机远程操控，兄弟官方正品", 800)),
      offShelfPhone: await add("下架 手机", { goods: { ...inCategory([digital, phones, phone], brands.xiaomi, "小米", "手机", "", 1).goods, goods_state: 0 } }),
    };
    await rebuildSearchIndex(db, t.app.deps.dialect);
  });
  afterAll(() => t.close());

  const search = async (keyword: string) => idsOf(await skuPage(t, { keyword }));
  const brandFacets = async (keyword: string) =>
    (await t.call<{ list: BrandFacet[] }>("/api/goodssku/brands", { keyword })).data.list.map((facet) => facet.brand_name);
  const categoryFacets = async (keyword: string) =>
    (await t.call<{ list: CategoryFacet[] }>("/api/goodssku/categories", { keyword })).data.list.map((facet) => facet.category_name);

  it("手机 lists the phone, not the projector or printer that mention phones, in results and in both facets", async () => {
    expect(await search("手机")).toEqual([goods.phone]);
    expect((await skuPage(t, { keyword: "手机" })).count).toBe(1);
    expect(await brandFacets("手机")).toEqual(["小米"]);
    expect(await categoryFacets("手机")).toEqual(["手机数码"]);
  });

  it("falls back to names, then descriptions, when nothing is what the keyword says", async () => {
    // 远程操作: the projector's name (and description); 远程操控: only the printer's description.
    expect(await search("远程操作")).toEqual([goods.projector]);
    expect(await search("远程操控")).toEqual([goods.printer]);
    expect(await brandFacets("远程操控")).toEqual(["兄弟"]);
    expect(await categoryFacets("远程操控")).toEqual(["电脑办公"]);
  });

  it("decides the scope on goods on sale only, even when the index still holds goods taken off the shelf", async () => {
    const db = t.app.deps.db;
    // What this goods is (its keywords) says 远程操作; it goes off the shelf without being reindexed.
    const screen = (await insertGoods(db, "幕布 100寸", { goods: { keywords: "幕布,远程操作" } })).goodsId;
    await reindexGoods(db, t.app.deps.dialect, [screen]);
    expect(await search("远程操作")).toEqual([screen]);
    await db.updateTable("goods").set({ goods_state: 0 }).where("goods_id", "=", screen).execute();
    expect(await search("远程操作")).toEqual([goods.projector]);
    expect(await search("投影仪")).toEqual([goods.projector]);
  });
});
