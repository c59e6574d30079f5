import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { recordEvent, subscribeAfterCommit, subscribeInUnit, unsubscribe, type DomainEvent } from "../../core/events.ts";
import { eventJobKind, subscribeDurable } from "../jobs/event-jobs.ts";
import { registerMember } from "../auth/testing.ts";
import { grantAccount } from "../order/test-fixtures.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { paidOrder } from "../refund/test-fixtures.ts";
import { now } from "../../core/time.ts";

/**
 * The domain event registry (ADR 0030), on the database the suite runs on: an event recorded in a
 * unit that rolls back reaches no subscriber (its in-unit writes and its jobs roll back with it);
 * a durable subscriber that fails is retried later and leaves the payment that recorded it paid.
 */
describe("domain events", () => {
  let t: TestApp;
  const db = (): Db => t.app.deps.db;
  const subscribed: string[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterEach(() => {
    for (const id of subscribed.splice(0)) unsubscribe(id);
  });
  afterAll(() => t.close());

  it("hands nothing to subscribers of an event whose unit of work rolled back", async () => {
    const afterCommitSeen: DomainEvent[] = [];
    subscribed.push("test.in-unit", "test.after-commit", "test.durable");
    subscribeInUnit("test.in-unit", ["complaint.created"], async (tx, event) => {
      await tx.insertInto("sms_outbox").values({ mobile: "13800000000", purpose: "event-test", code: String(event.id), content: "", create_time: now() }).execute();
    });
    subscribeAfterCommit("test.after-commit", ["complaint.created"], async (event) => {
      afterCommitSeen.push(event);
    });
    subscribeDurable(t.app.deps.jobs, "test.durable", ["complaint.created"], async () => {});

    await expect(
      unitOfWork(db(), async (tx) => {
        await recordEvent(tx, { name: "complaint.created", id: 9001 });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const written = () => db().selectFrom("sms_outbox").select("code").where("purpose", "=", "event-test").execute();
    expect(await written()).toEqual([]);
    expect(afterCommitSeen).toEqual([]);
    expect(await db().selectFrom("job").select("id").where("kind", "=", eventJobKind("test.durable")).execute()).toEqual([]);

    // The same event committed reaches all three, the durable one through its job.
    await unitOfWork(db(), (tx) => recordEvent(tx, { name: "complaint.created", id: 9002 }));
    expect(await written()).toEqual([{ code: "9002" }]);
    expect(afterCommitSeen.map((event) => event.id)).toEqual([9002]);
    expect(await db().selectFrom("job").select("status").where("kind", "=", eventJobKind("test.durable")).execute()).toEqual([{ status: "pending" }]);
  });

  it("retries a failing durable subscriber later, leaving the payment paid", async () => {
    const seen: number[] = [];
    subscribed.push("test.flaky");
    subscribeDurable(t.app.deps.jobs, "test.flaky", ["order.paid"], async (event) => {
      seen.push(event.id);
      if (seen.length === 1) throw new Error("gateway down");
    });
    const member = await registerMember(t);
    await grantAccount(db(), member.member_id, "balance", 100_000, `events-${member.member_id}`);
    const skuId = (await insertGoods(db(), "事件测试杯", { goods: { price_cents: 1000, goods_stock: 10 } })).skuIds[0]!;
    const order = await paidOrder(db(), { memberId: member.member_id, lines: [{ skuId, num: 1 }] });

    const job = () => db().selectFrom("job").select(["status", "attempts", "last_error"]).where("kind", "=", eventJobKind("test.flaky")).executeTakeFirstOrThrow();
    await t.app.deps.jobs.runDue();
    expect(await job()).toEqual({ status: "pending", attempts: 1, last_error: "gateway down" });
    const paid = await db().selectFrom("orders").select(["order_status", "pay_status"]).where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(paid).toEqual({ order_status: 1, pay_status: 1 });
    // Its sales count (an in-unit subscriber) came with the payment.
    expect(await db().selectFrom("goods_sku").select("sale_num").where("sku_id", "=", skuId).executeTakeFirstOrThrow()).toEqual({ sale_num: 1 });

    await t.app.deps.jobs.runDue(now() + 60);
    expect(await job()).toMatchObject({ status: "done", attempts: 2 });
    expect(seen).toEqual([order.orderId, order.orderId]);
  });
});
