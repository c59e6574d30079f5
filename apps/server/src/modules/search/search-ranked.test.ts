import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { cents, goodsSkuPageBody } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { changeSkuPrice, setGoodsState } from "../goods/goods-admin.ts";
import { filteredGoods, orderGoods } from "../goods/sku-page-query.ts";
import { rankedGoodsPage } from "../goods/sku-page-search.ts";
import { rebuildSearchIndex, reindexGoods } from "./search-index.ts";

/**
 * SQLite reads a search's pages from its index in rank order (search-ranked.ts). Every page must
 * be the slice of what sorting every match gives (the goods query PostgreSQL runs: the matches
 * joined to the goods, ordered by intent, name match, sales, id), whatever the filters, order and
 * page, and stay so while goods sell, change price, state, brand or category, or are deleted.
 */
describe.skipIf(usingPostgres())("search pages in rank order (SQLite)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: 6000 });
  });
  afterAll(() => t?.close());

  const db = () => t.app.deps.db;
  type Body = Record<string, unknown>;

  /** Every match in order, by sorting them all (the reference). */
  async function sortedMatches(raw: Body): Promise<number[]> {
    const body = goodsSkuPageBody.parse(raw);
    const filtered = await filteredGoods(db(), "sqlite", body, { byRelevance: !body.order });
    if (!filtered) return [];
    return (await orderGoods(filtered.query.select("goods.goods_id"), filtered.search, body).execute()).map((row) => row.goods_id);
  }

  /** Checks the pages of `raw` at `size` per page, up to one past the last, against the reference. */
  async function expectPagesMatch(raw: Body, size: number, maxPages = Infinity): Promise<number> {
    const expected = await sortedMatches(raw);
    const pages = Math.min(maxPages, Math.ceil(expected.length / size) + 1);
    for (let page = 1; page <= pages; page++) {
      const body = goodsSkuPageBody.parse({ ...raw, page, page_size: size });
      const offset = (page - 1) * size;
      const got = await rankedGoodsPage(db(), body, { size, offset });
      expect({ body: raw, page, ...got }).toEqual({ body: raw, page, goodsIds: expected.slice(offset, offset + size), count: expected.length });
    }
    return expected.length;
  }

  /** The `id` column of a query's rows. */
  const idsOf = async (query: string) => (await sql.raw<{ id: number }>(query).execute(db())).rows.map((row) => Number(row.id));
  /** The brand of a keyword's first match. */
  const topBrand = async (keyword: string) => (await idsOf(`select brand_id as id from goods where goods_id = ${(await sortedMatches({ keyword }))[0]}`))[0]!;

  const KEYWORDS = ["手机", "蓝牙耳机", "华为", "华为手机", "小米手机", "vivo", "笔记本电脑", "电脑", "耳机", "5G", "PRO", "远程", "充电"];

  it("pages every keyword like sorting all its matches, page by page across the ranking's bands", async () => {
    let total = 0;
    for (const keyword of KEYWORDS) total += await expectPagesMatch({ keyword }, 7);
    expect(total, "the seed has goods for the keywords").toBeGreaterThan(100);
  });

  it("pages filtered searches and explicit orders alike", async () => {
    const [level1] = await idsOf("select category_id as id from goods_category where level = 1 order by category_id limit 1");
    const [level3] = await idsOf("select category_id_3 as id from goods where goods_name like '%手机%' and goods_state = 1 limit 1");
    const someIds = await idsOf("select goods_id as id from goods where goods_state = 1 order by goods_id limit 40");
    const filters: Body[] = [
      { brand_id: await topBrand("手机") },
      { category_id: level1 },
      { category_id: level3, category_level: 3 },
      { category_id: level3, category_level: 2 },
      { is_free_shipping: 1 },
      { min_price: "100", max_price: "3000" },
      { goods_id_arr: someIds.join(",") },
    ];
    const orders: Body[] = [
      { order: "sale_num", sort: "desc" },
      { order: "sale_num", sort: "asc" },
      { order: "discount_price", sort: "asc" },
      { order: "price", sort: "desc" },
      { order: "create_time", sort: "asc" },
    ];
    for (const keyword of ["手机", "华为", "耳机"]) {
      for (const filter of filters) await expectPagesMatch({ keyword, ...filter }, 20);
      for (const order of orders) await expectPagesMatch({ keyword, ...order }, 20, 3);
    }
    await expectPagesMatch({ keyword: "手机", brand_id: await topBrand("手机"), order: "discount_price", sort: "asc", is_free_shipping: 1 }, 5);
  });

  it("keeps the index in rank order as goods sell, change and leave: a sale moves the goods at once", async () => {
    const phones = await sortedMatches({ keyword: "手机" });
    const last = phones.at(-1)!;
    // A sale, as payments count it (pay/trade.ts): the slowest seller becomes the best one.
    await db().updateTable("goods").set((eb) => ({ sale_num: eb("sale_num", "+", 100_000) })).where("goods_id", "=", last).execute();
    const bestSeller = await rankedGoodsPage(db(), goodsSkuPageBody.parse({ keyword: "手机", order: "sale_num" }), { size: 1, offset: 0 });
    expect(bestSeller?.goodsIds).toEqual([last]);

    const [a, b, c, d, e, f, g] = phones;
    const sku = async (goodsId: number) => (await idsOf(`select sku_id as id from goods_sku where goods_id = ${goodsId} order by is_default desc, sku_id limit 1`))[0]!;
    await db().updateTable("goods").set((eb) => ({ sale_num: eb("sale_num", "+", 7) })).where("goods_id", "in", phones.slice(0, 30)).execute();
    await changeSkuPrice(db(), await sku(a!), cents(1));
    await setGoodsState(db(), "sqlite", [b!], 0);
    // Written straight to the table, without reindexing: the triggers follow all the same.
    await db().updateTable("goods").set({ goods_state: 0 }).where("goods_id", "=", c!).execute();
    await db().updateTable("goods").set({ goods_state: 0 }).where("goods_id", "=", d!).execute();
    await db().updateTable("goods").set({ goods_state: 1 }).where("goods_id", "=", d!).execute();
    const [otherBrand] = await idsOf(`select brand_id as id from goods_brand where brand_id <> (select brand_id from goods where goods_id = ${e}) limit 1`);
    const [otherLeaf] = await idsOf(`select category_id as id from goods_category where level = 3 and category_id <> (select category_id_3 from goods where goods_id = ${e}) limit 1`);
    await db().updateTable("goods").set({ brand_id: otherBrand!, category_id_3: otherLeaf!, is_free_shipping: 1 }).where("goods_id", "=", e!).execute();
    await db().updateTable("goods").set({ is_delete: 1 }).where("goods_id", "=", f!).execute();
    await db().deleteFrom("goods").where("goods_id", "=", g!).execute();

    const listed = await sortedMatches({ keyword: "手机" });
    expect(listed).not.toContain(b);
    expect(listed).not.toContain(c);
    expect(listed).toContain(d);
    expect(listed).not.toContain(f);
    expect(await sortedMatches({ keyword: "手机", brand_id: otherBrand })).toContain(e);
    expect(await sortedMatches({ keyword: "手机", category_id: otherLeaf, category_level: 3 })).toContain(e);
    expect(await sortedMatches({ keyword: "手机", order: "discount_price", sort: "asc" })).toEqual(expect.arrayContaining([a]));
    for (const raw of [{ keyword: "手机" }, { keyword: "手机", brand_id: otherBrand }, { keyword: "手机", is_free_shipping: 1 }, { keyword: "手机", order: "discount_price", sort: "asc" }]) {
      await expectPagesMatch(raw, 20);
    }
    await expectIndexExact();

    // A renamed goods is found by its new name once reindexed; a rebuild changes nothing.
    await db().updateTable("goods").set({ goods_name: "极光紫 手机 限定版" }).where("goods_id", "=", a!).execute();
    await reindexGoods(db(), "sqlite", [a!, g!]);
    expect(await sortedMatches({ keyword: "极光紫" })).toEqual([a]);
    await rebuildSearchIndex(db(), "sqlite");
    await expectPagesMatch({ keyword: "手机" }, 20);
    await expectIndexExact();
  });

  /**
   * The index holds exactly the goods on sale that have a document, each at minus its rank key
   * (sale_num × 2^32 + goods_id), and FTS5 finds its own structure sound.
   */
  async function expectIndexExact(): Promise<void> {
    const entries = await idsOf("select rowid as id from goods_search order by rowid");
    const expected = await idsOf(
      "select -(g.sale_num * 4294967296 + g.goods_id) as id from goods as g join goods_search_doc as d on d.goods_id = g.goods_id " +
        "where g.goods_state = 1 and g.is_delete = 0 order by id",
    );
    expect(entries).toEqual(expected);
    expect(await idsOf("select goods_id as id from goods_search_doc where goods_id not in (select goods_id from goods)")).toEqual([]);
    await sql`insert into goods_search (goods_search, rank) values ('integrity-check', 0)`.execute(db());
  }
});
