import { describe, expect, it } from "vitest";
import type { Page, StaffSeckill } from "@shop/contract";
import { usingPostgres } from "../../test/harness.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { promotionSalesGround } from "../promotion/test-fixtures.ts";
import { insertSeckill, insertSlotsAroundNow } from "./test-fixtures.ts";

/** Staff read each seckill's sales: its paid orders and their money (unpaid ones and other seckills' not counted). */
describe(`seckill sales figures for staff (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  const ground = promotionSalesGround();
  const { db, orderAt } = ground;

  it("counts the paid orders bought at the seckill and their money", async () => {
    const goods = await insertGoods(db(), "秒杀统计商品");
    const slots = await insertSlotsAroundNow(db());
    const skus = [{ skuId: goods.skuIds[0]!, priceCents: 1990, pool: 10 }];
    const counted = await insertSeckill(db(), { goodsId: goods.goodsId, skus, slotIds: [slots.onNow], name: "统计秒杀" });
    const other = await insertSeckill(db(), { goodsId: goods.goodsId, skus, slotIds: [slots.notNow], name: "别的秒杀" });
    const atSeckill = (id: number, paid: boolean) => orderAt({ type: "seckill", id }, [{ skuId: goods.skuIds[0]!, num: 1 }], { paid });
    const paid = [await atSeckill(counted, true), await atSeckill(counted, true)];
    await atSeckill(counted, false); // unpaid
    await atSeckill(other, true);

    const detail = await ground.t.call<StaffSeckill>("/shopapi/seckill/detail", { seckill_id: counted }, { token: ground.admin });
    expect(detail.code, detail.message).toBe(0);
    const money = paid.reduce((sum, order) => sum + order.payMoneyCents, 0);
    expect(detail.data).toMatchObject({ order_count: 2, order_money: (money / 100).toFixed(2) });
    const listed = await ground.t.call<Page<StaffSeckill>>("/shopapi/seckill/lists", { keyword: "别的秒杀" }, { token: ground.admin });
    expect(listed.data.list.map((item) => [item.seckill_id, item.order_count])).toEqual([[other, 1]]);
  });
});
