import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BundlingDetail, GroupbuyDetail, GroupbuyItem, Page } from "@shop/contract";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { DEMO_MEMBER_ID } from "./members.ts";

/** The seeded group buys and combos, read as the promotion pages read them: running, upcoming and ended ones of each. */
describe("seeded group buys and combos", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it("lists running group buys (one on goods with specs) and has upcoming and ended ones", async () => {
    const running = (await t.call<Page<GroupbuyItem>>("/groupbuy/api/goods/page", { page_size: 20 })).data;
    expect(running.count).toBe(3);
    const rows = await t.app.deps.db.selectFrom("promotion_groupbuy").select("groupbuy_id").orderBy("groupbuy_id").execute();
    const statuses: number[] = [];
    let withSpecs = 0;
    for (const row of rows) {
      const detail = (await t.call<GroupbuyDetail>("/groupbuy/api/goods/detail", { groupbuy_id: row.groupbuy_id })).data;
      statuses.push(detail.status);
      if (detail.sku_list.length > 1) withSpecs += 1;
      for (const sku of detail.sku_list) expect(Number(sku.groupbuy_price)).toBeLessThan(Number(sku.price));
    }
    expect(statuses.sort()).toEqual([1, 1, 2, 2, 2, 3]);
    expect(withSpecs).toBeGreaterThanOrEqual(1);
  });

  it("has running, upcoming and ended combos of 2–3 goods, one with goods that has specs, each saving money", async () => {
    const rows = await t.app.deps.db.selectFrom("promotion_bundling").select("bl_id").orderBy("bl_id").execute();
    const combos: BundlingDetail[] = [];
    for (const row of rows) combos.push((await t.call<BundlingDetail>("/bundling/api/bundling/detail", { bl_id: row.bl_id })).data);
    expect(combos.map((combo) => combo.status).sort()).toEqual([1, 2, 2, 3]);
    for (const combo of combos) {
      expect(combo.bundling_goods.length).toBeGreaterThanOrEqual(2);
      expect(combo.bundling_goods.length).toBeLessThanOrEqual(3);
      expect(Number(combo.save_money)).toBeGreaterThan(0);
    }
    expect(combos.some((combo) => combo.status === 2 && combo.bundling_goods.some((goods) => goods.sku_list.length > 1))).toBe(true);
    const running = combos.find((combo) => combo.status === 2)!;
    const onSku = (await t.call<BundlingDetail[]>("/bundling/api/bundling/lists", { sku_id: running.bundling_goods[0]!.sku_id })).data;
    expect(onSku.map((combo) => combo.bl_id)).toContain(running.bl_id);
  });

  it("has the demo member's orders of running ones (a paid group buy, a paid and an unpaid combo), counted as sold", async () => {
    const orders = await t.app.deps.db
      .selectFrom("orders")
      .innerJoin("order_goods", "order_goods.order_id", "orders.order_id")
      .select(["orders.order_id", "orders.promotion_type", "orders.promotion_id", "orders.order_status", "order_goods.num"])
      .where("orders.member_id", "=", DEMO_MEMBER_ID)
      .where("orders.promotion_type", "in", ["groupbuy", "bundling"])
      .orderBy("orders.order_id")
      .orderBy("order_goods.order_goods_id")
      .execute();
    const byOrder = [...new Map(orders.map((line) => [line.order_id, line])).values()];
    expect(byOrder.map((order) => [order.promotion_type, order.order_status])).toEqual([["groupbuy", 1], ["bundling", 1], ["bundling", 0]]);
    const [groupbuyOrder, ...comboOrders] = byOrder;
    const groupbuy = (await t.call<GroupbuyDetail>("/groupbuy/api/goods/detail", { groupbuy_id: groupbuyOrder!.promotion_id })).data;
    expect(groupbuy.status).toBe(2);
    expect(groupbuyOrder!.num).toBe(groupbuy.buy_num);
    expect(groupbuy.sell_num).toBe(groupbuyOrder!.num);
    for (const order of comboOrders) {
      const combo = (await t.call<BundlingDetail>("/bundling/api/bundling/detail", { bl_id: order.promotion_id })).data;
      expect(combo.status).toBe(2);
      expect(combo.sell_num).toBe(comboOrders.filter((other) => other.promotion_id === order.promotion_id).length);
    }
  });
});
