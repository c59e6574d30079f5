import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope, PayStart } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { hashPassword } from "../../core/password.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { ledgerSum } from "../account/ledger.ts";
import { closeOrder } from "../order/close.ts";
import { OrderStatus, SYSTEM } from "../order/state-machine.ts";
import { grantAccount } from "../order/test-fixtures.ts";
import { insertThirtyYuanSku, orderRow, payTransitions, tradeRow, unpaidOrder } from "./test-helpers.ts";
import { PayStatus } from "./trade.ts";

describe("paying with the balance", () => {
  let t: TestApp;
  let skuId: number;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp();
    skuId = await insertThirtyYuanSku(t);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const balanceOf = async (member: TestMember) =>
    (await t.app.deps.db.selectFrom("member").select("balance_cents").where("member_id", "=", member.member_id).executeTakeFirstOrThrow()).balance_cents;

  /** Over real HTTP, as the browser calls it (several connections at once). */
  async function httpCall<T>(path: string, body: object, member: TestMember): Promise<Envelope<T>> {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: member.cookie },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Envelope<T>;
  }

  it("pays at once: order paid, one ledger row keyed by the trade, balance taken", async () => {
    const member = await registerMember(t);
    await grantAccount(t.app.deps.db, member.member_id, "balance", 10_000, `grant-${member.member_id}`);
    const order = await unpaidOrder(t, member, skuId, 2);
    const paid = await t.call<PayStart>("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "balance" }, { token: member.token });
    expect(paid.data).toEqual({ type: "paid", out_trade_no: order.outTradeNo });
    expect(await orderRow(t, order.orderId)).toMatchObject({ order_status: OrderStatus.WAIT_SEND, pay_type: "balance" });
    expect(await balanceOf(member)).toBe(4000);
    const rows = await t.app.deps.db.selectFrom("member_account").select(["from_type", "account_data"]).where("business_id", "=", order.outTradeNo).execute();
    expect(rows).toEqual([{ from_type: "pay_balance", account_data: -6000 }]);

    // Paying again is refused up front ("paid" again, nothing taken twice).
    const again = await t.call<PayStart>("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "balance" }, { token: member.token });
    expect(again.data.type).toBe("paid");
    expect(await balanceOf(member)).toBe(4000);
    expect(await payTransitions(t, order.orderId)).toBe(1);
  });

  it("asks for the pay password when the member has one", async () => {
    const member = await registerMember(t);
    await grantAccount(t.app.deps.db, member.member_id, "balance", 5000, `grant-${member.member_id}`);
    await t.app.deps.db.updateTable("member").set({ pay_password: await hashPassword("246810") }).where("member_id", "=", member.member_id).execute();
    const order = await unpaidOrder(t, member, skuId);
    const call = (body: object) => t.call<PayStart>("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "balance", ...body }, { token: member.token });
    expect((await call({})).message).toBe("请输入支付密码");
    expect((await call({ pay_password: "111111" })).message).toBe("支付密码错误，还可尝试 4 次");
    expect(await balanceOf(member)).toBe(5000);
    expect((await call({ pay_password: "246810" })).data.type).toBe("paid");
    expect(await balanceOf(member)).toBe(2000);
  });

  it("refuses an order that closed, and takes nothing", async () => {
    const member = await registerMember(t);
    await grantAccount(t.app.deps.db, member.member_id, "balance", 5000, `grant-${member.member_id}`);
    const order = await unpaidOrder(t, member, skuId);
    await closeOrder(t.app.deps.db, order.orderId, SYSTEM, "测试关闭");
    const response = await t.call("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "balance" }, { token: member.token });
    expect(response.code).toBe(-1);
    expect(await balanceOf(member)).toBe(5000);
  });

  it("ten ¥30 orders paid at once over HTTP with ¥100: exactly three succeed, the balance never goes below zero", async () => {
    const member = await registerMember(t);
    await grantAccount(t.app.deps.db, member.member_id, "balance", 10_000, `grant-${member.member_id}`);
    const orders = [];
    for (let index = 0; index < 10; index += 1) orders.push(await unpaidOrder(t, member, skuId));

    const responses = await Promise.all(orders.map((order) => httpCall<PayStart>("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "balance" }, member)));
    const succeeded = responses.filter((response) => response.code === 0);
    expect(succeeded).toHaveLength(3);
    expect(responses.filter((response) => response.code !== 0).map((response) => response.message)).toEqual(Array(7).fill("账户余额不足"));

    expect(await balanceOf(member)).toBe(1000);
    expect(await ledgerSum(t.app.deps.db, member.member_id, "balance")).toBe(1000);
    const statuses = await Promise.all(orders.map((order) => orderRow(t, order.orderId)));
    expect(statuses.filter((row) => row.order_status === OrderStatus.WAIT_SEND)).toHaveLength(3);
    expect(statuses.filter((row) => row.order_status === OrderStatus.WAIT_PAY)).toHaveLength(7);
    // The refused ones rolled back whole: their trades are still open, not paid and not half-marked.
    const trades = await Promise.all(orders.map((order) => tradeRow(t, order.outTradeNo)));
    expect(trades.filter((trade) => trade.pay_status === PayStatus.PAID)).toHaveLength(3);
    expect(trades.filter((trade) => trade.pay_status === PayStatus.PENDING)).toHaveLength(7);
  });

  it("the same trade paid ten times at once over HTTP is paid once", async () => {
    const member = await registerMember(t);
    await grantAccount(t.app.deps.db, member.member_id, "balance", 10_000, `grant-${member.member_id}`);
    const order = await unpaidOrder(t, member, skuId);
    const responses = await Promise.all(Array.from({ length: 10 }, () => httpCall<PayStart>("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "balance" }, member)));
    // Every caller learns it is paid (at once or as "already paid"); the money moved once.
    expect(responses.every((response) => response.code === 0 || response.message === "订单已支付，请勿重复支付")).toBe(true);
    expect(await balanceOf(member)).toBe(7000);
    expect(await ledgerSum(t.app.deps.db, member.member_id, "balance")).toBe(7000);
    expect(await payTransitions(t, order.orderId)).toBe(1);
  });
});
