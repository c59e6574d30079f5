import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderCalculation, OrderPaymentPreview } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import type { TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { setConfig } from "../../core/config-store.ts";
import { BUYING_CONFIG_DEFAULTS } from "../../core/buying-config.ts";
import { FEE_BY_COUNT, FEE_BY_WEIGHT } from "./freight.ts";
import { insertAddress, insertStore, registerBuyer, tomorrowAtTen, useFreightTemplate } from "./test-fixtures.ts";

/**
 * The arithmetic of checkout, to the cent: member price, freight by count and by weight (province
 * rules, free-shipping goods and threshold), local delivery, pickup, points, balance and invoice.
 */
describe("checkout amounts", () => {
  let t: TestApp;
  let buyer: TestMember;
  let skuA: number;
  let skuB: number;
  let skuVirtual: number;
  const address: Record<string, number> = {};
  let storeId: number;

  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    // Items: ¥10.00 for the first, ¥5.00 each further one; 新疆/西藏 ¥20.00 + ¥10.00.
    await useFreightTemplate(db, FEE_BY_COUNT, [
      { region_ids: "", first_unit: 1, first_cents: 1000, continue_unit: 1, continue_cents: 500 },
      { region_ids: ",650000,540000,", first_unit: 1, first_cents: 2000, continue_unit: 1, continue_cents: 1000 },
    ]);
    await setConfig(db, "express_config", { free_shipping_above_cents: 19900 });
    await setConfig(db, "point_config", { is_enable: 1, points_per_yuan: 100, max_percent: 50 });
    skuA = (await insertGoods(db, "保温杯", { goods: { goods_stock: 100 }, skus: [{ discount_price_cents: 4500, weight: 1200 }] })).skuIds[0]!;
    skuB = (await insertGoods(db, "数据线", { goods: { goods_stock: 100, is_free_shipping: 1 }, skus: [{ discount_price_cents: 3333, weight: 50 }] })).skuIds[0]!;
    skuVirtual = (await insertGoods(db, "观影兑换券", { goods: { goods_stock: 100, goods_class: 2 }, skus: [{ discount_price_cents: 3990 }] })).skuIds[0]!;
    // A level with 9.5折: ¥45.00 → ¥42.75, ¥33.33 → ¥31.66 (rounded to the cent).
    const { level_id } = await db
      .insertInto("member_level")
      .values({ level_name: "黄金会员", growth: 0, remark: "", consume_discount: 95, is_free_shipping: 0, send_point: 0, send_balance_cents: 0, is_default: 0, sort: 1 })
      .returning("level_id")
      .executeTakeFirstOrThrow();
    buyer = await registerBuyer(t, { balanceCents: 5000, points: 1280 });
    await db.updateTable("member").set({ member_level: level_id }).where("member_id", "=", buyer.member_id).execute();
    address.beijing = await insertAddress(db, buyer.member_id, "beijing", 1);
    address.xinjiang = await insertAddress(db, buyer.member_id, "xinjiang");
    address.shanghai = await insertAddress(db, buyer.member_id, "shanghai");
    storeId = await insertStore(db, "黄浦自提点");
  });
  afterAll(() => t.close());

  const preview = async (body: object): Promise<OrderPaymentPreview> => {
    const response = await t.call<OrderPaymentPreview>("/api/ordercreate/payment", body, { token: buyer.token });
    expect(response.code, response.message).toBe(0);
    return response.data;
  };
  const calculate = async (body: object): Promise<OrderCalculation> => {
    const response = await t.call<OrderCalculation>("/api/ordercreate/calculate", body, { token: buyer.token });
    expect(response.code, response.message).toBe(0);
    return response.data;
  };
  const express = (addressId: number) => ({ delivery: JSON.stringify({ delivery_type: "express" }), member_address: JSON.stringify({ id: addressId }) });
  const cartOf = async (lines: Array<[number, number]>) => {
    const ids: number[] = [];
    for (const [skuId, num] of lines) {
      const row = await t.app.deps.db
        .insertInto("cart")
        .values({ site_id: 0, member_id: buyer.member_id, sku_id: skuId, num, create_time: 1, update_time: 1 })
        .returning("cart_id")
        .executeTakeFirstOrThrow();
      ids.push(row.cart_id);
    }
    return ids;
  };

  it("previews at the member price with the default address, balance, points and options", async () => {
    const data = await preview({ sku_id: skuA, num: 2 });
    expect(data.order_key).toMatch(/^[0-9a-f]{32}$/);
    expect(data.goods_list).toEqual([expect.objectContaining({ sku_id: skuA, num: 2, discount_price: "45.00", member_price: "42.75", price: "42.75", goods_money: "85.50" })]);
    expect(data.goods_money).toBe("85.50");
    expect(data.member_address?.id).toBe(address.beijing);
    expect(data.member_account).toEqual({ balance_total: "50.00", is_pay_password: 0, point: 1280 });
    expect(data.is_virtual).toBe(0);
    expect(data.delivery.express_type.map((option) => [option.name, option.title])).toEqual([["express", "快递配送"], ["store", "门店自提"], ["local", "同城配送"]]);
    expect(data.delivery.express_type[1]!.store_list.map((store) => store.store_id)).toContain(storeId);
    expect(data.delivery.pickup_days).toHaveLength(7);
    expect(data.invoice.types).toEqual([{ value: 1, name: "纸质发票" }, { value: 2, name: "电子发票" }]);
  });

  it("charges express freight by item count, per province, and accepts JSON strings or objects", async () => {
    const { order_key } = await preview({ sku_id: skuA, num: 2 });
    const beijing = await calculate({ order_key, ...express(address.beijing!) });
    expect(beijing).toMatchObject({ goods_money: "85.50", delivery_money: "15.00", order_money: "100.50", pay_money: "100.50", order_type: 1, submit_blocked_reason: "" });
    const asObjects = await calculate({ order_key, delivery: { delivery_type: "express" }, member_address: { id: address.beijing, name: "ignored" } });
    expect(asObjects).toEqual(beijing);
    const xinjiang = await calculate({ order_key, ...express(address.xinjiang!) });
    expect(xinjiang).toMatchObject({ delivery_money: "30.00", order_money: "115.50" });
  });

  it("ships free-shipping goods and orders over the threshold for nothing", async () => {
    const mixed = await preview({ cart_ids: (await cartOf([[skuA, 1], [skuB, 3]])).join(",") });
    const calculation = await calculate({ order_key: mixed.order_key, ...express(address.xinjiang!) });
    // Only the cup counts: one item to 新疆 = ¥20.00. Goods: 42.75 + 3 × 31.66 = 137.73.
    expect(calculation).toMatchObject({ goods_money: "137.73", delivery_money: "20.00", order_money: "157.73" });
    const onlyFree = await preview({ sku_id: skuB, num: 2 });
    expect((await calculate({ order_key: onlyFree.order_key, ...express(address.beijing!) })).delivery_money).toBe("0.00");
    // 5 × 42.75 = 213.75 ≥ 199.00
    const big = await preview({ sku_id: skuA, num: 5 });
    expect(await calculate({ order_key: big.order_key, ...express(address.beijing!) })).toMatchObject({ goods_money: "213.75", delivery_money: "0.00" });
  });

  it("charges by weight with started continue units", async () => {
    await useFreightTemplate(t.app.deps.db, FEE_BY_WEIGHT, [{ region_ids: "", first_unit: 1000, first_cents: 800, continue_unit: 500, continue_cents: 200 }]);
    try {
      const { order_key } = await preview({ sku_id: skuA, num: 2 });
      // 2 × 1200 g = 2400 g: first 1000 g ¥8.00, then 1400 g = 3 started 500 g units × ¥2.00.
      expect((await calculate({ order_key, ...express(address.beijing!) })).delivery_money).toBe("14.00");
    } finally {
      await useFreightTemplate(t.app.deps.db, FEE_BY_COUNT, [{ region_ids: "", first_unit: 1, first_cents: 1000, continue_unit: 1, continue_cents: 500 }]);
    }
  });

  it("uses points within the rate, the cap and the member's points", async () => {
    const { order_key } = await preview({ sku_id: skuA, num: 2 });
    const all = await calculate({ order_key, ...express(address.beijing!), is_point: 1 });
    // 1280 points = ¥12.80 ≤ 50% of ¥85.50.
    expect(all).toMatchObject({ max_usable_point: 1280, use_point: 1280, point_money: "12.80", order_money: "87.70", pay_money: "87.70" });
    await setConfig(t.app.deps.db, "point_config", { is_enable: 1, points_per_yuan: 100, max_percent: 10 });
    const capped = await calculate({ order_key, ...express(address.beijing!), is_point: 1 });
    // 10% of ¥85.50 = ¥8.55 → 855 points.
    expect(capped).toMatchObject({ max_usable_point: 855, point_money: "8.55", order_money: "91.95" });
    await setConfig(t.app.deps.db, "point_config", { is_enable: 1, points_per_yuan: 150, max_percent: 50 });
    const rate = await calculate({ order_key, ...express(address.beijing!), is_point: 1 });
    // 1280 points at 150 per yuan = ¥8.53 (853.33 cents, rounded down), charged 1280 points (1279.5 rounded up).
    expect(rate).toMatchObject({ max_usable_point: 1280, point_money: "8.53" });
    await setConfig(t.app.deps.db, "point_config", BUYING_CONFIG_DEFAULTS.point_config);
    const unused = await calculate({ order_key, ...express(address.beijing!), is_point: 0 });
    expect(unused).toMatchObject({ max_usable_point: 1280, use_point: 0, point_money: "0.00" });
  });

  it("deducts balance last, up to what is left to pay", async () => {
    const { order_key } = await preview({ sku_id: skuA, num: 2 });
    expect(await calculate({ order_key, ...express(address.beijing!), is_balance: 1 })).toMatchObject({ order_money: "100.50", balance_money: "50.00", pay_money: "50.50", need_pay_password: 0 });
    expect(await calculate({ order_key, ...express(address.beijing!), is_balance: 1, is_point: 1 })).toMatchObject({ point_money: "12.80", order_money: "87.70", balance_money: "50.00", pay_money: "37.70" });
    const cheap = await preview({ sku_id: skuB, num: 1 });
    expect(await calculate({ order_key: cheap.order_key, ...express(address.beijing!), is_balance: 1 })).toMatchObject({ order_money: "31.66", balance_money: "31.66", pay_money: "0.00" });
  });

  it("adds the invoice tax on the goods money and says what the invoice still lacks", async () => {
    const { order_key } = await preview({ sku_id: skuA, num: 2 });
    const company = {
      is_invoice: 1, invoice_type: 2, invoice_title_type: 2, invoice_title: "上海优选科技有限公司", taxpayer_number: "91350100M000100Y43",
      invoice_content: "商品明细", invoice_email: "finance@example.com",
    };
    // 6% of ¥85.50 = ¥5.13.
    expect(await calculate({ order_key, ...express(address.beijing!), ...company })).toMatchObject({ invoice_money: "5.13", order_money: "105.63", submit_blocked_reason: "" });
    const lacking = async (change: object) => (await calculate({ order_key, ...express(address.beijing!), ...company, ...change })).submit_blocked_reason;
    expect(await lacking({ taxpayer_number: "" })).toBe("请填写纳税人识别号");
    expect(await lacking({ taxpayer_number: "91350100M000100Y44" })).toBe("纳税人识别号格式不正确");
    expect(await lacking({ invoice_title: "" })).toBe("请填写发票抬头");
    expect(await lacking({ invoice_email: "not-mail" })).toBe("收票邮箱格式不正确");
    expect(await lacking({ invoice_content: "随便" })).toBe("请选择发票内容");
    expect(await lacking({ invoice_type: 1 })).toBe("请填写发票邮寄地址");
    expect(await lacking({ invoice_type: 1, invoice_full_address: "上海市黄浦区南京东路 1 号" })).toBe("");
    expect(await lacking({ invoice_title_type: 1, taxpayer_number: "", invoice_title: "张三" })).toBe("");
  });

  it("delivers locally inside the shop's city from the minimum amount, free above the threshold", async () => {
    const local = { delivery: { delivery_type: "local" }, member_address: { id: address.shanghai } };
    const one = await preview({ sku_id: skuA, num: 1 });
    expect(await calculate({ order_key: one.order_key, ...local })).toMatchObject({ delivery_money: "8.00", order_money: "50.75", order_type: 3, delivery_type: "local" });
    const three = await preview({ sku_id: skuA, num: 3 });
    expect(await calculate({ order_key: three.order_key, ...local })).toMatchObject({ goods_money: "128.25", delivery_money: "0.00" });
    await setConfig(t.app.deps.db, "local_delivery", { ...BUYING_CONFIG_DEFAULTS.local_delivery, start_money_cents: 5000 });
    expect((await calculate({ order_key: one.order_key, ...local })).submit_blocked_reason).toBe("同城配送满 ¥50.00 起送");
    await setConfig(t.app.deps.db, "local_delivery", BUYING_CONFIG_DEFAULTS.local_delivery);
    const beijing = await calculate({ order_key: one.order_key, delivery: { delivery_type: "local" }, member_address: { id: address.beijing } });
    expect(beijing.submit_blocked_reason).toBe("收货地址不在同城配送范围内，请选择其他配送方式");
  });

  it("lets pickup orders go free with a store and a time within its hours", async () => {
    const { order_key } = await preview({ sku_id: skuA, num: 1 });
    const pickup = (time?: string) => calculate({ order_key, delivery: { delivery_type: "store", store_id: storeId, buyer_ask_delivery_time: time } });
    expect(await pickup(tomorrowAtTen())).toMatchObject({ delivery_money: "0.00", order_type: 2, delivery_type: "store", submit_blocked_reason: "" });
    expect((await pickup(tomorrowAtTen())).delivery_store?.store_id).toBe(storeId);
    expect((await pickup()).submit_blocked_reason).toBe("请选择提货时间");
    expect((await pickup(tomorrowAtTen().replace("10:00", "22:30"))).submit_blocked_reason).toBe("提货时间须在门店营业时间（09:00-21:00）内");
    expect((await pickup("2020-01-01 10:00")).submit_blocked_reason).toBe("提货日期须在 7 天之内，请重新选择");
    expect((await calculate({ order_key, delivery: { delivery_type: "store" } })).submit_blocked_reason).toBe("请选择自提门店");
  });

  it("needs no address for virtual goods", async () => {
    const data = await preview({ sku_id: skuVirtual, num: 2 });
    expect(data).toMatchObject({ is_virtual: 1, member_address: null });
    expect(data.delivery.express_type).toEqual([]);
    const calculation = await calculate({ order_key: data.order_key });
    expect(calculation).toMatchObject({ is_virtual: 1, order_type: 4, delivery_type: "virtual", goods_money: "75.82", delivery_money: "0.00", pay_money: "75.82", submit_blocked_reason: "" });
  });

  it("says when there is no address yet", async () => {
    const { order_key } = await preview({ sku_id: skuA, num: 1 });
    const none = await calculate({ order_key, delivery: { delivery_type: "express" } });
    expect(none).toMatchObject({ submit_blocked_reason: "请选择收货地址", delivery_money: "0.00", member_address: null });
  });

  it("answers an empty coupon list", async () => {
    const { order_key } = await preview({ sku_id: skuA, num: 1 });
    expect(await t.call("/api/ordercreate/getcouponlist", { order_key }, { token: buyer.token })).toMatchObject({ code: 0, data: [] });
  });
});
