import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ComplainDetail, Page, RefundDetail, RefundListPage, StaffRefundListItem, TokenResult } from "@shop/contract";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { solvedCaptcha } from "../modules/auth/testing.ts";
import { loginTestStaff } from "../modules/order/test-fixtures.ts";
import { REFUND_JOBS } from "../modules/refund/settle.ts";
import { now } from "../core/time.ts";

/** The demo member's seeded after-sales, read through the API like the refund pages read them. */
describe("seeded refunds of the demo member", () => {
  let t: TestApp;
  let token: string;
  let seededBy: number;
  const call = async <T>(path: string, body: Record<string, unknown> = {}) => {
    const answer = await t.call<T>(path, body, { token });
    expect(answer.code, `${path}: ${answer.message}`).toBe(0);
    return answer.data;
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    seededBy = now();
    token = (await t.call<TokenResult>("/api/login/login", { username: "demo", password: "demo123456", ...(await solvedCaptcha(t)) })).data.token;
  });
  afterAll(() => t.close());

  it("lists refunds in most statuses, each tab counted, newest first", async () => {
    const page = await call<RefundListPage>("/api/orderrefund/lists", { page_size: 20 });
    expect(page.list.map((item) => item.refund_status).sort((a, b) => a - b)).toEqual([-3, -2, -1, 1, 3, 4]);
    expect(page.counts).toEqual({ all: 6, doing: 2, refused: 1, finished: 2, closed: 1 });
    const times = page.list.map((item) => item.refund_action_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await call<{ refunding: number }>("/api/order/num")).refunding).toBe(2);
  });

  it("tells each refund's story after its order's and before the seed run, with the refused one's complaint waiting", async () => {
    const page = await call<RefundListPage>("/api/orderrefund/lists", { page_size: 20 });
    for (const item of page.list) {
      const detail = await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: item.order_goods_id });
      const times = detail.refund_log.map((entry) => entry.action_time);
      expect(times, detail.sku_name).toEqual([...times].sort((a, b) => a - b));
      expect(Math.max(...times)).toBeLessThan(seededBy);
      const order = await t.app.deps.db.selectFrom("orders").select("pay_time").where("order_id", "=", detail.order_id).executeTakeFirstOrThrow();
      expect(times[0]).toBeGreaterThan(order.pay_time);
      if (detail.refund_status === 1) expect(detail.auto_agree_time).toBeGreaterThan(seededBy);
      if (detail.refund_status === 4) expect(detail.delivery_deadline).toBeGreaterThan(seededBy);
    }
    const refused = page.list.find((item) => item.refund_status === -1)!;
    const complaint = await call<ComplainDetail>("/api/ordercomplain/detail", { order_goods_id: refused.order_goods_id });
    expect(complaint).toMatchObject({ can_complain: false, complain: { complain_status: 1, complain_status_name: "待平台处理" } });
    const staff = await loginTestStaff(t, "admin");
    const staffList = await t.call<Page<StaffRefundListItem>>("/shopapi/orderrefund/lists", { refund_status: 1 }, { token: staff });
    expect(staffList.data.list.map((item) => item.staff_actions)).toEqual([["agree", "refuse"]]);
  });

  it("has the gateway part of the finished refunds arrived, with nothing left to send (the sandbox may be off); the timers wait", async () => {
    await t.app.deps.jobs.runDue();
    const refunds = await t.app.deps.db.selectFrom("order_refund").select(["refund_id", "refund_no", "refund_status", "refund_pay_status", "refund_pay_money_cents"]).execute();
    const finished = refunds.filter((row) => row.refund_status === 3 || row.refund_status === -3);
    expect(finished).toHaveLength(2);
    for (const refund of finished) {
      expect(refund.refund_pay_money_cents).toBeGreaterThan(0);
      expect(refund.refund_pay_status).toBe(3);
    }
    const sends = await t.app.deps.db.selectFrom("job").select("id").where("kind", "=", REFUND_JOBS.gateway).execute();
    expect(sends).toEqual([]);
    // the timers of the refund waiting for the shop and of the return waiting for the buyer: later
    const waiting = refunds.filter((row) => row.refund_status === 1 || row.refund_status === 4);
    const keys = waiting.map((row) => `${row.refund_status === 1 ? REFUND_JOBS.autoAgree : REFUND_JOBS.returnClose}:${row.refund_id}`);
    const timers = await t.app.deps.db.selectFrom("job").select(["status", "run_at"]).where("dedupe_key", "in", keys).execute();
    expect(timers).toHaveLength(2);
    for (const timer of timers) expect(timer).toMatchObject({ status: "pending", run_at: expect.any(Number) });
    for (const timer of timers) expect(timer.run_at).toBeGreaterThan(seededBy);
  });
});
