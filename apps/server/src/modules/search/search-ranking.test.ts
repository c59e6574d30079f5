import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
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
  it("ranks the named category's goods first, name matches over description, ties by sales", async () => {
    const { A, B, H } = c.goods;
    // A and B are phones (category 手机, 手机 in the name); H only mentions 手机 in its introduction.
    expect(await search("手机")).toEqual([B, A, H]);
  });

  it("prefers a name match to a description match even against higher sales", async () => {
    // Names of equal length score equally, so sales decide between the two name matches.
    const quiet = (await insertGoods(t.app.deps.db, "Alpha 音箱 X1", { goods: { sale_num: 1 } })).goodsId;
    const popular = (await insertGoods(t.app.deps.db, "Beta 音箱", { goods: { sale_num: 9000, introduction: "alpha 同款" } })).goodsId;
    const busier = (await insertGoods(t.app.deps.db, "Alpha 音箱 Y2", { goods: { sale_num: 50 } })).goodsId;
    await reindexGoods(t.app.deps.db, t.app.deps.dialect, [quiet, popular, busier]);
    expect(await search("ALPHA")).toEqual([busier, quiet, popular]);
  });

  it("finds brands, 2-character words and whole phrases; explicit orders override relevance", async () => {
    const { A, C, H } = c.goods;
    expect((await search("华为")).sort()).toEqual([A, C, H].sort());
    // H is no earphone by name, but sits in the category 耳机.
    expect(await search("耳机")).toEqual([C, H]);
    expect(await search("华为蓝牙耳机")).toEqual([C]);
    expect(await search("华为", { order: "discount_price", sort: "asc" })).toEqual([H, C, A]);
    expect(await search("华为", { order: "create_time", sort: "asc" })).toEqual([A, C, H]);
    expect(await search("华为", { is_free_shipping: 1 })).toEqual([C, A]);
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
