import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, StaffSeckill } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { seedBuyers } from "../../test/proofs/buyers.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { createTestOrder, loginTestStaff, payTestOrder } from "../order/test-fixtures.ts";
import { insertSeckill, insertSlotsAroundNow } from "./test-fixtures.ts";

/** Staff read each seckill's sales: its paid orders and their money (unpaid ones and other seckills' not counted). */
describe(`seckill sales figures for staff (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await loginTestStaff(t, "admin");
  });
  afterAll(() => t.close());

  it("counts the paid orders bought at the seckill and their money", async () => {
    const goods = await insertGoods(db(), "秒杀统计商品");
    const slots = await insertSlotsAroundNow(db());
    const skus = [{ skuId: goods.skuIds[0]!, priceCents: 1990, pool: 10 }];
    const counted = await insertSeckill(db(), { goodsId: goods.goodsId, skus, slotIds: [slots.onNow], name: "统计秒杀" });
    const other = await insertSeckill(db(), { goodsId: goods.goodsId, skus, slotIds: [slots.notNow], name: "别的秒杀" });
    const [buyer] = await seedBuyers(db(), 1);
    const atSeckill = async (seckillId: number) => {
      const order = await createTestOrder(db(), { memberId: buyer!.memberId, lines: [{ skuId: goods.skuIds[0]!, num: 1 }] });
      await db().updateTable("orders").set({ promotion_type: "seckill", promotion_id: seckillId }).where("order_id", "=", order.orderId).execute();
      return order;
    };
    const paid = [await atSeckill(counted), await atSeckill(counted)];
    for (const order of paid) await payTestOrder(db(), order);
    await atSeckill(counted); // unpaid
    await payTestOrder(db(), await atSeckill(other));

    const detail = await t.call<StaffSeckill>("/shopapi/seckill/detail", { seckill_id: counted }, { token: admin });
    expect(detail.code, detail.message).toBe(0);
    const money = paid.reduce((sum, order) => sum + order.payMoneyCents, 0);
    expect(detail.data).toMatchObject({ order_count: 2, order_money: (money / 100).toFixed(2) });
    const listed = await t.call<Page<StaffSeckill>>("/shopapi/seckill/lists", { keyword: "别的秒杀" }, { token: admin });
    expect(listed.data.list.map((item) => [item.seckill_id, item.order_count])).toEqual([[other, 1]]);
  });
});
