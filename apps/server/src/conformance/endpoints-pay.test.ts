import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayInfo } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import type { ReferenceClient } from "./reference-client.ts";
import { physicalSkus, placeOrder, signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * The cashier as the reference's /pay page calls it (docs/api/pay.md): the trade, the enabled
 * methods, starting a payment with a gateway (`{type: "url", data}`), polling the status, and the
 * merged payment of several orders (`order_ids` "1,2").
 */
describe("conformance: cashier", () => {
  let t: TestApp;
  let member: ReferenceClient;
  let skuIds: number[];
  beforeAll(async () => {
    t = await startReferenceShop();
    member = await signedInClient(t);
    skuIds = await physicalSkus(t, 2);
  });
  afterAll(() => t.close());

  it("/api/pay/info, /api/pay/type, /api/pay/pay and /api/pay/status answer the cashier's fields", async () => {
    const { outTradeNo, orderId } = await placeOrder(t, member, skuIds[0]!);
    const info = await member.reads<PayInfo>("/api/pay/info", { out_trade_no: outTradeNo });
    expect(info).toMatchObject({ out_trade_no: outTradeNo, order_id: orderId, pay_status: 0 });
    const { pay_type } = await member.reads<{ pay_type: string }>("/api/pay/type");
    expect(pay_type.split(",")).toContain("sandbox");
    const started = await member.reads<{ type: string; data: string }>("/api/pay/pay", { out_trade_no: outTradeNo, pay_type: "sandbox", return_url: "/web/pay/result" });
    expect(started.type).toBe("url");
    expect(await member.reads("/api/pay/status", { out_trade_no: outTradeNo })).toMatchObject({ pay_status: 1 });
  });

  it("/api/order/pay {order_ids: \"1,2\"} answers the out_trade_no of one trade for both orders", async () => {
    const orders = [await placeOrder(t, member, skuIds[0]!), await placeOrder(t, member, skuIds[1]!)];
    const merged = await member.reads<string>("/api/order/pay", { order_ids: orders.map((order) => order.orderId).join(",") });
    const info = await member.data<PayInfo>("/api/pay/info", { out_trade_no: merged });
    expect(info.order_ids.sort()).toEqual(orders.map((order) => order.orderId).sort());
  });

  it("another member's trade answers like a missing one", async () => {
    const { outTradeNo } = await placeOrder(t, member, skuIds[0]!);
    const stranger = await signedInClient(t);
    expect((await stranger.refused("/api/pay/info", { out_trade_no: outTradeNo }, -1)).message).toBe("交易不存在");
  });
});
