import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayInfo, PayStart, PayStatusInfo, PayTypes } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { closeOrder } from "../order/close.ts";
import { SYSTEM } from "../order/state-machine.ts";
import { insertThirtyYuanSku, tradeRow, unpaidOrder } from "./test-helpers.ts";
import { PayStatus } from "./trade.ts";

describe("cashier calls (/api/pay/*, /api/order/pay)", () => {
  let t: TestApp;
  let member: TestMember;
  let other: TestMember;
  let skuId: number;
  beforeAll(async () => {
    t = await startTestApp();
    [member, other] = [await registerMember(t), await registerMember(t)];
    skuId = await insertThirtyYuanSku(t);
  });
  afterAll(() => t.close());

  const call = <T>(path: string, body: object, who: TestMember = member) => t.call<T>(path, body, { token: who.token });

  it("is for members only", async () => {
    for (const path of ["/api/pay/info", "/api/pay/type", "/api/pay/pay", "/api/pay/status", "/api/order/pay"]) {
      expect((await t.call(path, { out_trade_no: "1", order_ids: "1", pay_type: "sandbox" })).code, path).toBe(-10009);
    }
  });

  it("lists the enabled methods: balance and the sandbox in tests", async () => {
    const types = await call<PayTypes>("/api/pay/type", {});
    expect(types.data.pay_type).toBe("balance,sandbox");
    expect(types.data.list).toEqual([{ name: "balance", title: "余额支付" }, { name: "sandbox", title: "演示支付" }]);
  });

  it("describes a trade: amount, status, orders, close time, balance", async () => {
    const order = await unpaidOrder(t, member, skuId, 2);
    const info = await call<PayInfo>("/api/pay/info", { out_trade_no: order.outTradeNo });
    expect(info.code).toBe(0);
    expect(info.data).toMatchObject({
      out_trade_no: order.outTradeNo, pay_money: "60.00", pay_status: 0, pay_type: "", order_id: order.orderId, order_ids: [order.orderId],
      member_balance: "0.00", is_pay_password: 0,
    });
    expect(info.data.auto_close_time).toBeGreaterThan(0);
    expect(info.data.orders).toEqual([expect.objectContaining({ order_id: order.orderId, order_no: order.orderNo, pay_money: "60.00", goods_num: 2, order_status_name: "待支付" })]);
    expect((await call<PayStatusInfo>("/api/pay/status", { out_trade_no: order.outTradeNo })).data).toEqual({ out_trade_no: order.outTradeNo, pay_status: 0 });
  });

  it("answers another member's trade and orders as not found, on every call", async () => {
    const order = await unpaidOrder(t, member, skuId);
    for (const path of ["/api/pay/info", "/api/pay/status"]) {
      const response = await call(path, { out_trade_no: order.outTradeNo }, other);
      expect([response.code, response.message], path).toEqual([-1, "交易不存在"]);
    }
    for (const pay_type of ["balance", "sandbox"]) {
      const response = await call("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type }, other);
      expect([response.code, response.message], pay_type).toEqual([-1, "交易不存在"]);
    }
    const merged = await call("/api/order/pay", { order_ids: String(order.orderId) }, other);
    expect([merged.code, merged.message]).toEqual([-1, "订单不存在"]);
    // Nothing changed for the owner.
    expect((await tradeRow(t, order.outTradeNo)).pay_status).toBe(PayStatus.PENDING);
  });

  it("refuses bad input with -10006 naming the field", async () => {
    expect((await call("/api/pay/info", { out_trade_no: "x' or 1=1" })).code).toBe(-10006);
    expect((await call("/api/order/pay", { order_ids: "1,,2" })).message).toContain("order_ids");
    expect((await call("/api/order/pay", { order_ids: "0" })).code).toBe(-10006);
    expect((await call("/api/pay/pay", { out_trade_no: "1", pay_type: "" })).message).toContain("pay_type");
    const order = await unpaidOrder(t, member, skuId);
    expect((await call("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "bitcoin" })).message).toBe("不支持该支付方式");
  });

  it("merges several unpaid orders into one trade, and asking again gives the same trade", async () => {
    const first = await unpaidOrder(t, member, skuId, 1);
    const second = await unpaidOrder(t, member, skuId, 3);
    const merged = await call<string>("/api/order/pay", { order_ids: `${first.orderId},${second.orderId}` });
    expect(merged.code).toBe(0);
    const trade = await tradeRow(t, merged.data);
    expect(trade).toMatchObject({ pay_money_cents: 12000, pay_status: PayStatus.PENDING, order_ids: `,${first.orderId},${second.orderId},` });
    expect(trade.pay_body).toContain("等2个订单");
    // The orders' own trades were cancelled: a payment for them now would be refunded, not lost.
    expect((await tradeRow(t, first.outTradeNo)).pay_status).toBe(PayStatus.CANCELLED);
    expect((await tradeRow(t, second.outTradeNo)).pay_status).toBe(PayStatus.CANCELLED);
    expect((await call<string>("/api/order/pay", { order_ids: `${second.orderId},${first.orderId}` })).data).toBe(merged.data);
    const info = await call<PayInfo>("/api/pay/info", { out_trade_no: merged.data });
    expect(info.data.orders.map((order) => order.order_id)).toEqual([first.orderId, second.orderId]);
    expect(info.data.pay_money).toBe("120.00");
  });

  it("does not merge an order that is paid or closed", async () => {
    const open = await unpaidOrder(t, member, skuId);
    const closed = await unpaidOrder(t, member, skuId);
    await closeOrder(t.app.deps.db, closed.orderId, SYSTEM, "测试关闭");
    const response = await call("/api/order/pay", { order_ids: `${open.orderId},${closed.orderId}` });
    expect(response.code).toBe(-1);
    expect(response.message).toContain("已关闭");
    expect((await tradeRow(t, open.outTradeNo)).pay_status).toBe(PayStatus.PENDING);
  });

  it("sends a trade to the sandbox gateway with our notify and return URLs", async () => {
    const order = await unpaidOrder(t, member, skuId);
    const started = await call<PayStart>("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "sandbox", return_url: "/web/pay/resultall" });
    expect(started.code).toBe(0);
    expect(started.data.type).toBe("url");
    const url = new URL((started.data as { data: string }).data);
    expect(url.pathname).toBe("/sandbox-gateway/pay");
    expect(url.searchParams.get("out_trade_no")).toBe(order.outTradeNo);
    expect(url.searchParams.get("total_amount")).toBe("30.00");
    expect(url.searchParams.get("notify_url")).toMatch(/\/pay\/notify\/sandbox$/);
    expect(new URL(url.searchParams.get("return_url")!).pathname + new URL(url.searchParams.get("return_url")!).search).toBe(`/web/pay/resultall?code=${order.outTradeNo}`);
    expect(await tradeRow(t, order.outTradeNo)).toMatchObject({ pay_status: PayStatus.PAYING, pay_type: "sandbox" });

    // A return URL of another site is not followed.
    const again = await call<{ data: string }>("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "sandbox", return_url: "https://evil.example/steal" });
    expect(new URL(new URL(again.data.data).searchParams.get("return_url")!).pathname).toBe("/web/pay/result");
  });

  it("gives the orders a new trade when the shopper switches method, so a late payment of the old one is refunded", async () => {
    const order = await unpaidOrder(t, member, skuId);
    await call("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "sandbox" });
    const switched = await call<PayStart>("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "balance" });
    // No balance: refused, and the refusal rolled back the switch.
    expect([switched.code, switched.message]).toEqual([-1, "账户余额不足"]);
    expect((await tradeRow(t, order.outTradeNo)).pay_status).toBe(PayStatus.PAYING);

    // The same method again keeps the trade (the gateway page may be reopened).
    const reopened = await call<PayStart>("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "sandbox" });
    expect(reopened.data.out_trade_no).toBe(order.outTradeNo);
  });

  it("refuses to pay a trade that was cancelled", async () => {
    const order = await unpaidOrder(t, member, skuId);
    await closeOrder(t.app.deps.db, order.orderId, SYSTEM, "测试关闭");
    const response = await call("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "sandbox" });
    expect(response.code).toBe(-1);
    expect(response.message).toContain("已失效");
    expect((await call<PayInfo>("/api/pay/info", { out_trade_no: order.outTradeNo })).data.pay_status).toBe(PayStatus.CANCELLED);
  });

  it("refuses an order past its close time even before the close job ran", async () => {
    const order = await unpaidOrder(t, member, skuId, 1, { autoCloseTime: Math.floor(Date.now() / 1000) - 5 });
    const response = await call("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "sandbox" });
    expect(response.message).toContain("已超过支付时限");
  });
});
