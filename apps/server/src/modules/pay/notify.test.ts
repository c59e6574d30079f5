import { describe, expect, it } from "vitest";
import type { LatePayment, Page } from "@shop/contract";
import type { TestApp } from "../../test/harness.ts";
import { setConfig } from "../../core/config-store.ts";
import { CONFIG_DEFAULTS } from "../site/defaults.ts";
import type { TestMember } from "../auth/testing.ts";
import { closeOrder } from "../order/close.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { OrderStatus, SYSTEM } from "../order/state-machine.ts";
import { signedSandboxNotify } from "./providers/sandbox.ts";
import { notifyLog, orderRow, payTransitions, postForm, sandboxNotify, tradeRow, unpaidOrder, withPayTestApp } from "./test-helpers.ts";
import { PayStatus } from "./trade.ts";

const NOTIFY = "/pay/notify/sandbox";

describe("payment notifies (POST /pay/notify/:provider)", () => {
  let t: TestApp;
  let member: TestMember;
  let skuId: number;
  withPayTestApp((ready) => ({ t, member, skuId } = ready));

  it("pays once for ten duplicate notifies sent at the same time", async () => {
    const order = await unpaidOrder(t, member, skuId);
    const fields = sandboxNotify(t, { outTradeNo: order.outTradeNo, totalAmount: "30.00" });
    const replies = await Promise.all(Array.from({ length: 10 }, () => postForm(t, NOTIFY, fields)));
    expect(replies.map((reply) => reply.body)).toEqual(replies.map(() => "success"));

    expect(await orderRow(t, order.orderId)).toMatchObject({ order_status: OrderStatus.WAIT_SEND, pay_status: 1, pay_type: "sandbox" });
    expect(await payTransitions(t, order.orderId)).toBe(1);
    expect(await tradeRow(t, order.outTradeNo)).toMatchObject({ pay_status: PayStatus.PAID, trade_no: `SBTEST${order.outTradeNo}`, refund_status: 0 });
    const outcomes = (await notifyLog(t, order.outTradeNo)).map((row) => row.outcome);
    expect(outcomes.filter((outcome) => outcome === "paid")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "already_paid")).toHaveLength(9);
    // A gateway payment touches no balance: no ledger row at all.
    const ledger = await t.app.deps.db.selectFrom("member_account").select("id").where("business_id", "=", order.outTradeNo).execute();
    expect(ledger).toHaveLength(0);
  });

  it("rejects and logs a forged signature and an altered amount; the order stays unpaid", async () => {
    const order = await unpaidOrder(t, member, skuId);
    const forged = signedSandboxNotify({ outTradeNo: order.outTradeNo, tradeNo: "SBFAKE", totalAmount: "30.00", tradeStatus: "TRADE_SUCCESS" }, "not-the-secret");
    expect((await postForm(t, NOTIFY, forged)).body).toBe("fail");

    const altered = { ...sandboxNotify(t, { outTradeNo: order.outTradeNo, totalAmount: "30.00" }), total_amount: "0.01" };
    expect((await postForm(t, NOTIFY, altered)).body).toBe("fail");

    // Correctly signed, but for less than the trade: the amount check stops it.
    const underpaid = sandboxNotify(t, { outTradeNo: order.outTradeNo, totalAmount: "3.00" });
    expect((await postForm(t, NOTIFY, underpaid)).body).toBe("fail");

    expect(await notifyLog(t, order.outTradeNo)).toEqual([
      { provider: "sandbox", verified: 0, outcome: "bad_signature", amount_cents: 0 },
      { provider: "sandbox", verified: 0, outcome: "bad_signature", amount_cents: 0 },
      { provider: "sandbox", verified: 1, outcome: "amount_mismatch", amount_cents: 300 },
    ]);
    expect((await orderRow(t, order.orderId)).order_status).toBe(OrderStatus.WAIT_PAY);
    expect((await tradeRow(t, order.outTradeNo)).pay_status).toBe(PayStatus.PENDING);
  });

  it("rejects an unknown trade number, and malformed bodies", async () => {
    expect((await postForm(t, NOTIFY, sandboxNotify(t, { outTradeNo: "99999999999999999999", totalAmount: "30.00" }))).body).toBe("fail");
    expect(await notifyLog(t, "99999999999999999999")).toEqual([{ provider: "sandbox", verified: 1, outcome: "unknown_trade", amount_cents: 3000 }]);
    const empty = await t.app.inject({ method: "POST", url: NOTIFY, payload: "" });
    expect([empty.statusCode, empty.body]).toEqual([200, "fail"]);
    const json = await t.app.inject({ method: "POST", url: NOTIFY, payload: { out_trade_no: "1" } });
    expect(json.body).toBe("fail");
    expect((await t.app.inject({ method: "POST", url: "/pay/notify/nosuchpay", payload: "a=1" })).statusCode).toBe(404);
  });

  it("records a payment while the shop is closed (notifies are outside the closed-shop guard)", async () => {
    const order = await unpaidOrder(t, member, skuId);
    await setConfig(t.app.deps.db, "site_info", { ...CONFIG_DEFAULTS.site_info, shop_status: 0 });
    try {
      expect((await t.call("/api/pay/status", { out_trade_no: order.outTradeNo }, { token: member.token })).code).toBe(-3);
      expect((await postForm(t, NOTIFY, sandboxNotify(t, { outTradeNo: order.outTradeNo, totalAmount: "30.00" }))).body).toBe("success");
      expect((await orderRow(t, order.orderId)).order_status).toBe(OrderStatus.WAIT_SEND);
    } finally {
      await setConfig(t.app.deps.db, "site_info", { ...CONFIG_DEFAULTS.site_info, shop_status: 1 });
    }
  });

  it("acknowledges a notify that reports no payment and changes nothing", async () => {
    const order = await unpaidOrder(t, member, skuId);
    const closed = sandboxNotify(t, { outTradeNo: order.outTradeNo, totalAmount: "30.00", tradeStatus: "TRADE_CLOSED" });
    expect((await postForm(t, NOTIFY, closed)).body).toBe("success");
    expect((await orderRow(t, order.orderId)).order_status).toBe(OrderStatus.WAIT_PAY);
    expect((await notifyLog(t, order.outTradeNo)).map((row) => row.outcome)).toEqual(["not_paid_status"]);
  });

  it("flags a payment arriving after the order closed for refund, and reopens nothing", async () => {
    const order = await unpaidOrder(t, member, skuId);
    await closeOrder(t.app.deps.db, order.orderId, SYSTEM, "超时未支付");
    const late = sandboxNotify(t, { outTradeNo: order.outTradeNo, totalAmount: "30.00" });
    expect((await postForm(t, NOTIFY, late)).body).toBe("success");
    expect((await postForm(t, NOTIFY, late)).body).toBe("success");

    expect((await orderRow(t, order.orderId)).order_status).toBe(OrderStatus.CLOSED);
    expect(await payTransitions(t, order.orderId)).toBe(0);
    expect(await tradeRow(t, order.outTradeNo)).toMatchObject({ pay_status: PayStatus.PAID, refund_status: 1 });
    expect((await notifyLog(t, order.outTradeNo)).map((row) => row.outcome)).toEqual(["late", "already_paid"]);

    // Staff see it and send it back through the gateway (a durable job), once.
    const admin = await loginTestStaff(t, "admin");
    const servicer = await loginTestStaff(t, "servicer");
    const listed = await t.call<Page<LatePayment>>("/shopapi/pay/refunds", {}, { token: admin });
    expect(listed.data.list.find((row) => row.out_trade_no === order.outTradeNo)).toMatchObject({ pay_money: "30.00", pay_type: "sandbox", refund_status: 1, order_ids: [order.orderId] });
    expect((await t.call("/shopapi/pay/refund", { out_trade_no: order.outTradeNo }, { token: servicer })).message).toBe("没有执行此操作的权限");
    expect((await t.call("/shopapi/pay/refund", { out_trade_no: order.outTradeNo }, { token: admin })).code).toBe(0);
    expect((await t.call("/shopapi/pay/refund", { out_trade_no: order.outTradeNo }, { token: admin })).code).toBe(0);
    await t.app.deps.jobs.runDue();
    expect((await tradeRow(t, order.outTradeNo)).refund_status).toBe(2);
    expect((await t.call("/shopapi/pay/refund", { out_trade_no: order.outTradeNo }, { token: admin })).message).toBe("该交易已退款");
    const refundJobs = await t.app.deps.db.selectFrom("job").select("status").where("kind", "=", "pay.refund").execute();
    expect(refundJobs).toEqual([{ status: "done" }]);
    const paid = await unpaidOrder(t, member, skuId);
    expect((await t.call("/shopapi/pay/refund", { out_trade_no: paid.outTradeNo }, { token: admin })).message).toBe("该交易无需退款");
  });
});
