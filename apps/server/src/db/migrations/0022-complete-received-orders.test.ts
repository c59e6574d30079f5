import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember } from "../../modules/auth/testing.ts";
import { insertGoods } from "../../modules/goods/test-fixtures.ts";
import { createTestOrder } from "../../modules/order/test-fixtures.ts";
import { ORDER_JOBS } from "../../modules/order/close.ts";
import { up } from "./0022-complete-received-orders.ts";

/** Orders received or used before the completion timer existed get their job, once. */
describe(`migration 0022: completion jobs of received orders (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("enqueues one job per received or used order, due N days after receipt (at once when past), and none for other statuses", async () => {
    const db = t.app.deps.db;
    const member = await registerMember(t);
    const skuId = (await insertGoods(db, "完成茶杯", { skus: [{ is_default: 1, discount_price_cents: 1000, price_cents: 1000, stock: 100 }] })).skuIds[0]!;
    const at = Math.floor(Date.now() / 1000);
    const order = async (status: number, signTime: number) => {
      const { orderId } = await createTestOrder(db, { memberId: member.member_id, lines: [{ skuId, num: 1 }] });
      await db.updateTable("orders").set({ order_status: status, sign_time: signTime }).where("order_id", "=", orderId).execute();
      return orderId;
    };
    const receivedLongAgo = await order(4, at - 30 * 86400);
    const receivedYesterday = await order(4, at - 86400);
    const used = await order(12, at - 2 * 86400);
    const shipped = await order(3, 0);
    const completed = await order(10, at - 40 * 86400);

    await up(db as unknown as Kysely<unknown>, t.app.deps.dialect);
    await up(db as unknown as Kysely<unknown>, t.app.deps.dialect);

    const jobs = await db.selectFrom("job").select(["dedupe_key", "run_at", "status"]).where("kind", "=", ORDER_JOBS.autoComplete).orderBy("dedupe_key").execute();
    const runAtOf = (orderId: number) => jobs.find((job) => job.dedupe_key === `${ORDER_JOBS.autoComplete}:${orderId}`)?.run_at;
    expect(jobs).toHaveLength(3);
    expect(runAtOf(receivedLongAgo)).toBeGreaterThanOrEqual(at);
    expect(runAtOf(receivedLongAgo)).toBeLessThan(at + 60);
    expect(runAtOf(receivedYesterday)).toBe(at - 86400 + 7 * 86400);
    expect(runAtOf(used)).toBe(at - 2 * 86400 + 7 * 86400);
    expect(runAtOf(shipped)).toBeUndefined();
    expect(runAtOf(completed)).toBeUndefined();

    // The job completes the long-received order.
    await t.app.deps.jobs.runDue(at + 60);
    const status = await db.selectFrom("orders").select("order_status").where("order_id", "=", receivedLongAgo).executeTakeFirstOrThrow();
    expect(status.order_status).toBe(10);
  });
});
