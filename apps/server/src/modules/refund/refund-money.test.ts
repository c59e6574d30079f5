import { describe, expect, it } from "vitest";
import type { RefundDetail } from "@shop/contract";
import { usingPostgres } from "../../test/harness.ts";
import { now } from "../../core/time.ts";
import { sendGatewayRefund } from "./jobs.ts";
import { REFUND_JOBS } from "./settle.ts";
import { balanceOf, gatewaysOf, markShipped, paidOrder, RecordingGateway, refundSuite } from "./test-fixtures.ts";

/**
 * Where the money goes: the balance part through the ledger at once, the gateway part through the
 * provider by a job with our refund number (once, however often the job runs), in proportion so
 * that a whole order refunded returns each part exactly. And the timers: unanswered refunds are
 * agreed, returns never shipped close.
 */
describe(`refund money and timers (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  const suite = refundSuite("refund-money", { cup: ["网关茶杯", 3000], tea: ["网关茶叶", 5000] });
  const { db, call, staff } = suite;
  const refundRow = (orderGoodsId: number) =>
    db().selectFrom("order_refund").selectAll().where("order_goods_id", "=", orderGoodsId).orderBy("refund_id", "desc").executeTakeFirstOrThrow();

  it("balance + gateway: each refund splits in proportion; the gateway is asked once per refund number; the whole order returns each part exactly", async () => {
    const order = await paidOrder(db(), { memberId: suite.member.member_id, lines: [{ skuId: suite.skus.cup, num: 1 }, { skuId: suite.skus.tea, num: 1 }], balanceCents: 2000 }, { gateway: "sandbox" });
    const [cupLine, teaLine] = order.lineIds as [number, number];
    const balance = await balanceOf(db(), suite.member.member_id);
    const gateway = new RecordingGateway();

    await call("/api/orderrefund/refund", { order_goods_id: cupLine, refund_reason: "协商一致退款" });
    await staff("/shopapi/orderrefund/agree", { order_goods_id: cupLine });
    await staff("/shopapi/orderrefund/transfer", { order_goods_id: cupLine });
    const cup = await refundRow(cupLine);
    expect([cup.refund_real_money_cents, cup.refund_balance_money_cents, cup.refund_pay_money_cents, cup.refund_pay_status]).toEqual([3000, 750, 2250, 1]);
    expect(await balanceOf(db(), suite.member.member_id)).toBe(balance + 750);
    expect((await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: cupLine })).refund_way_name).toBe("原路退回：余额 ¥7.50，演示支付 ¥22.50（退款处理中）");

    // the job runs twice (a retry, a second instance after a lost lease): the gateway is asked once
    await sendGatewayRefund(db(), gatewaysOf(gateway), cup.refund_id);
    await sendGatewayRefund(db(), gatewaysOf(gateway), cup.refund_id);
    expect(gateway.requests).toEqual([
      { outTradeNo: order.outTradeNo, tradeNo: `GW${order.outTradeNo}`, refundCents: 2250, totalCents: 6000, outRefundNo: cup.refund_no, reason: "订单退款" },
    ]);
    expect((await refundRow(cupLine)).refund_pay_status).toBe(2);
    const cupDetail = await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: cupLine });
    expect(cupDetail.refund_pay_status).toBe(2);
    expect(cupDetail.refund_log.at(-1)).toMatchObject({ action: "原路退款已提交", actor_name: "系统" });

    await call("/api/orderrefund/refund", { order_goods_id: teaLine, refund_reason: "协商一致退款" });
    await staff("/shopapi/orderrefund/agree", { order_goods_id: teaLine });
    await staff("/shopapi/orderrefund/transfer", { order_goods_id: teaLine });
    const tea = await refundRow(teaLine);
    expect([tea.refund_balance_money_cents, tea.refund_pay_money_cents]).toEqual([1250, 3750]);
    expect(cup.refund_balance_money_cents + tea.refund_balance_money_cents).toBe(2000);
    expect(cup.refund_pay_money_cents + tea.refund_pay_money_cents).toBe(6000);
    // the app's own runner sends it through the configured sandbox gateway
    await suite.t.app.deps.jobs.runDue();
    expect((await refundRow(teaLine)).refund_pay_status).toBe(2);
    const jobs = await db().selectFrom("job").select(["status"]).where("kind", "=", REFUND_JOBS.gateway).where("dedupe_key", "in", [`${REFUND_JOBS.gateway}:${cup.refund_no}`, `${REFUND_JOBS.gateway}:${tea.refund_no}`]).execute();
    expect(jobs.map((job) => job.status)).toEqual(["done", "done"]);
  });

  it("a refund the shop leaves unanswered is agreed by the system after auto_agree_days (仅退款: and sent)", async () => {
    const order = await paidOrder(db(), { memberId: suite.member.member_id, lines: [{ skuId: suite.skus.cup, num: 1 }, { skuId: suite.skus.tea, num: 1 }] });
    const [cupLine] = order.lineIds as [number, number];
    await call("/api/orderrefund/refund", { order_goods_id: cupLine, refund_reason: "协商一致退款" });
    const balance = await balanceOf(db(), suite.member.member_id);
    await suite.t.app.deps.jobs.runDue(now() + 2 * 86400);
    expect((await refundRow(cupLine)).refund_status).toBe(1);
    await suite.t.app.deps.jobs.runDue(now() + 3 * 86400 + 60);
    const detail = await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: cupLine });
    expect(detail.refund_status).toBe(3);
    expect(detail.refund_log.map((entry) => [entry.action, entry.actor_name])).toEqual([
      ["买家申请仅退款", "买家"], ["系统自动同意退款", "系统"], ["退款完成", "系统"],
    ]);
    expect(await balanceOf(db(), suite.member.member_id)).toBe(balance + 3000);
  });

  it("a 退货退款 left unanswered is agreed (the buyer is to return the goods); a return never shipped closes after return_close_days", async () => {
    const order = await paidOrder(db(), { memberId: suite.member.member_id, lines: [{ skuId: suite.skus.cup, num: 1 }] });
    await markShipped(db(), order.orderId);
    const [cupLine] = order.lineIds as [number];
    await call("/api/orderrefund/refund", { order_goods_id: cupLine, refund_type: 2, refund_reason: "商品质量问题" });
    await suite.t.app.deps.jobs.runDue(now() + 3 * 86400 + 60);
    const asked = await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: cupLine });
    expect(asked).toMatchObject({ refund_status: 4, refund_address: { name: "商城售后部" } });
    // the return window counts from the agreement (the job ran at the real clock's time here)
    await suite.t.app.deps.jobs.runDue(now() + 6 * 86400);
    expect((await refundRow(cupLine)).refund_status).toBe(4);
    await suite.t.app.deps.jobs.runDue(now() + 7 * 86400 + 60);
    const closed = await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: cupLine });
    expect(closed).toMatchObject({ refund_status: -2, refund_real_money: "0.00" });
    expect(closed.refund_log.at(-1)).toMatchObject({ action: "买家超时未退货，退款关闭", actor_name: "系统" });
    // a return shipped in time is not closed by its timer
    await call("/api/orderrefund/refund", { order_goods_id: cupLine, refund_type: 2, refund_reason: "商品质量问题" });
    await staff("/shopapi/orderrefund/agree", { order_goods_id: cupLine });
    await call("/api/orderrefund/delivery", { order_goods_id: cupLine, refund_delivery_name: "中通快递", refund_delivery_no: "ZT-1" });
    await suite.t.app.deps.jobs.runDue(now() + 30 * 86400);
    expect((await refundRow(cupLine)).refund_status).toBe(5);
  });
});
