import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { DAY_SECONDS, now } from "../../core/time.ts";
import { setConfig } from "../../core/config-store.ts";
import { BUYING_CONFIG_DEFAULTS } from "../../core/buying-config.ts";
import { codeOrder } from "../verify/test-fixtures.ts";
import { markShipped, paidOrder } from "../refund/test-fixtures.ts";
import { ORDER_JOBS } from "./close.ts";
import { OrderStatus, OrderType } from "./state-machine.ts";
import { grantAccount, loginTestStaff } from "./test-fixtures.ts";

/**
 * The completion timer: an order completes order_config.auto_complete_days after it was received
 * (by the member or the auto-receive timer), picked up or used; an order with after-sales in
 * progress waits for them; a refunded-whole order is left alone.
 */
describe(`order completion timer (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let member: TestMember;
  let admin: string;
  let sku: number;
  const db = () => t.app.deps.db;
  const memberCall = async (path: string, body: object) => {
    const answer = await t.call(path, body, { token: member.token });
    expect(answer.code, answer.message).toBe(0);
  };
  const staffCall = async (path: string, body: object) => {
    const answer = await t.call(path, body, { token: admin });
    expect(answer.code, answer.message).toBe(0);
  };
  const statusOf = async (orderId: number) =>
    (await db().selectFrom("orders").select("order_status").where("order_id", "=", orderId).executeTakeFirstOrThrow()).order_status;
  const completeJobs = (orderId: number) =>
    db().selectFrom("job").selectAll().where("kind", "=", ORDER_JOBS.autoComplete).where("payload", "=", JSON.stringify({ order_id: orderId })).orderBy("id").execute();

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    sku = (await insertGoods(db(), "完成计时茶盘", { skus: [{ is_default: 1, discount_price_cents: 2000, price_cents: 2000, stock: 1000 }] })).skuIds[0]!;
    await grantAccount(db(), member.member_id, "balance", 100_000, `complete-${member.member_id}`);
    await setConfig(db(), "order_config", { ...BUYING_CONFIG_DEFAULTS.order_config, auto_complete_days: 5 });
  });
  afterAll(() => t.close());

  it("the member's receipt starts it: 已收货 → 已完成 auto_complete_days later (not before), as 系统", async () => {
    const order = await paidOrder(db(), { memberId: member.member_id, lines: [{ skuId: sku, num: 1 }] });
    await markShipped(db(), order.orderId);
    const before = now();
    await memberCall("/api/order/takedelivery", { order_id: order.orderId });
    const [job] = await completeJobs(order.orderId);
    expect(job!.run_at).toBeGreaterThanOrEqual(before + 5 * DAY_SECONDS);
    await t.app.deps.jobs.runDue(job!.run_at - 1);
    expect(await statusOf(order.orderId)).toBe(OrderStatus.RECEIVED);
    await t.app.deps.jobs.runDue(job!.run_at);
    expect(await statusOf(order.orderId)).toBe(OrderStatus.COMPLETE);
    const log = await db().selectFrom("order_log").selectAll().where("order_id", "=", order.orderId).where("action", "=", "complete").execute();
    expect(log).toMatchObject([{ from_status: 4, to_status: 10, actor_type: "system" }]);
    const finished = await db().selectFrom("orders").select(["finish_time", "sign_time"]).where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(finished.finish_time).toBeGreaterThanOrEqual(finished.sign_time);
  });

  it("the auto-receive timer starts it too", async () => {
    const order = await paidOrder(db(), { memberId: member.member_id, lines: [{ skuId: sku, num: 1 }] });
    const lines = await db().selectFrom("order_goods").select("order_goods_id").where("order_id", "=", order.orderId).execute();
    await staffCall("/shopapi/order/delivery", { order_id: order.orderId, packages: [{ delivery_type: 0, order_goods_ids: lines.map((line) => line.order_goods_id) }] });
    // one sweep a week ahead: received by the timer, then (its own timer due too) completed
    await t.app.deps.jobs.runDue(now() + 8 * DAY_SECONDS);
    expect(await statusOf(order.orderId)).toBe(OrderStatus.COMPLETE);
    const log = await db().selectFrom("order_log").select(["action", "actor_type"]).where("order_id", "=", order.orderId).where("action", "in", ["take_delivery", "complete"]).orderBy("id").execute();
    expect(log).toEqual([{ action: "take_delivery", actor_type: "system" }, { action: "complete", actor_type: "system" }]);
  });

  it("a used pickup code (已提货) and a used virtual code (已使用) start it", async () => {
    const pickup = await codeOrder(t, member.member_id, sku);
    const virtual = await codeOrder(t, member.member_id, sku, { orderType: OrderType.VIRTUAL });
    for (const order of [pickup, virtual]) await staffCall("/shopapi/order/verify", { verify_code: order.code });
    expect([await statusOf(pickup.orderId), await statusOf(virtual.orderId)]).toEqual([OrderStatus.RECEIVED, OrderStatus.USED]);
    await t.app.deps.jobs.runDue(now() + 5 * DAY_SECONDS + 60);
    expect([await statusOf(pickup.orderId), await statusOf(virtual.orderId)]).toEqual([OrderStatus.COMPLETE, OrderStatus.COMPLETE]);
  });

  it("an order with a refund in progress waits: the timer looks again a day later and completes it once the refund is over", async () => {
    const order = await paidOrder(db(), { memberId: member.member_id, lines: [{ skuId: sku, num: 1 }, { skuId: sku, num: 2 }] });
    await markShipped(db(), order.orderId);
    await memberCall("/api/order/takedelivery", { order_id: order.orderId });
    await memberCall("/api/orderrefund/refund", { order_goods_id: order.lineIds[0]!, refund_type: 1, refund_reason: "协商一致退款" });
    const [first] = await completeJobs(order.orderId);
    await t.app.deps.jobs.runDue(first!.run_at);
    expect(await statusOf(order.orderId)).toBe(OrderStatus.RECEIVED);
    const [, retry] = await completeJobs(order.orderId);
    expect(retry).toMatchObject({ status: "pending" });
    expect(retry!.run_at).toBe(first!.run_at + DAY_SECONDS);

    // (the same sweep agreed the refund unanswered for auto_agree_days: the money waits for the shop)
    await staffCall("/shopapi/orderrefund/transfer", { order_goods_id: order.lineIds[0]! });
    await t.app.deps.jobs.runDue(retry!.run_at);
    expect(await statusOf(order.orderId)).toBe(OrderStatus.COMPLETE);
    // the refund window still counts from receipt: the completed order takes refunds within after_sale_days
    await memberCall("/api/orderrefund/refundData", { order_goods_id: order.lineIds[1]! });
  });

  it("an order refunded whole before the timer is left closed", async () => {
    const order = await paidOrder(db(), { memberId: member.member_id, lines: [{ skuId: sku, num: 1 }] });
    await markShipped(db(), order.orderId);
    await memberCall("/api/order/takedelivery", { order_id: order.orderId });
    await memberCall("/api/orderrefund/refund", { order_goods_id: order.lineIds[0]!, refund_type: 1, refund_reason: "协商一致退款" });
    await staffCall("/shopapi/orderrefund/agree", { order_goods_id: order.lineIds[0]! });
    await staffCall("/shopapi/orderrefund/transfer", { order_goods_id: order.lineIds[0]! });
    const [job] = await completeJobs(order.orderId);
    await t.app.deps.jobs.runDue(job!.run_at);
    expect(await statusOf(order.orderId)).toBe(OrderStatus.CLOSED);
    expect(await completeJobs(order.orderId)).toMatchObject([{ status: "done" }]);
  });
});
