import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderCalculation, OrderPaymentPreview } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { setConfig } from "../../core/config-store.ts";
import { BUYING_CONFIG_DEFAULTS } from "../../core/buying-config.ts";
import { CHECKOUT_NOT_FOUND } from "./checkout-key.ts";
import { FEE_BY_COUNT } from "./freight.ts";
import { insertAddress, insertStore, registerBuyer, useFreightTemplate } from "./test-fixtures.ts";

/** Every way checkout says no: a clear Chinese -1 (or -10006 for malformed input), never a 500, nothing written. */
describe("checkout refusals", () => {
  let t: TestApp;
  let buyer: TestMember;
  let other: TestMember;
  let sku: number;
  let addressId: number;
  const CHECKOUT_PATHS = ["/api/ordercreate/payment", "/api/ordercreate/calculate", "/api/ordercreate/create", "/api/ordercreate/getcouponlist"];

  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    await useFreightTemplate(db, FEE_BY_COUNT, [{ region_ids: ",110000,310000,", first_unit: 1, first_cents: 1000, continue_unit: 1, continue_cents: 500 }]);
    sku = (await insertGoods(db, "保温杯", { goods: { goods_stock: 5 }, skus: [{ discount_price_cents: 4500 }] })).skuIds[0]!;
    buyer = await registerBuyer(t, { balanceCents: 5000, payPassword: "123456" });
    other = await registerMember(t);
    addressId = await insertAddress(db, buyer.member_id, "beijing", 1);
  });
  afterAll(() => t.close());

  const call = <T>(path: string, body: object, who: TestMember = buyer) => t.call<T>(path, body, { token: who.token });
  const keyFor = async (body: object = { sku_id: sku, num: 1 }, who: TestMember = buyer) => {
    const response = await call<OrderPaymentPreview>("/api/ordercreate/payment", body, who);
    expect(response.code, response.message).toBe(0);
    return response.data.order_key;
  };
  const express = (id = addressId) => ({ delivery: { delivery_type: "express" }, member_address: { id } });
  const orderCount = async () => Number((await t.app.deps.db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it("is for members only", async () => {
    for (const path of CHECKOUT_PATHS) expect((await t.call(path, { sku_id: sku, num: 1, order_key: "0".repeat(32) })).code, path).toBe(-10009);
  });

  it("refuses malformed bodies with -10006 naming the field", async () => {
    expect(await call("/api/ordercreate/payment", {})).toMatchObject({ code: -10006, message: "参数 sku_id 不能为空" });
    expect(await call("/api/ordercreate/payment", { sku_id: sku })).toMatchObject({ code: -10006, message: "参数 num 不能为空" });
    expect((await call("/api/ordercreate/payment", { sku_id: sku, num: 0 })).code).toBe(-10006);
    expect(await call("/api/ordercreate/payment", { cart_ids: "1,a" })).toMatchObject({ code: -10006, message: "参数 cart_ids 格式不正确" });
    const order_key = await keyFor();
    expect(await call("/api/ordercreate/calculate", { order_key, delivery: "{not json" })).toMatchObject({ code: -10006, message: "参数 delivery 类型错误" });
    expect((await call("/api/ordercreate/calculate", { order_key, delivery: '{"delivery_type":"air"}' })).message).toBe("参数 delivery.delivery_type 的取值无效");
    expect((await call("/api/ordercreate/calculate", { order_key, member_address: { id: "x" } })).message).toBe("参数 member_address.id 类型错误");
    expect(await call("/api/ordercreate/calculate", { order_key, buyer_message: "留".repeat(101) })).toMatchObject({ code: -10006, message: "参数 buyer_message 长度不能超过 100" });
    expect((await call("/api/ordercreate/calculate", { order_key: "abc" })).code).toBe(-10006);
  });

  it("refuses goods that cannot be sold, naming them", async () => {
    const db = t.app.deps.db;
    const offShelf = (await insertGoods(db, "下架水杯", { goods: { goods_state: 0 } })).skuIds[0]!;
    const deleted = (await insertGoods(db, "删除水杯", { goods: { is_delete: 1 } })).skuIds[0]!;
    const limited = (await insertGoods(db, "限购茶叶", { goods: { max_buy: 2, unit: "盒" } })).skuIds[0]!;
    const minimum = (await insertGoods(db, "起购纸巾", { goods: { min_buy: 3, unit: "包" } })).skuIds[0]!;
    const refusal = async (body: object) => (await call("/api/ordercreate/payment", body)).message;
    expect(await refusal({ sku_id: 999_999, num: 1 })).toBe("商品不存在或已下架");
    expect(await refusal({ sku_id: offShelf, num: 1 })).toBe("「下架水杯」已下架");
    expect(await refusal({ sku_id: deleted, num: 1 })).toBe("「删除水杯」已下架");
    expect(await refusal({ sku_id: sku, num: 6 })).toBe("「保温杯」库存不足");
    expect(await refusal({ sku_id: limited, num: 3 })).toBe("「限购茶叶」每单限购 2盒");
    expect(await refusal({ sku_id: minimum, num: 2 })).toBe("「起购纸巾」3包起购");
    const virtual = (await insertGoods(db, "电子卡", { goods: { goods_class: 2 } })).skuIds[0]!;
    const cart = await db
      .insertInto("cart")
      .values([virtual, sku].map((skuId) => ({ site_id: 0, member_id: buyer.member_id, sku_id: skuId, num: 1, create_time: 1, update_time: 1 })))
      .returning("cart_id")
      .execute();
    expect(await refusal({ cart_ids: cart.map((row) => row.cart_id).join(",") })).toBe("虚拟商品需单独下单，请分开结算");
    await db.deleteFrom("cart").where("member_id", "=", buyer.member_id).execute();
  });

  it("treats another member's cart lines, checkout and address as not found", async () => {
    const db = t.app.deps.db;
    const { cart_id } = await db
      .insertInto("cart")
      .values({ site_id: 0, member_id: other.member_id, sku_id: sku, num: 1, create_time: 1, update_time: 1 })
      .returning("cart_id")
      .executeTakeFirstOrThrow();
    expect((await call("/api/ordercreate/payment", { cart_ids: String(cart_id) })).message).toBe("购物车中的商品不存在或已删除，请返回购物车刷新");
    expect((await call("/api/ordercreate/payment", { cart_ids: [cart_id] }, other)).code).toBe(0);

    const mine = await keyFor();
    for (const path of ["/api/ordercreate/calculate", "/api/ordercreate/create", "/api/ordercreate/getcouponlist"]) {
      expect(await call(path, { order_key: mine, ...express() }, other), path).toMatchObject({ code: -1, message: CHECKOUT_NOT_FOUND });
    }
    const othersAddress = await insertAddress(db, other.member_id, "shanghai");
    expect(await call("/api/ordercreate/calculate", { order_key: mine, ...express(othersAddress) })).toMatchObject({ code: -1, message: "收货地址不存在，请重新选择" });
    expect(await call("/api/ordercreate/create", { order_key: mine, ...express(othersAddress) })).toMatchObject({ code: -1, message: "收货地址不存在，请重新选择" });
    expect(await orderCount()).toBe(0);
  });

  it("refuses an expired checkout", async () => {
    const order_key = await keyFor();
    await t.app.deps.db.updateTable("order_checkout").set({ expire_time: 1 }).where("order_key", "=", order_key).execute();
    expect(await call("/api/ordercreate/calculate", { order_key, ...express() })).toMatchObject({ code: -1, message: CHECKOUT_NOT_FOUND });
  });

  it("creates nothing without an address, with a broken region or outside the delivery area", async () => {
    const db = t.app.deps.db;
    const order_key = await keyFor();
    expect(await call("/api/ordercreate/create", { order_key, delivery: { delivery_type: "express" } })).toMatchObject({ code: -1, message: "请选择收货地址" });
    // 北京市 with a city of 上海市: not a real chain.
    const broken = await insertAddress(db, buyer.member_id, { province_id: 110000, city_id: 310100, district_id: 310101 });
    const calculation = await call<OrderCalculation>("/api/ordercreate/calculate", { order_key, ...express(broken) });
    expect(calculation.data.submit_blocked_reason).toBe("收货地址的所在地区无效，请重新编辑地址");
    expect(await call("/api/ordercreate/create", { order_key, ...express(broken) })).toMatchObject({ code: -1, message: "收货地址的所在地区无效，请重新编辑地址" });
    // The template only covers 北京 and 上海.
    const far = await insertAddress(db, buyer.member_id, "xinjiang");
    expect(await call("/api/ordercreate/create", { order_key, ...express(far) })).toMatchObject({ code: -1, message: "所选地区暂不支持快递配送，请更换收货地址" });
    expect(await orderCount()).toBe(0);
  });

  it("refuses stores that are closed, delivery the shop does not offer and invoices it does not issue", async () => {
    const db = t.app.deps.db;
    const order_key = await keyFor();
    const closed = await insertStore(db, "已停业门店", 0);
    expect(await call("/api/ordercreate/calculate", { order_key, delivery: { delivery_type: "store", store_id: closed } })).toMatchObject({ code: -1, message: "自提门店不存在或已停止营业，请重新选择" });
    await setConfig(db, "local_delivery", { ...BUYING_CONFIG_DEFAULTS.local_delivery, is_enable: 0 });
    expect((await call("/api/ordercreate/calculate", { order_key, delivery: { delivery_type: "local" }, member_address: { id: addressId } })).message).toBe("本店暂不支持同城配送");
    await setConfig(db, "local_delivery", BUYING_CONFIG_DEFAULTS.local_delivery);
    await setConfig(db, "invoice_config", { ...BUYING_CONFIG_DEFAULTS.invoice_config, is_enable: 0 });
    expect((await call("/api/ordercreate/calculate", { order_key, ...express(), is_invoice: 1 })).message).toBe("本店暂不提供发票");
    await setConfig(db, "invoice_config", { ...BUYING_CONFIG_DEFAULTS.invoice_config, types: "2" });
    expect((await call("/api/ordercreate/calculate", { order_key, ...express(), is_invoice: 1, invoice_type: 1 })).message).toBe("不支持该发票类型");
    await setConfig(db, "invoice_config", BUYING_CONFIG_DEFAULTS.invoice_config);
    expect(await call("/api/ordercreate/create", { order_key, ...express(), is_invoice: 1, invoice_type: 2, invoice_title_type: 1 })).toMatchObject({ code: -1, message: "请填写发票抬头" });
    expect(await orderCount()).toBe(0);
  });

  it("asks for the right pay password when balance is used", async () => {
    const order_key = await keyFor();
    expect((await call<OrderCalculation>("/api/ordercreate/calculate", { order_key, ...express(), is_balance: 1 })).data.need_pay_password).toBe(1);
    expect(await call("/api/ordercreate/create", { order_key, ...express(), is_balance: 1 })).toMatchObject({ code: -1, message: "请输入支付密码" });
    expect(await call("/api/ordercreate/create", { order_key, ...express(), is_balance: 1, pay_password: "654321" })).toMatchObject({ code: -1, message: "支付密码错误，还可尝试 4 次" });
    expect(await orderCount()).toBe(0);
    const member = await t.app.deps.db.selectFrom("member").select("balance_cents").where("member_id", "=", buyer.member_id).executeTakeFirstOrThrow();
    expect(member.balance_cents).toBe(5000);
    const created = await call<string>("/api/ordercreate/create", { order_key, ...express(), is_balance: 1, pay_password: "123456" });
    expect(created.code, created.message).toBe(0);
  });

  it("refuses when stock, shelf state or the amount changed after the preview", async () => {
    const db = t.app.deps.db;
    const before = await orderCount();
    const order_key = await keyFor({ sku_id: sku, num: 2 });
    expect(await call("/api/ordercreate/create", { order_key, ...express(), pay_money: "1.00" })).toMatchObject({ code: -1, message: "订单金额已变化，请确认后重新提交" });
    const { stock } = await db.selectFrom("goods_sku").select("stock").where("sku_id", "=", sku).executeTakeFirstOrThrow();
    await db.updateTable("goods_sku").set({ stock: 1 }).where("sku_id", "=", sku).execute();
    expect(await call("/api/ordercreate/create", { order_key, ...express() })).toMatchObject({ code: -1, message: "「保温杯」库存不足" });
    await db.updateTable("goods_sku").set({ stock }).where("sku_id", "=", sku).execute();
    const goodsId = (await db.selectFrom("goods_sku").select("goods_id").where("sku_id", "=", sku).executeTakeFirstOrThrow()).goods_id;
    await db.updateTable("goods").set({ goods_state: 0 }).where("goods_id", "=", goodsId).execute();
    expect(await call("/api/ordercreate/create", { order_key, ...express() })).toMatchObject({ code: -1, message: "「保温杯」已下架" });
    await db.updateTable("goods").set({ goods_state: 1 }).where("goods_id", "=", goodsId).execute();
    expect(await orderCount()).toBe(before);
  });
});
