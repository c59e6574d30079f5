import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayStart } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { closeOrder } from "../order/close.ts";
import { OrderStatus, SYSTEM, type Actor } from "../order/state-machine.ts";
import { grantAccount, loginTestStaff } from "../order/test-fixtures.ts";
import { settleWithBalance } from "./balance.ts";
import { insertThirtyYuanSku, orderRow, tradeRow, unpaidOrder } from "./test-helpers.ts";
import { PayStatus } from "./trade.ts";

/**
 * A balance payment reads its trade as open, then settles it. On PostgreSQL a concurrent unit of
 * work may replace the trade in between — staff adjust the price, or the shopper switches method
 * in another tab — while the order stays open: the shopper must be told the trade expired (and the
 * cashier moves to the orders' current trade), not that the order closed.
 */
describe("a balance payment of a trade replaced meanwhile", () => {
  let t: TestApp;
  let skuId: number;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    skuId = await insertThirtyYuanSku(t);
    admin = await loginTestStaff(t, "admin");
  });
  afterAll(() => t.close());

  const db = () => t.app.deps.db;
  const balanceOf = async (member: TestMember) =>
    (await db().selectFrom("member").select("balance_cents").where("member_id", "=", member.member_id).executeTakeFirstOrThrow()).balance_cents;
  const actorOf = (member: TestMember): Actor => ({ type: "member", id: member.member_id, name: "测试会员" });
  /** Settles the trade with the balance as /api/pay/pay does after its checks: the refusal's message, or null. */
  const settleRefusal = (member: TestMember, outTradeNo: string) =>
    unitOfWork(db(), (tx) => settleWithBalance(tx, { outTradeNo, amountCents: 3000 }, actorOf(member))).then(
      () => null,
      (error: Error) => error.message,
    );

  async function fundedMember(): Promise<TestMember> {
    const member = await registerMember(t);
    await grantAccount(db(), member.member_id, "balance", 10_000, `stale-${member.member_id}`);
    return member;
  }

  it("says 支付单已失效，请重新支付 after a re-price; the orders' current trade then pays", async () => {
    const member = await fundedMember();
    const order = await unpaidOrder(t, member, skuId);
    const adjusted = await t.call<{ out_trade_no: string }>("/shopapi/order/adjustprice", { order_id: order.orderId, adjust_money: "-1.00" }, { token: admin });
    expect(adjusted.code, adjusted.message).toBe(0);

    expect(await settleRefusal(member, order.outTradeNo)).toBe("支付单已失效，请重新支付");
    // Rolled back whole: nothing taken, the old trade still cancelled, the order still waiting.
    expect(await balanceOf(member)).toBe(10_000);
    expect((await tradeRow(t, order.outTradeNo)).pay_status).toBe(PayStatus.CANCELLED);
    expect((await orderRow(t, order.orderId)).order_status).toBe(OrderStatus.WAIT_PAY);

    // What the cashier page does with a cancelled trade whose orders still wait: it asks for their trade.
    const current = await t.call<string>("/api/order/pay", { order_ids: String(order.orderId) }, { token: member.token });
    expect(current.data).toBe(adjusted.data.out_trade_no);
    const paid = await t.call<PayStart>("/api/pay/pay", { out_trade_no: current.data, pay_type: "balance" }, { token: member.token });
    expect(paid.data).toEqual({ type: "paid", out_trade_no: adjusted.data.out_trade_no });
    expect(await balanceOf(member)).toBe(10_000 - 2900);
  });

  it("after the orders moved to a merged trade too, and keeps 订单已关闭，无法支付 for an order that did close", async () => {
    const member = await fundedMember();
    const first = await unpaidOrder(t, member, skuId);
    const second = await unpaidOrder(t, member, skuId);
    // 合并支付 asked for in another tab: both orders get a new trade, their own ones are cancelled.
    const merged = await t.call<string>("/api/order/pay", { order_ids: `${first.orderId},${second.orderId}` }, { token: member.token });
    expect(merged.data).not.toBe(first.outTradeNo);
    expect(await settleRefusal(member, first.outTradeNo)).toBe("支付单已失效，请重新支付");

    const closed = await unpaidOrder(t, member, skuId);
    await closeOrder(db(), closed.orderId, SYSTEM, "测试关闭");
    expect(await settleRefusal(member, closed.outTradeNo)).toBe("订单已关闭，无法支付");
    expect(await balanceOf(member)).toBe(10_000);
  });

  it("over HTTP, racing re-prices: the order is paid at its current price or the payment is refused, never as closed", async () => {
    const member = await fundedMember();
    const refusals = new Set<string>();
    let paidCents = 0;
    for (let round = 0; round < 20; round += 1) {
      const order = await unpaidOrder(t, member, skuId);
      const [adjust, pay] = await Promise.all([
        t.call("/shopapi/order/adjustprice", { order_id: order.orderId, adjust_money: "-1.00" }, { token: admin }),
        t.call("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "balance" }, { token: member.token }),
      ]);
      // Both may succeed: the payment then read the new price and paid it with a new trade.
      expect(adjust.code === 0 || pay.code === 0, `${adjust.message} / ${pay.message}`).toBe(true);
      if (pay.code === 0) {
        const paid = await tradeRow(t, (pay.data as PayStart).out_trade_no);
        const final = await db().selectFrom("orders").select(["order_status", "pay_money_cents"]).where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
        expect([paid.pay_status, paid.pay_money_cents, final.order_status]).toEqual([PayStatus.PAID, final.pay_money_cents, OrderStatus.WAIT_SEND]);
        paidCents += paid.pay_money_cents;
      }
      if (pay.code !== 0) refusals.add(pay.message);
    }
    expect(await balanceOf(member)).toBe(10_000 - paidCents);
    for (const message of refusals) expect(["支付单已失效，请重新支付", "该支付单已失效，请到订单列表重新支付"]).toContain(message);
  });
});
