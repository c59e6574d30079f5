import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { buildApp } from "../../app.ts";
import { now } from "../../core/time.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { ORDER_JOBS } from "./close.ts";
import { autoCloseOrder } from "./jobs.ts";
import { createTestOrder, grantAccount, insertExpressCompany, loginTestStaff, payTestOrder, type TestOrder } from "./test-fixtures.ts";

/** The order timers: unpaid orders close at auto_close_time, shipped ones are received after N days; once, whatever runs them. */
describe("order timers", () => {
  let t: TestApp;
  let member: TestMember;
  let admin: string;
  let skuId: number;
  let companyId: number;

  const db = () => t.app.deps.db;
  const stock = async () => (await db().selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow()).stock;
  const balance = async (memberId = member.member_id) =>
    (await db().selectFrom("member").select("balance_cents").where("member_id", "=", memberId).executeTakeFirstOrThrow()).balance_cents;
  const statusOf = async (target: TestOrder) =>
    (await db().selectFrom("orders").select("order_status").where("order_id", "=", target.orderId).executeTakeFirstOrThrow()).order_status;
  const jobOf = (kind: string, target: TestOrder) =>
    db().selectFrom("job").selectAll().where("dedupe_key", "=", `${kind}:${target.orderId}`).executeTakeFirstOrThrow();
  const logsOf = (target: TestOrder, action: string) =>
    db().selectFrom("order_log").selectAll().where("order_id", "=", target.orderId).where("action", "=", action).execute();

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    skuId = (await insertGoods(db(), "定时任务测试商品", { goods: { price_cents: 1000, goods_stock: 1000 } })).skuIds[0]!;
    companyId = await insertExpressCompany(db(), "中通快递", "ZTO");
  });
  afterAll(() => t.close());

  it("closes an unpaid order when its time comes (not before) and gives back stock and balance", async () => {
    await grantAccount(db(), member.member_id, "balance", 300, `timer-${member.member_id}`);
    const startStock = await stock();
    const closeAt = now() + 1800;
    const target = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId, num: 3 }], balanceCents: 300, autoCloseTime: closeAt, enqueueAutoClose: true });
    expect([await stock(), await balance()]).toEqual([startStock - 3, 0]);

    await t.app.deps.jobs.runDue(closeAt - 1);
    expect(await statusOf(target)).toBe(0);
    await t.app.deps.jobs.runDue(closeAt);
    expect(await statusOf(target)).toBe(-1);
    expect([await stock(), await balance()]).toEqual([startStock, 300]);
    const [log] = await logsOf(target, "close");
    expect(log).toMatchObject({ actor_type: "system", remark: "超时未支付，系统自动关闭" });
    expect((await jobOf(ORDER_JOBS.autoClose, target)).status).toBe("done");
  });

  it("leaves a paid order alone: the job ends as done, nothing given back", async () => {
    const startStock = await stock();
    const target = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId, num: 2 }], autoCloseTime: now() + 60, enqueueAutoClose: true });
    await payTestOrder(db(), target);
    await t.app.deps.jobs.runDue(now() + 3600);
    expect(await statusOf(target)).toBe(1);
    expect(await stock()).toBe(startStock - 2);
    expect(await jobOf(ORDER_JOBS.autoClose, target)).toMatchObject({ status: "done", last_error: "" });
  });

  it("receives a shipped order after auto_receive_days, and not when the member already did", async () => {
    const ship = async (target: TestOrder) => {
      const lines = await db().selectFrom("order_goods").select("order_goods_id").where("order_id", "=", target.orderId).execute();
      const response = await t.call("/shopapi/order/delivery", {
        order_id: target.orderId,
        packages: [{ express_company_id: companyId, delivery_no: `ZT${target.orderId}`, order_goods_ids: lines.map((line) => line.order_goods_id) }],
      }, { token: admin });
      expect(response.code, response.message).toBe(0);
    };
    const waiting = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId, num: 1 }] });
    const early = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId, num: 1 }] });
    for (const target of [waiting, early]) {
      await payTestOrder(db(), target);
      await ship(target);
    }
    expect((await t.call("/api/order/takedelivery", { order_id: early.orderId }, { token: member.token })).code).toBe(0);

    await t.app.deps.jobs.runDue(now() + 6 * 86400);
    expect(await statusOf(waiting)).toBe(3);
    await t.app.deps.jobs.runDue(now() + 7 * 86400 + 5);
    // received by the timer; its completion timer (auto_complete_days, 7, from the real receipt time) was due in the same fast-forwarded sweep
    expect(await statusOf(waiting)).toBe(10);
    expect(await logsOf(waiting, "take_delivery")).toMatchObject([{ actor_type: "system", remark: "超时未确认，系统自动确认收货" }]);
    expect(await logsOf(early, "take_delivery")).toMatchObject([{ actor_type: "member" }]);
    expect((await jobOf(ORDER_JOBS.autoReceive, early)).status).toBe("done");
  });

  describe("two app instances on one database", () => {
    let second: FastifyInstance;
    beforeAll(async () => {
      // The same SQLite file (dataDir) or PostgreSQL schema as `t`: a second server of the same shop.
      second = await buildApp({ ...t.config });
    });
    afterAll(() => second.close());

    it("sweeping at the same moment close each expired order once and give stock and balance back once", async () => {
      const buyers = await Promise.all(Array.from({ length: 4 }, () => registerMember(t)));
      for (const buyer of buyers) await grantAccount(db(), buyer.member_id, "balance", 1000, `sweep-${buyer.member_id}`);
      const startStock = await stock();
      const expired: TestOrder[] = [];
      for (let index = 0; index < 24; index += 1) {
        const buyer = buyers[index % buyers.length]!;
        expired.push(await createTestOrder(db(), {
          memberId: buyer.member_id, lines: [{ skuId, num: 2 }], balanceCents: 100, autoCloseTime: now() - 5, enqueueAutoClose: true,
        }));
      }
      // A second close job per order, as a retried job whose lease ran out would be: so both instances
      // get work on the same orders at the same moment, not only different orders.
      await unitOfWork(db(), async (tx) => {
        for (const order of expired) await enqueueJob(tx, { kind: ORDER_JOBS.autoClose, payload: { order_id: order.orderId }, runAt: now() - 5 });
      });
      expect(await stock()).toBe(startStock - 48);

      // Both sweeps start together: they select the same due jobs and race for each claim.
      const [ranHere, ranThere] = await Promise.all([t.app.deps.jobs.runDue(), second.deps.jobs.runDue()]);
      expect(ranHere + ranThere).toBe(48);

      expect(await stock()).toBe(startStock);
      for (const buyer of buyers) expect(await balance(buyer.member_id)).toBe(1000);
      const ids = expired.map((order) => order.orderId);
      const closes = await db().selectFrom("order_log").select("order_id").where("action", "=", "close").where("order_id", "in", ids).execute();
      expect(closes.map((row) => row.order_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      const refunds = await db().selectFrom("member_account").select("business_id").where("from_type", "=", "order_close").where("business_id", "in", ids.map(String)).execute();
      expect(refunds).toHaveLength(24);
      const jobs = await db().selectFrom("job").select(["status", "last_error", "attempts"]).where("kind", "=", ORDER_JOBS.autoClose).where("payload", "in", ids.map((id) => JSON.stringify({ order_id: id }))).execute();
      // Each job claimed and run once (a second run would count a second attempt).
      expect(jobs).toEqual(Array(48).fill({ status: "done", last_error: "", attempts: 1 }));
    });

    it("even when both close the same orders directly (no job claim), stock comes back exactly once", async () => {
      const startStock = await stock();
      const expired: TestOrder[] = [];
      for (let index = 0; index < 12; index += 1) {
        expired.push(await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId, num: 5 }], autoCloseTime: now() - 5 }));
      }
      await Promise.all(expired.flatMap((order) => [autoCloseOrder(t.app.deps.db, order.orderId), autoCloseOrder(second.deps.db, order.orderId)]));
      expect(await stock()).toBe(startStock);
      for (const order of expired) expect(await logsOf(order, "close")).toHaveLength(1);
    });
  });
});
