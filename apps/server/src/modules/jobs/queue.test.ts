import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { LEASE_SECONDS, claimDueJobs, enqueueJob, failJob, finishJob, rescheduleJob } from "./queue.ts";

describe(`job queue (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.deps.db.deleteFrom("job").execute();
  });

  const db = () => t.app.deps.db;
  const jobs = () => db().selectFrom("job").selectAll().orderBy("id").execute();
  const enqueue = (spec: Parameters<typeof enqueueJob>[1]) => unitOfWork(db(), (tx) => enqueueJob(tx, spec));

  it("enqueues at most one job per dedupe key; jobs without a key are all kept", async () => {
    await enqueue({ kind: "order.auto_close", payload: { order_id: 1 }, dedupeKey: "order.auto_close:1" });
    await enqueue({ kind: "order.auto_close", payload: { order_id: 1, again: true }, dedupeKey: "order.auto_close:1" });
    await enqueue({ kind: "order.auto_close", payload: { order_id: 2 }, dedupeKey: "order.auto_close:2" });
    await enqueue({ kind: "mail", payload: { n: 1 } });
    await enqueue({ kind: "mail", payload: { n: 1 } });
    const rows = await jobs();
    expect(rows.map((row) => [row.kind, JSON.parse(row.payload), row.dedupe_key])).toEqual([
      ["order.auto_close", { order_id: 1 }, "order.auto_close:1"],
      ["order.auto_close", { order_id: 2 }, "order.auto_close:2"],
      ["mail", { n: 1 }, null],
      ["mail", { n: 1 }, null],
    ]);
    expect(rows.every((row) => row.status === "pending" && row.attempts === 0 && row.max_attempts === 10)).toBe(true);
  });

  it("concurrent enqueues with one dedupe key leave one job", async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => enqueue({ kind: "k", payload: { i }, dedupeKey: "same" })));
    expect(await jobs()).toHaveLength(1);
  });

  it("commits with the business change it belongs to: a unit that rolls back leaves no job", async () => {
    await expect(
      unitOfWork(db(), async (tx) => {
        await enqueueJob(tx, { kind: "order.auto_close", payload: { order_id: 3 }, dedupeKey: "order.auto_close:3" });
        throw new Error("the order could not be created");
      }),
    ).rejects.toThrow();
    expect(await jobs()).toEqual([]);
  });

  it("claims only due jobs, marking them running under the claimer's lease", async () => {
    const at = now();
    await enqueue({ kind: "due", payload: {}, runAt: at - 5 });
    await enqueue({ kind: "later", payload: {}, runAt: at + 60 });
    const claimed = await claimDueJobs(db(), "runner-a", 10, at);
    expect(claimed.map((job) => [job.kind, job.attempts])).toEqual([["due", 1]]);
    const [due, later] = await jobs();
    expect(due).toMatchObject({ status: "running", locked_by: "runner-a", locked_until: at + LEASE_SECONDS, attempts: 1 });
    expect(later).toMatchObject({ status: "pending", locked_by: "", attempts: 0 });
    expect(await claimDueJobs(db(), "runner-b", 10, at)).toEqual([]); // running and leased: nobody else's
    expect((await claimDueJobs(db(), "runner-b", 10, at + 60)).map((job) => job.kind)).toEqual(["later"]);
  });

  it("rescheduleJob moves a pending job's time by its dedupe key", async () => {
    const at = now();
    await enqueue({ kind: "order.auto_receive", payload: { order_id: 9 }, runAt: at + 7 * 86400, dedupeKey: "order.auto_receive:9" });
    expect(await claimDueJobs(db(), "r", 10, at)).toEqual([]);
    await rescheduleJob(db(), "order.auto_receive:9", at - 1);
    expect(await claimDueJobs(db(), "r", 10, at)).toHaveLength(1);
  });

  it("two claimers at once never get the same job", async () => {
    const at = now();
    for (let i = 0; i < 30; i++) await enqueue({ kind: "k", payload: { i }, runAt: at });
    const [a, b] = await Promise.all([claimDueJobs(db(), "runner-a", 20, at), claimDueJobs(db(), "runner-b", 20, at)]);
    const idsA = a.map((job) => job.id);
    const idsB = b.map((job) => job.id);
    expect(idsA.filter((id) => idsB.includes(id))).toEqual([]);
    const rows = await jobs();
    for (const row of rows.filter((row) => row.status === "running")) {
      expect(idsA.includes(row.id) ? "runner-a" : idsB.includes(row.id) ? "runner-b" : "nobody").toBe(row.locked_by);
    }
    expect(rows.filter((row) => row.status === "running")).toHaveLength(idsA.length + idsB.length);
  });

  it("a lease that ran out (the claimer crashed) lets another runner claim the job; the crashed one can no longer finish it", async () => {
    const at = now();
    await enqueue({ kind: "k", payload: {}, runAt: at });
    const [job] = await claimDueJobs(db(), "crashed", 10, at);
    expect(await claimDueJobs(db(), "survivor", 10, at + LEASE_SECONDS)).toEqual([]); // lease still running
    const [again] = await claimDueJobs(db(), "survivor", 10, at + LEASE_SECONDS + 1);
    expect(again).toMatchObject({ id: job!.id, attempts: 2 });
    await finishJob(db(), job!.id, "crashed"); // a stale runner waking up: ignored
    expect((await jobs())[0]).toMatchObject({ status: "running", locked_by: "survivor" });
    await finishJob(db(), job!.id, "survivor");
    expect((await jobs())[0]).toMatchObject({ status: "done", locked_by: "survivor" });
  });

  it("a failed attempt is retried with growing backoff (30 s, 60 s, 120 s …), and fails for good after max_attempts", async () => {
    const at = now();
    await enqueue({ kind: "flaky", payload: {}, runAt: at, maxAttempts: 3 });
    let clock = at;
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [job] = await claimDueJobs(db(), "r", 10, clock);
      expect(job, `attempt ${attempt} at +${clock - at}`).toMatchObject({ attempts: attempt });
      await failJob(db(), job!, "r", new Error(`网关超时 ${attempt}`), clock);
      const row = (await jobs())[0]!;
      expect(row.last_error).toBe(`网关超时 ${attempt}`);
      if (attempt < 3) {
        expect(row.status).toBe("pending");
        delays.push(row.run_at - clock);
        expect(await claimDueJobs(db(), "r", 10, row.run_at - 1)).toEqual([]);
        clock = row.run_at;
      } else {
        expect(row.status).toBe("failed");
      }
    }
    expect(delays).toEqual([30, 60]);
    expect(await claimDueJobs(db(), "r", 10, at + 365 * 86400)).toEqual([]);
  });
});
