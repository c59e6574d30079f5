import { describe, expect, it } from "vitest";
import type { Page, StaffBundling } from "@shop/contract";
import { usingPostgres } from "../../test/harness.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { promotionSalesGround } from "../promotion/test-fixtures.ts";
import { now } from "../../core/time.ts";

/** Staff read each combo's sales: its paid orders and their money (unpaid ones not counted). */
describe(`combo sales figures for staff (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  const ground = promotionSalesGround();
  const { db, orderAt } = ground;

  it("counts the paid orders bought at the combo and their money", async () => {
    const [first, second] = [await insertGoods(db(), "套餐统计甲"), await insertGoods(db(), "套餐统计乙")];
    const added = await ground.t.call<{ bl_id: number }>("/shopapi/bundling/add", {
      bl_name: "统计套餐", bl_price: "100.00", start_time: now() - 60, end_time: now() + 3600,
      goods_list: [{ goods_id: first.goodsId, num: 1 }, { goods_id: second.goodsId, num: 1 }],
    }, { token: ground.admin });
    expect(added.code, added.message).toBe(0);
    const id = added.data.bl_id;
    const lines = [{ skuId: first.skuIds[0]!, num: 1 }, { skuId: second.skuIds[0]!, num: 1 }];
    const paid = await orderAt({ type: "bundling", id }, lines, { paid: true });
    await orderAt({ type: "bundling", id }, lines); // unpaid
    const listed = await ground.t.call<Page<StaffBundling>>("/shopapi/bundling/lists", { keyword: "统计套餐" }, { token: ground.admin });
    expect(listed.code, listed.message).toBe(0);
    expect(listed.data.list[0]).toMatchObject({ bl_id: id, order_count: 1, order_money: (paid.payMoneyCents / 100).toFixed(2) });
    expect((await ground.t.call<StaffBundling>("/shopapi/bundling/detail", { bl_id: id }, { token: ground.admin })).data).toMatchObject({ order_count: 1 });
  });
});
