import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, StaffGroupbuy } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { seedBuyers } from "../../test/proofs/buyers.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { createTestOrder, loginTestStaff, payTestOrder } from "../order/test-fixtures.ts";
import { now } from "../../core/time.ts";

/** Staff read each group buy's sales: its paid orders and their money (unpaid ones not counted). */
describe(`group buy sales figures for staff (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await loginTestStaff(t, "admin");
  });
  afterAll(() => t.close());

  it("counts the paid orders bought at the group buy and their money", async () => {
    const goods = await insertGoods(db(), "团购统计商品");
    const added = await t.call<{ groupbuy_id: number }>("/shopapi/groupbuy/add", {
      groupbuy_name: "统计团购", goods_id: goods.goodsId, buy_num: 1, start_time: now() - 60, end_time: now() + 3600, sku_list: [{ sku_id: goods.skuIds[0], groupbuy_price: "50" }],
    }, { token: admin });
    expect(added.code, added.message).toBe(0);
    const id = added.data.groupbuy_id;
    const [buyer] = await seedBuyers(db(), 1);
    const order = async () => {
      const created = await createTestOrder(db(), { memberId: buyer!.memberId, lines: [{ skuId: goods.skuIds[0]!, num: 1 }] });
      await db().updateTable("orders").set({ promotion_type: "groupbuy", promotion_id: id }).where("order_id", "=", created.orderId).execute();
      return created;
    };
    const paid = await order();
    await payTestOrder(db(), paid);
    await order(); // unpaid
    const listed = await t.call<Page<StaffGroupbuy>>("/shopapi/groupbuy/lists", { keyword: "统计团购" }, { token: admin });
    expect(listed.code, listed.message).toBe(0);
    expect(listed.data.list[0]).toMatchObject({ groupbuy_id: id, order_count: 1, order_money: (paid.payMoneyCents / 100).toFixed(2) });
    expect((await t.call<StaffGroupbuy>("/shopapi/groupbuy/detail", { groupbuy_id: id }, { token: admin })).data).toMatchObject({ order_count: 1 });
  });
});
