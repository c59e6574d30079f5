import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertGoods } from "./test-fixtures.ts";
import { goodsStockColumn } from "./goods-stock.ts";

/** Stock lives in one place, goods_sku.stock (ADR 0007), and never goes below zero there. */
describe("stock in one place", () => {
  let t: TestApp;
  let lamp: { goodsId: number; skuIds: number[] };
  beforeAll(async () => {
    t = await startTestApp();
    lamp = await insertGoods(t.app.deps.db, "台灯", { skus: [{ stock: 4, is_default: 1 }, { stock: 0 }, { stock: 9 }] });
  });
  afterAll(() => t.close());

  const db = () => t.app.deps.db;
  const stockOf = async (skuId: number) =>
    Number((await db().selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow()).stock);
  /** The message the database refused a statement with ("" when it did not). */
  const refusal = (promise: Promise<unknown>) => promise.then(() => "", (error: unknown) => String((error as Error).message));
  /** SQLite's trigger and PostgreSQL's constraint both say "check constraint". */
  const CHECK_FAILED = /check constraint/i;

  it("has no stock column on the goods row any more", async () => {
    expect(await refusal(sql`select goods_stock from goods`.execute(db()))).toMatch(/goods_stock/);
  });

  it("sums the SKUs' stock as the goods' stock (0 for a goods without SKUs)", async () => {
    const empty = await insertGoods(db(), "无规格", { skus: [] });
    const rows = await db()
      .selectFrom("goods")
      .select(["goods.goods_id", goodsStockColumn])
      .where("goods.goods_id", "in", [lamp.goodsId, empty.goodsId])
      .orderBy("goods.goods_id")
      .execute();
    // A number on both databases (PostgreSQL's sum of a bigint would otherwise be a numeric string).
    expect(rows).toEqual([{ goods_id: lamp.goodsId, goods_stock: 13 }, { goods_id: empty.goodsId, goods_stock: 0 }]);
  });

  it("refuses a write that would take a SKU's stock below zero, leaving it unchanged", async () => {
    const [first, soldOut] = lamp.skuIds as [number, number];
    // An update that forgot its `stock >= n` condition.
    const unconditional = db().updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "-", 5) })).where("sku_id", "=", first).execute();
    expect(await refusal(unconditional)).toMatch(CHECK_FAILED);
    expect(await refusal(db().updateTable("goods_sku").set({ stock: -1 }).where("sku_id", "=", soldOut).execute())).toMatch(CHECK_FAILED);
    expect(await refusal(insertGoods(db(), "负库存", { skus: [{ stock: -3 }] }))).toMatch(CHECK_FAILED);
    expect([await stockOf(first), await stockOf(soldOut)]).toEqual([4, 0]);
    // Down to exactly zero is fine.
    await db().updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "-", 4) })).where("sku_id", "=", first).execute();
    expect(await stockOf(first)).toBe(0);
  });
});
