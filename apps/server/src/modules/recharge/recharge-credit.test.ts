import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LatePayment, Page } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { now } from "../../core/time.ts";
import { nextIp, registerMember, type TestMember } from "../auth/testing.ts";
import { ledgerSum } from "../account/ledger.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { notifyLog, postForm, refundRows, sandboxNotify, tradeRow } from "../pay/test-helpers.ts";
import { PayStatus } from "../pay/trade.ts";
import { closeRechargeOrder, RECHARGE_CLOSE_JOB } from "./close.ts";
import { couponsOf, createRecharge, insertCouponType, insertPackage, memberFigures, rechargeLedger, rechargeOrderRow } from "./test-fixtures.ts";

const NOTIFY = "/pay/notify/sandbox";

/**
 * A recharge is credited when its trade is settled — by the gateway's notify — exactly once: the
 * face value to the balance, the bonus points, growth and coupons, however often and concurrently
 * the notify comes; an unpaid order closes after its time limit, and money arriving after that is
 * flagged for refund instead of credited. After every scenario the balance equals its ledger.
 */
describe("recharge: credited once, on settlement", () => {
  let t: TestApp;
  let packageId: number;
  let couponTypeId: number;
  beforeAll(async () => {
    t = await startTestApp();
    couponTypeId = await insertCouponType(t);
    packageId = await insertPackage(t, { face_value_cents: 21000, buy_price_cents: 20000, point: 200, growth: 150, coupon_ids: [couponTypeId] });
  });
  afterAll(() => t.close());

  /** The sandbox's notify of one payment of the trade (¥200.00), signed as the gateway signs it. */
  const paid = (outTradeNo: string, tradeNo = `SB${outTradeNo}`) => sandboxNotify(t, { outTradeNo, totalAmount: "200.00", tradeNo });
  const post = (form: Record<string, string>) => postForm(t, NOTIFY, form, { ip: nextIp() });

  async function expectLedgerMatches(member: TestMember) {
    const figures = await memberFigures(t, member.member_id);
    expect(await ledgerSum(t.app.deps.db, member.member_id, "balance")).toBe(figures.balance);
    expect(await ledgerSum(t.app.deps.db, member.member_id, "point")).toBe(figures.point);
    return figures;
  }

  it("a notify credits the face value, points, growth and coupon; ten more change nothing", async () => {
    const member = await registerMember(t);
    const before = await memberFigures(t, member.member_id);
    const { outTradeNo, orderId } = await createRecharge(t, member, packageId);
    expect((await post(paid(outTradeNo))).body).toBe("success");
    for (let i = 0; i < 10; i += 1) expect((await post(paid(outTradeNo))).body).toBe("success");

    const after = await expectLedgerMatches(member);
    expect(after).toEqual({ balance: before.balance + 21000, point: before.point + 200, growth: before.growth + 150 });
    expect(await rechargeLedger(t, orderId)).toEqual([
      { account_type: "balance", account_data: 21000, type_name: "会员充值" },
      { account_type: "point", account_data: 200, type_name: "充值赠送" },
    ]);
    expect(await couponsOf(t, member.member_id)).toEqual([{ coupon_type_id: couponTypeId, get_type: "recharge", state: 1 }]);
    expect(await rechargeOrderRow(t, outTradeNo)).toMatchObject({ status: 1, pay_type: "sandbox", auto_close_time: 0 });
    expect((await rechargeOrderRow(t, outTradeNo)).pay_time).toBeGreaterThan(0);
    expect(await tradeRow(t, outTradeNo)).toMatchObject({ pay_status: PayStatus.PAID, refund_status: 0 });
    const outcomes = (await notifyLog(t, outTradeNo)).map((row) => row.outcome);
    expect(outcomes).toEqual(["paid", ...Array<string>(10).fill("already_paid")]);
    const pack = await t.app.deps.db.selectFrom("member_recharge").select("sale_num").where("recharge_id", "=", packageId).executeTakeFirstOrThrow();
    expect(Number(pack.sale_num)).toBeGreaterThanOrEqual(1);
    // The close job finds nothing to close.
    expect(await closeRechargeOrder(t.app.deps.db, orderId)).toBe(false);
  });

  it("twenty concurrent notifies of one payment credit once", async () => {
    const member = await registerMember(t);
    const before = await memberFigures(t, member.member_id);
    const { outTradeNo, orderId } = await createRecharge(t, member, packageId);
    const form = paid(outTradeNo);
    const replies = await Promise.all(Array.from({ length: 20 }, () => post(form)));
    expect(replies.map((reply) => reply.body)).toEqual(Array<string>(20).fill("success"));
    const after = await expectLedgerMatches(member);
    expect(after.balance - before.balance).toBe(21000);
    expect(after.point - before.point).toBe(200);
    expect(after.growth - before.growth).toBe(150);
    expect(await rechargeLedger(t, orderId)).toHaveLength(2);
    expect(await couponsOf(t, member.member_id)).toHaveLength(1);
    expect((await notifyLog(t, outTradeNo)).filter((row) => row.outcome === "paid")).toHaveLength(1);
  });

  it("two different payments notified at once: one credits, the other is recorded for refund", async () => {
    const member = await registerMember(t);
    const before = await memberFigures(t, member.member_id);
    const { outTradeNo } = await createRecharge(t, member, packageId);
    const left = paid(outTradeNo, "SBLEFT");
    const right = paid(outTradeNo, "SBRIGHT");
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 ? left : right)));
    expect(new Set(replies.map((reply) => reply.body))).toEqual(new Set(["success"]));
    const after = await expectLedgerMatches(member);
    expect(after.balance - before.balance).toBe(21000);
    const winner = (await tradeRow(t, outTradeNo)).trade_no;
    expect((await refundRows(t, outTradeNo)).map((row) => [row.trade_no, row.refund_status])).toEqual([[winner === "SBLEFT" ? "SBRIGHT" : "SBLEFT", 1]]);
  });

  it("many members' recharges notified at once, three times each: every balance equals its ledger", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => registerMember(t)));
    const befores = await Promise.all(members.map((member) => memberFigures(t, member.member_id)));
    const orders = await Promise.all(members.map((member) => createRecharge(t, member, packageId)));
    await Promise.all(orders.flatMap(({ outTradeNo }) => [post(paid(outTradeNo)), post(paid(outTradeNo)), post(paid(outTradeNo))]));
    for (const [index, member] of members.entries()) {
      const after = await expectLedgerMatches(member);
      expect(after.balance - befores[index]!.balance, `member ${index}`).toBe(21000);
    }
  });

  it("an unpaid order closes after its time limit by its job; money arriving later is refunded, not credited", async () => {
    const member = await registerMember(t);
    const admin = await loginTestStaff(t, "admin");
    const before = await memberFigures(t, member.member_id);
    const { outTradeNo, orderId, order } = await createRecharge(t, member, packageId);
    const job = await t.app.deps.db.selectFrom("job").select(["run_at", "status"]).where("dedupe_key", "=", `${RECHARGE_CLOSE_JOB}:${orderId}`).executeTakeFirstOrThrow();
    expect(job).toEqual({ run_at: order.auto_close_time, status: "pending" });

    await t.app.deps.jobs.runDue(now());
    expect((await rechargeOrderRow(t, outTradeNo)).status).toBe(0);
    await t.app.deps.jobs.runDue(order.auto_close_time + 1);
    expect(await rechargeOrderRow(t, outTradeNo)).toMatchObject({ status: -1, auto_close_time: 0 });
    expect((await tradeRow(t, outTradeNo)).pay_status).toBe(PayStatus.CANCELLED);
    expect(await t.call("/api/pay/pay", { out_trade_no: outTradeNo, pay_type: "sandbox" }, { token: member.token })).toMatchObject({
      code: Code.ERROR, message: "充值订单已关闭，请重新选择套餐充值",
    });

    expect((await post(paid(outTradeNo))).body).toBe("success");
    expect((await notifyLog(t, outTradeNo)).map((row) => row.outcome)).toEqual(["late"]);
    expect(await tradeRow(t, outTradeNo)).toMatchObject({ pay_status: PayStatus.PAID, refund_status: 1 });
    expect(await rechargeOrderRow(t, outTradeNo)).toMatchObject({ status: -1 });
    expect(await rechargeLedger(t, orderId)).toEqual([]);
    expect(await expectLedgerMatches(member)).toEqual(before);
    const refunds = await t.call<Page<LatePayment>>("/shopapi/pay/refunds", { page_size: 100 }, { token: admin });
    expect(refunds.data.list.map((row) => row.out_trade_no)).toContain(outTradeNo);
  });

  it("past the time limit, before the job ran, the cashier refuses to start a payment", async () => {
    const member = await registerMember(t);
    const { outTradeNo } = await createRecharge(t, member, packageId);
    await t.app.deps.db.updateTable("member_recharge_order").set({ auto_close_time: now() - 1 }).where("out_trade_no", "=", outTradeNo).execute();
    expect(await t.call("/api/pay/pay", { out_trade_no: outTradeNo, pay_type: "sandbox" }, { token: member.token })).toMatchObject({
      code: Code.ERROR, message: "充值订单已超过支付时限，请重新选择套餐充值",
    });
  });

  it("closing and a payment racing: exactly one of them happens, every time", async () => {
    const member = await registerMember(t);
    for (let round = 0; round < 6; round += 1) {
      const before = await memberFigures(t, member.member_id);
      const { outTradeNo, orderId } = await createRecharge(t, member, packageId);
      const [closed, reply] = await Promise.all([closeRechargeOrder(t.app.deps.db, orderId), post(paid(outTradeNo))]);
      expect(reply.body).toBe("success");
      const order = await rechargeOrderRow(t, outTradeNo);
      const trade = await tradeRow(t, outTradeNo);
      const after = await expectLedgerMatches(member);
      if (closed) {
        expect(order.status, `round ${round}`).toBe(-1);
        expect(trade.refund_status).toBe(1);
        expect(after.balance).toBe(before.balance);
      } else {
        expect(order.status, `round ${round}`).toBe(1);
        expect(trade.refund_status).toBe(0);
        expect(after.balance - before.balance).toBe(21000);
      }
    }
  });
});
