import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, StaffBundling } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { seedBuyers } from "../../test/proofs/buyers.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { createTestOrder, loginTestStaff, payTestOrder } from "../order/test-fixtures.ts";
import { now } from "../../core/time.ts";

/** Staff read each combo's sales: its paid orders and their money (unpaid ones not counted). */
describe(`combo sales figures for staff (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await loginTestStaff(t, "admin");
  });
  afterAll(() => t.close());

  it("counts the paid orders bought at the combo and their money", async () => {
    const [first, second] = [await insertGoods(db(), "套餐统计甲"), await insertGoods(db(), "套餐统计乙")];
    const added = await t.call<{ bl_id: number }>("/shopapi/bundling/add", {
      bl_name: "统计套餐", bl_price: "100.00", start_time: now() - 60, end_time: now() + 3600,
      goods_list: [{ goods_id: first.goodsId, num: 1 }, { goods_id: second.goodsId, num: 1 }],
    }, { token: admin });
    expect(added.code, added.message).toBe(0);
    const id = added.data.bl_id;
    const [buyer] = await seedBuyers(db(), 1);
    const order = async () => {
      const created = await createTestOrder(db(), { memberId: buyer!.memberId, lines: [{ skuId: first.skuIds[0]!, num: 1 }, { skuId: second.skuIds[0]!, num: 1 }] });
      await db().updateTable("orders").set({ promotion_type: "bundling", promotion_id: id }).where("order_id", "=", created.orderId).execute();
      return created;
    };
    const paid = await order();
    await payTestOrder(db(), paid);
    await order(); // unpaid
    const listed = await t.call<Page<StaffBundling>>("/shopapi/bundling/lists", { keyword: "统计套餐" }, { token: admin });
    expect(listed.code, listed.message).toBe(0);
    expect(listed.data.list[0]).toMatchObject({ bl_id: id, order_count: 1, order_money: (paid.payMoneyCents / 100).toFixed(2) });
    expect((await t.call<StaffBundling>("/shopapi/bundling/detail", { bl_id: id }, { token: admin })).data).toMatchObject({ order_count: 1 });
  });
});
