import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../test/harness.ts";
import { insertGoods } from "../modules/goods/test-fixtures.ts";
import { BizError } from "../core/errors.ts";
import { affectedRows, expectAffected, isUniqueViolation } from "./conditional.ts";
import { unitOfWork } from "./unit-of-work.ts";

/** The error a query threw (the test fails if it did not throw). */
async function errorOf(query: Promise<unknown>): Promise<unknown> {
  return query.then(
    () => expect.fail("the query should have failed"),
    (error: unknown) => error,
  );
}

describe(`conditional updates and unique violations (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let skuIds: number[];
  beforeAll(async () => {
    t = await startTestApp();
    ({ skuIds } = await insertGoods(t.app.deps.db, "条件更新商品", { skus: [{ is_default: 1, stock: 5 }, { stock: 5 }, { stock: 5 }] }));
  });
  afterAll(() => t.close());

  const stocks = async () =>
    (await t.app.deps.db.selectFrom("goods_sku").select("stock").where("sku_id", "in", skuIds).orderBy("sku_id").execute()).map((row) => row.stock);

  it("affectedRows counts the rows an UPDATE or DELETE changed, as a number", async () => {
    const db = t.app.deps.db;
    const all = await db.updateTable("goods_sku").set({ sale_num: 1 }).where("sku_id", "in", skuIds).executeTakeFirst();
    expect(affectedRows(all)).toBe(3);
    const none = await db.updateTable("goods_sku").set({ sale_num: 1 }).where("sku_id", "=", -1).executeTakeFirst();
    expect(affectedRows(none)).toBe(0);
    const { skuIds: [doomed] } = await insertGoods(db, "待删除商品");
    expect(affectedRows(await db.deleteFrom("goods_sku").where("sku_id", "=", doomed!).executeTakeFirst())).toBe(1);
    expect(affectedRows(await db.deleteFrom("goods_sku").where("sku_id", "=", doomed!).executeTakeFirst())).toBe(0);
    expect(affectedRows(undefined)).toBe(0);
  });

  it("a conditional decrement changes a row only while the stock is enough", async () => {
    const db = t.app.deps.db;
    const take = (num: number) =>
      db.updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "-", num) })).where("sku_id", "=", skuIds[0]!).where("stock", ">=", num).executeTakeFirst();
    expect(affectedRows(await take(4))).toBe(1);
    expect(affectedRows(await take(2))).toBe(0); // 1 left
    expect(affectedRows(await take(1))).toBe(1);
    expect((await stocks())[0]).toBe(0);
  });

  it("expectAffected throws the caller's message (code -1 unless told), and that rolls back the unit of work", async () => {
    const db = t.app.deps.db;
    const before = await stocks();
    const attempt = unitOfWork(db, async (tx) => {
      const first = await tx.updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "-", 1) })).where("sku_id", "=", skuIds[1]!).where("stock", ">=", 1).executeTakeFirst();
      expectAffected(first, 1, "库存不足");
      const second = await tx.updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "-", 99) })).where("sku_id", "=", skuIds[2]!).where("stock", ">=", 99).executeTakeFirst();
      expectAffected(second, 1, "条件更新商品 库存不足");
    });
    const error = await errorOf(attempt);
    expect(error).toBeInstanceOf(BizError);
    expect(error).toMatchObject({ message: "条件更新商品 库存不足", code: Code.ERROR });
    // The first SKU's decrement went back with the unit.
    expect(await stocks()).toEqual(before);

    const update = await db.updateTable("goods_sku").set({ sale_num: 2 }).where("sku_id", "in", skuIds).executeTakeFirst();
    expect(() => expectAffected(update, 3, "x")).not.toThrow();
    expect(() => expectAffected(update, 1, "只应改一行", Code.PARAM)).toThrow(expect.objectContaining({ message: "只应改一行", code: Code.PARAM }));
  });

  it("isUniqueViolation recognises a duplicate on a unique index and on a primary key", async () => {
    const db = t.app.deps.db;
    const ledgerRow = { member_id: 1, account_type: "balance", account_data: 100, from_type: "test", business_id: "dup-1", type_name: "测试", remark: "", create_time: 0 };
    await db.insertInto("member_account").values(ledgerRow).execute();
    const duplicate = await errorOf(db.insertInto("member_account").values(ledgerRow).execute());
    expect(isUniqueViolation(duplicate)).toBe(true);

    const { id } = await db.insertInto("member_account").values({ ...ledgerRow, business_id: "dup-2" }).returning("id").executeTakeFirstOrThrow();
    const samePrimaryKey = await errorOf(db.insertInto("member_account").values({ ...ledgerRow, id, business_id: "dup-3" }).execute());
    expect(isUniqueViolation(samePrimaryKey)).toBe(true);
  });

  it("isUniqueViolation is false for other failures: NOT NULL, CHECK ≥ 0, syntax, non-errors", async () => {
    const db = t.app.deps.db;
    const cartLine = { site_id: 0, member_id: 1, sku_id: skuIds[0]!, create_time: 0, update_time: 0 };
    const checkFailed = await errorOf(db.insertInto("cart").values({ ...cartLine, num: -1 }).execute());
    expect(isUniqueViolation(checkFailed)).toBe(false);
    const notNull = await errorOf(db.insertInto("member_account").values({ member_id: 1, account_type: "balance", account_data: null as never, from_type: "t", business_id: "n", type_name: "", remark: "", create_time: 0 }).execute());
    expect(isUniqueViolation(notNull)).toBe(false);
    const { sql } = await import("kysely");
    expect(isUniqueViolation(await errorOf(sql`select * from no_such_table`.execute(db)))).toBe(false);
    expect(isUniqueViolation(new Error("duplicate"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation("23505")).toBe(false);
    // The CHECK held: no cart line with a negative quantity exists.
    expect(await db.selectFrom("cart").select("num").where("sku_id", "=", skuIds[0]!).execute()).toEqual([]);
  });
});
