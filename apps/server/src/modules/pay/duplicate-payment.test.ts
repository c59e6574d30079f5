import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { LatePayment, Page } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { OrderStatus } from "../order/state-machine.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { SandboxProvider } from "./providers/sandbox.ts";
import { duplicatePaymentNo } from "./refund.ts";
import { insertThirtyYuanSku, notifyLog, orderRow, payTransitions, postForm, refundRows, sandboxNotify, tradeRow, unpaidOrder } from "./test-helpers.ts";
import { PayStatus } from "./trade.ts";

const NOTIFY = "/pay/notify/sandbox";

/**
 * A second, different payment of a trade already paid (the shopper paid the same trade twice, e.g.
 * at two gateways from two tabs) is money the shop must send back: it is recorded as a refundable
 * row of its own, listed with the late payments and refunded by the same job.
 */
describe("duplicate payments are recorded for refund", () => {
  let t: TestApp;
  let member: TestMember;
  let skuId: number;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    skuId = await insertThirtyYuanSku(t);
    admin = await loginTestStaff(t, "admin");
  });
  afterAll(() => t.close());

  const paymentNotify = (outTradeNo: string, tradeNo: string) => sandboxNotify(t, { outTradeNo, totalAmount: "30.00", tradeNo });

  it("lists a second payment in /shopapi/pay/refunds and refunds it through its gateway, once", async () => {
    const order = await unpaidOrder(t, member, skuId);
    const T = order.outTradeNo;
    expect((await postForm(t, NOTIFY, paymentNotify(T, "SBFIRST"))).body).toBe("success");
    const second = paymentNotify(T, "SBSECOND");
    expect((await postForm(t, NOTIFY, second)).body).toBe("success");
    expect((await postForm(t, NOTIFY, second)).body).toBe("success");

    // The order is paid once, by the first payment; the trade itself needs no refund.
    expect(await payTransitions(t, order.orderId)).toBe(1);
    expect(await orderRow(t, order.orderId)).toMatchObject({ order_status: OrderStatus.WAIT_SEND, out_trade_no: T });
    expect(await tradeRow(t, T)).toMatchObject({ pay_status: PayStatus.PAID, trade_no: "SBFIRST", refund_status: 0 });
    expect((await notifyLog(t, T)).map((row) => row.outcome)).toEqual(["paid", "duplicate_payment", "duplicate_payment"]);
    const recordNo = duplicatePaymentNo(T, "sandbox", "SBSECOND");
    expect(recordNo).toMatch(new RegExp(`^${T}-D[0-9a-f]{8}$`));
    expect(await refundRows(t, T)).toEqual([
      { out_trade_no: recordNo, pay_type: "sandbox", trade_no: "SBSECOND", pay_money_cents: 3000, pay_status: PayStatus.PAID, refund_status: 1, order_ids: `,${order.orderId},` },
    ]);

    const listed = await t.call<Page<LatePayment>>("/shopapi/pay/refunds", { page_size: 100 }, { token: admin });
    expect(listed.data.list.filter((row) => row.out_trade_no.startsWith(T))).toEqual([
      expect.objectContaining({ out_trade_no: recordNo, pay_type: "sandbox", pay_money: "30.00", trade_no: "SBSECOND", order_ids: [order.orderId], refund_status: 1 }),
    ]);

    // The refund names the trade the gateway collected and its own refund number.
    const refund = vi.spyOn(SandboxProvider.prototype, "refund");
    try {
      expect((await t.call("/shopapi/pay/refund", { out_trade_no: recordNo }, { token: admin })).code).toBe(0);
      expect((await t.call("/shopapi/pay/refund", { out_trade_no: recordNo }, { token: admin })).code).toBe(0);
      await t.app.deps.jobs.runDue();
      expect(refund.mock.calls).toEqual([
        [{ outTradeNo: T, tradeNo: "SBSECOND", refundCents: 3000, totalCents: 3000, outRefundNo: `R${recordNo}`, reason: "重复支付，退回付款" }],
      ]);
    } finally {
      refund.mockRestore();
    }
    expect((await refundRows(t, T)).map((row) => row.refund_status)).toEqual([2]);
    expect((await t.call("/shopapi/pay/refund", { out_trade_no: recordNo }, { token: admin })).message).toBe("该交易已退款");
    // The shopper's view of the trade is unchanged.
    expect(await tradeRow(t, T)).toMatchObject({ pay_status: PayStatus.PAID, refund_status: 0 });
  });

  it("records the loser when two different payments of one trade are notified at the same moment", async () => {
    const order = await unpaidOrder(t, member, skuId);
    const replies = await Promise.all([postForm(t, NOTIFY, paymentNotify(order.outTradeNo, "SBLEFT")), postForm(t, NOTIFY, paymentNotify(order.outTradeNo, "SBRIGHT"))]);
    expect(replies.map((reply) => reply.body)).toEqual(["success", "success"]);
    expect((await notifyLog(t, order.outTradeNo)).map((row) => row.outcome).sort()).toEqual(["duplicate_payment", "paid"]);
    const winner = (await tradeRow(t, order.outTradeNo)).trade_no;
    const loser = winner === "SBLEFT" ? "SBRIGHT" : "SBLEFT";
    expect((await refundRows(t, order.outTradeNo)).map((row) => [row.trade_no, row.refund_status])).toEqual([[loser, 1]]);
    expect(await payTransitions(t, order.orderId)).toBe(1);
  });
});
