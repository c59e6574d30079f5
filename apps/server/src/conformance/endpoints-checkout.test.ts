import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberAddress, OrderCalculation, OrderPaymentPreview } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { ReferenceClient } from "./reference-client.ts";
import { physicalSkus, signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * Checkout as the reference's /order/payment page makes it (docs/api/checkout.md): payment from the
 * cart (`cart_ids` "1,2") or buy-now (`sku_id`, `num`), then calculate and create with `delivery`,
 * `member_address` and `coupon` as JSON strings, as the reference sends them.
 */
describe("conformance: checkout", () => {
  let t: TestApp;
  let member: ReferenceClient;
  let skuIds: number[];
  let address: MemberAddress;
  beforeAll(async () => {
    t = await startReferenceShop();
    member = await signedInClient(t);
    skuIds = await physicalSkus(t, 2);
    const addressId = await member.data<number>("/api/memberaddress/add", {
      name: "张三", mobile: "13800138000", province_id: 110000, city_id: 110100, district_id: 110101, address: "长安街 1 号", is_default: 1,
    });
    address = await member.data<MemberAddress>("/api/memberaddress/info", { id: addressId });
  });
  afterAll(() => t.close());

  /** The choices as the reference's payment page posts them. */
  const choices = (orderKey: string) => ({
    order_key: orderKey,
    delivery: JSON.stringify({ delivery_type: "express", delivery_type_name: "物流配送", store_id: 0 }),
    member_address: JSON.stringify(address),
    coupon: JSON.stringify({}),
    is_balance: 0,
    is_point: 0,
    buyer_message: "请尽快发货",
  });

  it("payment from the cart, calculate, getcouponlist and create answer the payment page's fields", async () => {
    const cartIds = [];
    for (const skuId of skuIds) cartIds.push(await member.data<number>("/api/cart/add", { site_id: 0, num: 1, sku_id: skuId }));
    const preview = await member.reads<OrderPaymentPreview>("/api/ordercreate/payment", { cart_ids: cartIds.join(",") });
    expect(preview.delivery.express_type.map((option) => option.name)).toContain("express");
    await member.reads("/api/ordercreate/getcouponlist", { order_key: preview.order_key });
    const calculation = await member.reads<OrderCalculation>("/api/ordercreate/calculate", choices(preview.order_key));
    const outTradeNo = await member.reads<string>("/api/ordercreate/create", { ...choices(preview.order_key), pay_password: "" });
    expect(outTradeNo).toMatch(/^\d+$/);
    // The client goes to /pay?code=<out_trade_no>: the cashier reads the same amount.
    expect(await member.data("/api/pay/info", { out_trade_no: outTradeNo })).toMatchObject({ pay_money: calculation.pay_money });
  });

  it("buy-now payment {sku_id, num} answers the preview with the one line", async () => {
    const preview = await member.reads<OrderPaymentPreview>("/api/ordercreate/payment", { sku_id: skuIds[0], num: 1 });
    expect(preview.goods_list.map((line) => line.sku_id)).toEqual([skuIds[0]]);
  });

  it("an expired or unknown order_key answers a message the payment page shows", async () => {
    const refusal = await member.refused("/api/ordercreate/calculate", choices("0".repeat(32)), -1);
    expect(refusal.message).toBe("结算信息不存在或已过期，请返回重新下单");
  });
});
