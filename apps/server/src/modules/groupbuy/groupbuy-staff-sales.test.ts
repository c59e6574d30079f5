import { describe, expect, it } from "vitest";
import type { Page, StaffGroupbuy } from "@shop/contract";
import { usingPostgres } from "../../test/harness.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { promotionSalesGround } from "../promotion/test-fixtures.ts";
import { now } from "../../core/time.ts";

/** Staff read each group buy's sales: its paid orders and their money (unpaid ones not counted). */
describe(`group buy sales figures for staff (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  const ground = promotionSalesGround();
  const { db, orderAt } = ground;

  it("counts the paid orders bought at the group buy and their money", async () => {
    const goods = await insertGoods(db(), "团购统计商品");
    const added = await ground.t.call<{ groupbuy_id: number }>("/shopapi/groupbuy/add", {
      groupbuy_name: "统计团购", goods_id: goods.goodsId, buy_num: 1, start_time: now() - 60, end_time: now() + 3600, sku_list: [{ sku_id: goods.skuIds[0], groupbuy_price: "50" }],
    }, { token: ground.admin });
    expect(added.code, added.message).toBe(0);
    const id = added.data.groupbuy_id;
    const lines = [{ skuId: goods.skuIds[0]!, num: 1 }];
    const paid = await orderAt({ type: "groupbuy", id }, lines, { paid: true });
    await orderAt({ type: "groupbuy", id }, lines); // unpaid
    const listed = await ground.t.call<Page<StaffGroupbuy>>("/shopapi/groupbuy/lists", { keyword: "统计团购" }, { token: ground.admin });
    expect(listed.code, listed.message).toBe(0);
    expect(listed.data.list[0]).toMatchObject({ groupbuy_id: id, order_count: 1, order_money: (paid.payMoneyCents / 100).toFixed(2) });
    expect((await ground.t.call<StaffGroupbuy>("/shopapi/groupbuy/detail", { groupbuy_id: id }, { token: ground.admin })).data).toMatchObject({ order_count: 1 });
  });
});
