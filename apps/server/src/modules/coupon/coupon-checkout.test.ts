import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutCoupon, Envelope, OrderCalculation, OrderPaymentPreview } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import type { TestMember } from "../auth/testing.ts";
import { insertCategory, insertGoods } from "../goods/test-fixtures.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { closeOrder } from "../order/close.ts";
import { SYSTEM } from "../order/state-machine.ts";
import { setConfig } from "../../core/config-store.ts";
import { now } from "../../core/time.ts";
import { FEE_BY_COUNT } from "../checkout/freight.ts";
import { insertAddress, registerBuyer, useFreightTemplate } from "../checkout/test-fixtures.ts";
import { COUPON_NOT_USABLE } from "../checkout/calculate.ts";
import { insertCouponType } from "./test-fixtures.ts";

/**
 * Coupons at checkout: the usable ones with their savings and the best first, applied by calculate,
 * used once at create (in the order's unit of work), given back once when the unpaid order closes
 * or the whole order is refunded, and never usable by another member.
 */
describe(`coupons at checkout (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let skuShoes: number; // ¥150, category 运动
  let skuSocks: number; // ¥60, no category
  let socksGoods: number;
  let sport: number;
  type CouponKey = "off10" | "pct80" | "socks50" | "sport5";
  const types = {} as Record<CouponKey, number>;
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await loginTestStaff(t, "admin");
    await useFreightTemplate(db(), FEE_BY_COUNT, [{ region_ids: "", first_unit: 1, first_cents: 0, continue_unit: 1, continue_cents: 0 }]);
    await setConfig(db(), "express_config", { free_shipping_above_cents: 0 });
    sport = await insertCategory(db(), { category_name: "运动", level: 1 });
    skuShoes = (await insertGoods(db(), "跑步鞋", { goods: { goods_stock: 100, category_id_1: sport }, skus: [{ discount_price_cents: 15000 }] })).skuIds[0]!;
    const socks = await insertGoods(db(), "运动袜", { goods: { goods_stock: 100 }, skus: [{ discount_price_cents: 6000 }] });
    skuSocks = socks.skuIds[0]!;
    socksGoods = socks.goodsId;
    types.off10 = await insertCouponType(db(), { coupon_name: "满100减10", money_cents: 1000, at_least_cents: 10000 });
    types.pct80 = await insertCouponType(db(), { coupon_name: "8折封顶20", type: "discount", money_cents: 0, discount_percent: 80, discount_limit_cents: 2000 });
    types.socks50 = await insertCouponType(db(), { coupon_name: "袜子满200减50", money_cents: 5000, at_least_cents: 20000, goods: [socksGoods] });
    types.sport5 = await insertCouponType(db(), { coupon_name: "运动无门槛5元", money_cents: 500, categories: [sport] });
  });
  afterAll(() => t.close());

  interface Shopper {
    member: TestMember;
    addressId: number;
    coupons: Record<CouponKey, number>;
  }

  /** A buyer holding one coupon of each type (received through the API), with an address and ¥1000 balance. */
  async function shopper(): Promise<Shopper> {
    const member = await registerBuyer(t, { balanceCents: 100_000 });
    const addressId = await insertAddress(db(), member.member_id, "shanghai", 1);
    const coupons = {} as Record<CouponKey, number>;
    for (const [key, typeId] of Object.entries(types) as Array<[CouponKey, number]>) {
      const answer = await t.call<{ coupon_id: number }>("/coupon/api/coupon/receive", { coupon_type_id: typeId }, { token: member.token, ip: `10.91.${member.member_id & 255}.${typeId}` });
      expect(answer.code, answer.message).toBe(0);
      coupons[key] = answer.data.coupon_id;
    }
    return { member, addressId, coupons };
  }

  /** A checkout of one line bought now, or of several from the cart. */
  async function checkout(buyer: Shopper, lines: Array<[number, number]> = [[skuShoes, 1], [skuSocks, 1]]): Promise<string> {
    if (lines.length === 1) {
      const [[skuId, num]] = lines as [[number, number]];
      const preview = await t.call<OrderPaymentPreview>("/api/ordercreate/payment", { sku_id: skuId, num }, { token: buyer.member.token });
      expect(preview.code, preview.message).toBe(0);
      return preview.data.order_key;
    }
    const cart = await db()
      .insertInto("cart")
      .values(lines.map(([skuId, num]) => ({ site_id: 0, member_id: buyer.member.member_id, sku_id: skuId, num, create_time: 1, update_time: 1 })))
      // A second checkout of the same goods (the first not created yet) uses the same cart lines.
      .onConflict((conflict) => conflict.columns(["member_id", "sku_id"]).doUpdateSet((eb) => ({ num: eb.ref("excluded.num") })))
      .returning("cart_id")
      .execute();
    const preview = await t.call<OrderPaymentPreview>("/api/ordercreate/payment", { cart_ids: cart.map((row) => row.cart_id).join(",") }, { token: buyer.member.token });
    expect(preview.code, preview.message).toBe(0);
    return preview.data.order_key;
  }

  const choices = (buyer: Shopper, orderKey: string, coupon: unknown, extra: object = {}) => ({
    order_key: orderKey, delivery: { delivery_type: "express" }, member_address: { id: buyer.addressId }, ...(coupon === undefined ? {} : { coupon }), ...extra,
  });
  const calculate = (buyer: Shopper, orderKey: string, coupon: unknown) =>
    t.call<OrderCalculation>("/api/ordercreate/calculate", choices(buyer, orderKey, coupon), { token: buyer.member.token });
  const create = (buyer: Shopper, orderKey: string, coupon: unknown, extra: object = {}) =>
    t.call<string>("/api/ordercreate/create", choices(buyer, orderKey, coupon, extra), { token: buyer.member.token });
  const coupon = (couponId: number) => db().selectFrom("coupon").select(["state", "use_order_id", "member_id"]).where("coupon_id", "=", couponId).executeTakeFirstOrThrow();
  const orderOf = (orderKey: string) => db().selectFrom("orders").select(["order_id", "coupon_money_cents", "goods_money_cents", "pay_money_cents", "order_status"]).where("order_key", "=", orderKey).executeTakeFirstOrThrow();

  it("lists the usable coupons with their savings, the best first; out-of-scope or short of the threshold are not offered", async () => {
    const buyer = await shopper();
    const orderKey = await checkout(buyer);
    const list = await t.call<CheckoutCoupon[]>("/api/ordercreate/getcouponlist", { order_key: orderKey }, { token: buyer.member.token });
    expect(list.code, list.message).toBe(0);
    // ¥210 of goods: 8折 takes ¥42, capped at ¥20; 满100减10 ¥10; the sport coupon ¥5 (shoes only); the socks' 满200 is not reached.
    expect(list.data.map((item) => [item.coupon_id, item.saving, item.is_best])).toEqual([
      [buyer.coupons.pct80, "20.00", 1],
      [buyer.coupons.off10, "10.00", 0],
      [buyer.coupons.sport5, "5.00", 0],
    ]);
    expect(list.data[0]).toMatchObject({ coupon_name: "8折封顶20", type: "discount", type_name: "折扣券", discount: "8", discount_limit: "20.00", goods_type_name: "全场通用" });
    // Socks alone: nothing reaches a threshold except the 8折 (¥12).
    const socksOnly = await checkout(buyer, [[skuSocks, 1]]);
    expect((await t.call<CheckoutCoupon[]>("/api/ordercreate/getcouponlist", { order_key: socksOnly }, { token: buyer.member.token })).data.map((item) => [item.coupon_id, item.saving])).toEqual([
      [buyer.coupons.pct80, "12.00"],
    ]);
  });

  it("calculate applies the best, a chosen one, or none; a coupon the order cannot use blocks it with a message", async () => {
    const buyer = await shopper();
    const orderKey = await checkout(buyer);
    expect((await calculate(buyer, orderKey, undefined)).data).toMatchObject({ coupon_id: 0, coupon_money: "0.00", pay_money: "210.00" });
    expect((await calculate(buyer, orderKey, JSON.stringify({}))).data).toMatchObject({ coupon_id: 0, coupon_money: "0.00" });
    expect((await calculate(buyer, orderKey, { coupon_id: "best" })).data).toMatchObject({ coupon_id: buyer.coupons.pct80, coupon_name: "8折封顶20", coupon_money: "20.00", pay_money: "190.00", submit_blocked_reason: "" });
    expect((await calculate(buyer, orderKey, JSON.stringify({ coupon_id: buyer.coupons.off10 }))).data).toMatchObject({ coupon_id: buyer.coupons.off10, coupon_money: "10.00", pay_money: "200.00" });
    expect((await calculate(buyer, orderKey, String(buyer.coupons.sport5))).data).toMatchObject({ coupon_money: "5.00", pay_money: "205.00" });
    const blocked = await calculate(buyer, orderKey, { coupon_id: buyer.coupons.socks50 });
    expect(blocked.data).toMatchObject({ coupon_id: 0, coupon_money: "0.00", submit_blocked_reason: COUPON_NOT_USABLE });
    expect(await create(buyer, orderKey, { coupon_id: buyer.coupons.socks50 })).toMatchObject({ code: Code.ERROR, message: COUPON_NOT_USABLE });
    for (const bad of ["abc", { coupon_id: -1 }, { coupon_id: "x" }, "{not json", [1]]) {
      const answer = await calculate(buyer, orderKey, bad);
      expect(answer.code, JSON.stringify(bad)).toBe(Code.PARAM);
      expect(answer.message).toContain("coupon");
    }
  });

  it("create uses the coupon once, in the order: state used with the order id; it cannot pay a second order", async () => {
    const buyer = await shopper();
    const orderKey = await checkout(buyer);
    const created = await create(buyer, orderKey, { coupon_id: buyer.coupons.off10 }, { pay_money: "200.00" });
    expect(created.code, created.message).toBe(0);
    const order = await orderOf(orderKey);
    expect(order).toMatchObject({ coupon_money_cents: 1000, goods_money_cents: 21000, pay_money_cents: 20000 });
    expect(await coupon(buyer.coupons.off10)).toEqual({ state: 2, use_order_id: order.order_id, member_id: buyer.member.member_id });
    // The lines' paid money carries the coupon's share: together goods − coupon.
    const lines = await db().selectFrom("order_goods").select("real_goods_money_cents").where("order_id", "=", order.order_id).execute();
    expect(lines.reduce((sum, line) => sum + Number(line.real_goods_money_cents), 0)).toBe(20000);

    const again = await checkout(buyer);
    expect((await calculate(buyer, again, { coupon_id: buyer.coupons.off10 })).data.submit_blocked_reason).toBe(COUPON_NOT_USABLE);
    expect(await create(buyer, again, { coupon_id: buyer.coupons.off10 })).toMatchObject({ code: Code.ERROR, message: COUPON_NOT_USABLE });
    expect(await db().selectFrom("orders").select("order_id").where("order_key", "=", again).execute()).toEqual([]);
    // The list no longer offers it.
    const list = await t.call<CheckoutCoupon[]>("/api/ordercreate/getcouponlist", { order_key: again }, { token: buyer.member.token });
    expect(list.data.map((item) => item.coupon_id)).not.toContain(buyer.coupons.off10);
  });

  it("two creates racing for one coupon: one order gets it, the other is refused and leaves nothing", async () => {
    const buyer = await shopper();
    const [first, second] = [await checkout(buyer, [[skuShoes, 1]]), await checkout(buyer, [[skuShoes, 1]])];
    const stockBefore = (await db().selectFrom("goods_sku").select("stock").where("sku_id", "=", skuShoes).executeTakeFirstOrThrow()).stock;
    const answers: Array<Envelope<string>> = await Promise.all([first, second].map((key) => create(buyer, key, { coupon_id: buyer.coupons.pct80 })));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    const loser = answers.find((answer) => answer.code !== 0)!;
    expect([COUPON_NOT_USABLE, "优惠券已被使用或已失效，请重新选择"]).toContain(loser.message);
    const orders = await db().selectFrom("orders").select(["order_id", "coupon_money_cents"]).where("order_key", "in", [first, second]).execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.coupon_money_cents).toBe(2000);
    expect(await coupon(buyer.coupons.pct80)).toMatchObject({ state: 2, use_order_id: orders[0]!.order_id });
    const stockAfter = (await db().selectFrom("goods_sku").select("stock").where("sku_id", "=", skuShoes).executeTakeFirstOrThrow()).stock;
    expect(stockBefore - stockAfter).toBe(1);
  });

  it("closing the unpaid order gives the coupon back once; it can be used again", async () => {
    const buyer = await shopper();
    const orderKey = await checkout(buyer);
    expect((await create(buyer, orderKey, { coupon_id: buyer.coupons.off10 })).code).toBe(0);
    const order = await orderOf(orderKey);
    expect((await t.call("/api/order/close", { order_id: order.order_id }, { token: buyer.member.token })).code).toBe(0);
    expect(await coupon(buyer.coupons.off10)).toEqual({ state: 1, use_order_id: 0, member_id: buyer.member.member_id });
    expect(await closeOrder(db(), order.order_id, SYSTEM, "再次关闭")).toBe(false);
    expect(await coupon(buyer.coupons.off10)).toMatchObject({ state: 1, use_order_id: 0 });

    const next = await checkout(buyer);
    expect((await create(buyer, next, { coupon_id: buyer.coupons.off10 })).code).toBe(0);
    expect(await coupon(buyer.coupons.off10)).toMatchObject({ state: 2, use_order_id: (await orderOf(next)).order_id });
  });

  it("refunding the whole order gives the coupon back; a refund of one line of two does not", async () => {
    const buyer = await shopper();
    const orderKey = await checkout(buyer);
    // The balance pays it all: the order is paid at create.
    expect((await create(buyer, orderKey, { coupon_id: buyer.coupons.off10 }, { is_balance: 1 })).code).toBe(0);
    const order = await orderOf(orderKey);
    expect(order.order_status).toBe(1);
    const lines = await db().selectFrom("order_goods").select(["order_goods_id", "real_goods_money_cents"]).where("order_id", "=", order.order_id).orderBy("order_goods_id").execute();
    const refundLine = async (orderGoodsId: number) => {
      const applied = await t.call("/api/orderrefund/refund", { order_goods_ids: [orderGoodsId], refund_type: 1, refund_reason: "协商一致退款" }, { token: buyer.member.token });
      expect(applied.code, applied.message).toBe(0);
      for (const path of ["/shopapi/orderrefund/agree", "/shopapi/orderrefund/transfer"]) {
        const answer = await t.call(path, { order_goods_id: orderGoodsId }, { token: admin });
        expect(answer.code, `${path}: ${answer.message}`).toBe(0);
      }
    };
    await refundLine(lines[0]!.order_goods_id);
    expect(await coupon(buyer.coupons.off10)).toMatchObject({ state: 2, use_order_id: order.order_id });
    await refundLine(lines[1]!.order_goods_id);
    expect((await orderOf(orderKey)).order_status).toBe(-1);
    expect(await coupon(buyer.coupons.off10)).toEqual({ state: 1, use_order_id: 0, member_id: buyer.member.member_id });
  });

  it("never uses another member's coupon (IDOR): calculate and create refuse it, the owner's stays unused", async () => {
    const [owner, thief] = [await shopper(), await shopper()];
    const orderKey = await checkout(thief);
    expect((await calculate(thief, orderKey, { coupon_id: owner.coupons.off10 })).data).toMatchObject({ coupon_money: "0.00", submit_blocked_reason: COUPON_NOT_USABLE });
    expect(await create(thief, orderKey, { coupon_id: owner.coupons.off10 })).toMatchObject({ code: Code.ERROR, message: COUPON_NOT_USABLE });
    expect(await coupon(owner.coupons.off10)).toEqual({ state: 1, use_order_id: 0, member_id: owner.member.member_id });
    // Another member's checkout key is not found, and its coupons are not listed.
    expect(await t.call("/api/ordercreate/getcouponlist", { order_key: orderKey }, { token: owner.member.token })).toMatchObject({ code: Code.ERROR });
  });

  it("an expired coupon is not offered and cannot be used", async () => {
    const buyer = await shopper();
    await db().updateTable("coupon").set({ end_time: now() - 1 }).where("coupon_id", "=", buyer.coupons.off10).execute();
    const orderKey = await checkout(buyer);
    const list = await t.call<CheckoutCoupon[]>("/api/ordercreate/getcouponlist", { order_key: orderKey }, { token: buyer.member.token });
    expect(list.data.map((item) => item.coupon_id)).not.toContain(buyer.coupons.off10);
    expect(await create(buyer, orderKey, { coupon_id: buyer.coupons.off10 })).toMatchObject({ code: Code.ERROR, message: COUPON_NOT_USABLE });
  });
});
