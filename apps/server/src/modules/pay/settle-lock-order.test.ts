import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderPaymentPreview, PayStart } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import type { TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { createTestOrder } from "../order/test-fixtures.ts";
import { insertAddress, registerBuyer } from "../checkout/test-fixtures.ts";

/**
 * Recording a payment adds to the sales counts of its SKUs and goods. Checkout takes stock and
 * closeOrder gives it back in ascending sku_id; settlement must lock those rows in the same order,
 * or on PostgreSQL two payments of the same SKUs listed the other way round (or a payment and a
 * checkout) wait on each other until one is killed as a deadlock (-10005 系统繁忙).
 */
const ROUNDS = 15;
const PAYERS = 4;
const CREATORS = 2;

describe("settling payments locks SKUs and goods in one order", () => {
  let t: TestApp;
  let low: number;
  let high: number;
  let payers: TestMember[];
  let creators: Array<{ member: TestMember; addressId: number }>;
  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    low = (await insertGoods(db, "锁序杯甲", { goods: { price_cents: 100, goods_stock: 100_000 } })).skuIds[0]!;
    high = (await insertGoods(db, "锁序杯乙", { goods: { price_cents: 100, goods_stock: 100_000 } })).skuIds[0]!;
    payers = [];
    for (let index = 0; index < PAYERS; index += 1) payers.push(await registerBuyer(t, { balanceCents: 1_000_000 }));
    creators = [];
    for (let index = 0; index < CREATORS; index += 1) {
      const member = await registerBuyer(t);
      creators.push({ member, addressId: await insertAddress(db, member.member_id, "beijing", 1) });
    }
  });
  afterAll(() => t.close());

  const salesOf = async (skuId: number) => {
    const row = await t.app.deps.db
      .selectFrom("goods_sku")
      .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
      .select(["goods_sku.sale_num as sku_sales", "goods.sale_num as goods_sales"])
      .where("goods_sku.sku_id", "=", skuId)
      .executeTakeFirstOrThrow();
    return [row.sku_sales, row.goods_sales];
  };

  /** A checkout of both SKUs from the cart, up to its order_key: create is what runs concurrently. */
  async function checkoutReady(creator: { member: TestMember; addressId: number }) {
    // A failed create leaves its lines in the cart: start each round afresh.
    await t.app.deps.db.deleteFrom("cart").where("member_id", "=", creator.member.member_id).execute();
    const carts = await t.app.deps.db
      .insertInto("cart")
      .values([high, low].map((skuId) => ({ site_id: 0, member_id: creator.member.member_id, sku_id: skuId, num: 1, create_time: 1, update_time: 1 })))
      .returning("cart_id")
      .execute();
    const preview = await t.call<OrderPaymentPreview>("/api/ordercreate/payment", { cart_ids: carts.map((row) => row.cart_id).join(",") }, { token: creator.member.token });
    expect(preview.code, preview.message).toBe(0);
    const body = { order_key: preview.data.order_key, delivery: JSON.stringify({ delivery_type: "express" }), member_address: JSON.stringify({ id: creator.addressId }) };
    return () => t.call<string>("/api/ordercreate/create", body, { token: creator.member.token });
  }

  it("pays concurrently orders holding the same two SKUs in opposite orders, among checkouts: none fails", async () => {
    const before = { low: await salesOf(low), high: await salesOf(high) };
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const pays = [];
      for (const [index, payer] of payers.entries()) {
        const lines = index % 2 === 0 ? [{ skuId: high, num: 1 }, { skuId: low, num: 2 }] : [{ skuId: low, num: 2 }, { skuId: high, num: 1 }];
        const order = await createTestOrder(t.app.deps.db, { memberId: payer.member_id, lines });
        pays.push(() => t.call<PayStart>("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "balance" }, { token: payer.token }));
      }
      const creates = await Promise.all(creators.map(checkoutReady));
      const answers = await Promise.all([...pays, ...creates].map((call) => call()));
      for (const answer of answers) if (answer.code !== 0) failures.push(`${answer.code} ${answer.message}`);
    }
    expect(failures, `${failures.length} of ${ROUNDS * (PAYERS + CREATORS)} calls failed`).toEqual([]);
    // Every payment counted once: 1 × high and 2 × low per order.
    const paidOrders = ROUNDS * PAYERS;
    expect(await salesOf(high)).toEqual(before.high.map((sales) => sales + paidOrders));
    expect(await salesOf(low)).toEqual(before.low.map((sales) => sales + 2 * paidOrders));
  }, 120_000); // a deadlock costs PostgreSQL's deadlock_timeout (1 s) before one side is killed
});
