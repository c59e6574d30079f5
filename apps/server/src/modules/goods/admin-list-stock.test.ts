import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { listStaffGoods, type GoodsListFilter } from "./admin-list.ts";
import { insertCategory, insertGoods } from "./test-fixtures.ts";

/**
 * The back office's goods list sorted by stock (goods.stock_total, migration 0034) alone and with
 * filters, and its search in both forms (the set of matches, or a walk in order when matches are
 * plentiful) answering the same goods in the same order.
 */
describe("goods list by stock (/shopapi/goods/lists order=stock)", () => {
  let t: TestApp;
  let category: number;
  /** goods id → [its stock, on sale, in the category] */
  const made = new Map<number, { stock: number; onSale: boolean; inCategory: boolean }>();
  let skuNoGoods = 0;
  const NAME = "库存排序";

  beforeAll(async () => {
    t = await startTestApp();
    category = await insertCategory(t.app.deps.db, { category_name: "排序测试类" });
    // 24 goods: enough for the walk (≥ 20 × a page of 1); stocks repeat, so goods_id breaks ties.
    for (let index = 0; index < 24; index += 1) {
      const stock = (index * 7) % 10;
      const onSale = index % 3 !== 0;
      const inCategory = index % 2 === 0;
      const { goodsId } = await insertGoods(t.app.deps.db, `${NAME} ${index}`, {
        goods: { goods_state: onSale ? 1 : 0, category_id_1: inCategory ? category : 0 },
        // Two SKUs, so the sort key is a sum; the first carries the SKU number the search finds.
        skus: [{ stock: stock - Math.floor(stock / 2), sku_no: `KCPX-${process.pid}-${index}` }, { stock: Math.floor(stock / 2) }],
      });
      made.set(goodsId, { stock, onSale, inCategory });
      if (index === 5) skuNoGoods = goodsId;
    }
  });
  afterAll(() => t?.close());

  const list = (filter: Partial<GoodsListFilter>, deleted: 0 | 1 = 0) =>
    listStaffGoods(t.app.deps.db, { page: 1, page_size: 100, search_text: NAME, order: "stock", sort: "asc", ...filter }, deleted);
  /** The goods ids that pass `keep`, by stock then goods id, in `direction`. */
  const expected = (direction: "asc" | "desc", keep: (goods: { stock: number; onSale: boolean; inCategory: boolean }) => boolean = () => true) => {
    const ids = [...made].filter(([, goods]) => keep(goods)).sort(([idA, a], [idB, b]) => a.stock - b.stock || idA - idB).map(([id]) => id);
    return direction === "asc" ? ids : ids.reverse();
  };

  it("sorts by the goods' stock, ascending and descending, and shows that stock", async () => {
    const ascending = await list({ sort: "asc" });
    expect(ascending.count).toBe(24);
    expect(ascending.list.map((item) => item.goods_id)).toEqual(expected("asc"));
    expect(ascending.list.map((item) => item.goods_stock)).toEqual(expected("asc").map((id) => made.get(id)!.stock));
    expect((await list({ sort: "desc" })).list.map((item) => item.goods_id)).toEqual(expected("desc"));
  });

  it("pages the same order whether the search walks (a page of 1 on 24 matches) or reads the set of matches", async () => {
    const all = expected("desc");
    for (const page of [1, 2, 3, 24]) {
      const answer = await list({ sort: "desc", page, page_size: 1 });
      expect(answer.list.map((item) => item.goods_id), `page ${page}`).toEqual([all[page - 1]]);
      expect(answer.page_count).toBe(24);
    }
    const offPage = await list({ page: 3, page_size: 20 });
    expect(offPage.list).toEqual([]);
  });

  it("combines with category, state and SKU number filters", async () => {
    const filtered = await list({ sort: "desc", category_id: category, goods_state: 1 });
    expect(filtered.list.map((item) => item.goods_id)).toEqual(expected("desc", (goods) => goods.inCategory && goods.onSale));
    expect(filtered.count).toBe(filtered.list.length);
    const bySkuNo = await list({ search_text: `KCPX-${process.pid}-5` });
    expect(bySkuNo.list.map((item) => item.goods_id)).toEqual([skuNoGoods]);
    // A page of 1 on the whole list (no search): the order column alone.
    const top = await listStaffGoods(t.app.deps.db, { page: 1, page_size: 1, search_text: "", order: "stock", sort: "desc", category_id: category });
    expect(top.list.map((item) => item.goods_id)).toEqual(expected("desc", (goods) => goods.inCategory).slice(0, 1));
  });

  it("follows stock as it changes, and sorts the recycle bin too", async () => {
    const [lowest] = expected("asc");
    await t.app.deps.db.updateTable("goods_sku").set({ stock: 1000 }).where("goods_id", "=", lowest!).where("sku_no", "<>", "").execute();
    made.get(lowest!)!.stock += 1000 - (made.get(lowest!)!.stock - Math.floor(made.get(lowest!)!.stock / 2));
    expect((await list({ sort: "desc", page_size: 1 })).list[0]).toMatchObject({ goods_id: lowest, goods_stock: made.get(lowest!)!.stock });
    const binned = expected("asc").slice(0, 3);
    await t.app.deps.db.updateTable("goods").set({ is_delete: 1, delete_time: 1 }).where("goods_id", "in", binned).execute();
    expect((await list({ sort: "asc" }, 1)).list.map((item) => item.goods_id)).toEqual(binned);
    expect((await list({ sort: "asc" })).count).toBe(21);
  });
});
