import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GoodsSkuItem, SearchSuggestion } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { skuPage } from "../goods/sku-page-fixtures.ts";
import { goodsSearch } from "./search-hits.ts";

/** Searching the seeded catalog (seed/catalog-tree-*.ts names goods "brand model noun selling-point"). */
describe("search on the seeded catalog", () => {
  let t: TestApp;
  let onSale: Array<{ goods_id: number; goods_name: string; brand_name: string; keywords: string; category_id_3: number }>;
  beforeAll(async () => {
    t = await startTestApp({ seed: 300 });
    onSale = await t.app.deps.db
      .selectFrom("goods")
      .select(["goods_id", "goods_name", "brand_name", "keywords", "category_id_3"])
      .where("goods_state", "=", 1)
      .where("is_delete", "=", 0)
      .execute();
  });
  afterAll(() => t.close());

  const search = async (keyword: string): Promise<GoodsSkuItem[]> => (await skuPage(t, { keyword, page_size: 100 })).list;
  /** Goods named with the word that are one (their keywords say so): not a printer "controlled by 手机". */
  const namedAndAre = (word: string) =>
    onSale.filter((goods) => goods.goods_name.includes(word) && goods.keywords.includes(word)).map((goods) => goods.goods_id);
  /** Index of the last item matching `wanted` must be before the first one that does not. */
  const comeFirst = (items: GoodsSkuItem[], wanted: (item: GoodsSkuItem) => boolean) => {
    const flags = items.map(wanted);
    return flags.indexOf(false) === -1 || flags.lastIndexOf(true) < flags.indexOf(false);
  };

  it.each(["手机", "蓝牙耳机", "笔记本电脑"])("%s finds every goods named with it that is one, those named first", async (word) => {
    const expected = namedAndAre(word);
    expect(expected.length, `the seed names goods with ${word}`).toBeGreaterThan(0);
    const items = await search(word);
    expect(items.map((item) => item.goods_id)).toEqual(expect.arrayContaining(expected));
    expect(comeFirst(items, (item) => item.goods_name.includes(word))).toBe(true);
  });

  it("puts goods of the category 手机 before other goods mentioning 手机 (phone cases)", async () => {
    const phoneLeaf = await t.app.deps.db
      .selectFrom("goods_category")
      .select("category_id")
      .where("category_name", "=", "手机")
      .where("level", "=", 3)
      .executeTakeFirstOrThrow();
    const items = await search("手机");
    const inLeaf = new Set(onSale.filter((goods) => goods.category_id_3 === phoneLeaf.category_id).map((goods) => goods.goods_id));
    expect(inLeaf.size).toBeGreaterThan(0);
    expect(comeFirst(items, (item) => inLeaf.has(item.goods_id))).toBe(true);
  });

  it.each(["华为", "小米"])("the brand %s finds all its goods, them first", async (brand) => {
    const expected = onSale.filter((goods) => goods.brand_name === brand).map((goods) => goods.goods_id);
    expect(expected.length).toBeGreaterThan(0);
    const items = await search(brand);
    expect(items.map((item) => item.goods_id)).toEqual(expect.arrayContaining(expected));
    expect(comeFirst(items, (item) => item.brand_name === brand)).toBe(true);
  });

  it("names the level-3 categories and brands a keyword contains, whatever the letter case", async () => {
    const { db, dialect } = t.app.deps;
    const leaves = await db.selectFrom("goods_category").select(["category_id", "category_name"]).where("level", "=", 3).execute();
    const brands = await db.selectFrom("goods_brand").select(["brand_id", "brand_name"]).execute();
    const contained = (words: string, name: string) => name.length >= 2 && words.includes(name.toLowerCase());
    const byNumber = (a: number, b: number) => a - b;
    for (const keyword of ["华为手机", "OPPO 蓝牙耳机", "vivo手机壳", "JBL音箱 Bose", "笔记本电脑", "手"]) {
      const words = keyword.toLowerCase();
      const plan = (await goodsSearch(db, dialect, keyword))!.plan;
      expect([...plan.categoryIds].sort(byNumber), keyword).toEqual(leaves.filter((leaf) => contained(words, leaf.category_name)).map((leaf) => leaf.category_id).sort(byNumber));
      expect([...plan.brandIds].sort(byNumber), keyword).toEqual(brands.filter((brand) => contained(words, brand.brand_name)).map((brand) => brand.brand_id).sort(byNumber));
    }
    expect((await goodsSearch(db, dialect, "OPPO 蓝牙耳机"))!.plan.brandIds.length).toBeGreaterThan(0);
  });

  it("suggests brands, categories and goods words while typing", async () => {
    const suggest = async (keyword: string) => {
      const response = await t.call<{ list: SearchSuggestion[] }>("/api/goods/searchSuggest", { keyword });
      expect(response.code).toBe(0);
      return response.data.list;
    };
    expect((await suggest("华")).map((item) => item.keyword)).toContain("华为");
    expect((await suggest("华为"))[0]).toEqual({ keyword: "华为", goods_count: onSale.filter((goods) => goods.brand_name === "华为").length });
    expect((await suggest("蓝牙耳")).map((item) => item.keyword)).toContain("蓝牙耳机");
    expect((await suggest("笔记本")).every((item) => item.keyword.includes("笔记本"))).toBe(true);
    expect(await suggest("")).toEqual([]);
    expect(await suggest("zzzz")).toEqual([]);
  });
});
