import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { buildApp } from "../../app.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { LEASE_SECONDS, claimDueJobs, enqueueJob } from "./queue.ts";
import { JobRunner } from "./runner.ts";

const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

describe(`job runner (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.deps.db.deleteFrom("job").execute();
  });

  const db = () => t.app.deps.db;
  const enqueueMany = (kind: string, count: number, runAt = now()) =>
    unitOfWork(db(), async (tx) => {
      for (let i = 0; i < count; i++) await enqueueJob(tx, { kind, payload: { n: i }, runAt });
    });
  const statuses = async () => (await db().selectFrom("job").select("status").execute()).map((row) => row.status);

  /**
   * Handler that records which runner ran which job. Like the real handlers it writes in a unit of
   * work (on its runner's own connection), and it yields inside it so the runners interleave.
   */
  function recorder() {
    const runs: Array<{ n: number; runner: string }> = [];
    const handlerFor = (runner: string, database: Db) => async (payload: Record<string, unknown>) => {
      await unitOfWork(database, async (tx) => {
        await tx.insertInto("sms_outbox").values({ mobile: "13800000000", purpose: "job-run", code: runner, content: String(payload.n), create_time: 0 }).execute();
        await yieldToOthers();
      });
      runs.push({ n: payload.n as number, runner });
    };
    const timesRun = () => {
      const counts = new Map<number, number>();
      for (const run of runs) counts.set(run.n, (counts.get(run.n) ?? 0) + 1);
      return counts;
    };
    return { runs, handlerFor, timesRun };
  }

  it("two runners on one database sweeping at once run each job exactly once", async () => {
    const a = new JobRunner(db(), t.app.log);
    const b = new JobRunner(db(), t.app.log);
    const { runs, handlerFor, timesRun } = recorder();
    a.register("count", handlerFor("a", db()));
    b.register("count", handlerFor("b", db()));
    await enqueueMany("count", 50);
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(50);
    expect(runs).toHaveLength(50);
    expect([...timesRun().values()].every((times) => times === 1)).toBe(true);
    expect(timesRun().size).toBe(50);
    expect(await statuses()).toEqual(Array(50).fill("done"));
  });

  describe("two apps on one database (as two server instances)", () => {
    let second: FastifyInstance;
    beforeAll(async () => {
      // Same data directory / PostgreSQL schema: the second app opens its own connection to it.
      second = await buildApp(t.config);
    });
    afterAll(() => second?.close());

    it("sweeping at the same moment, they run each job once", async () => {
      const { runs, handlerFor, timesRun } = recorder();
      t.app.deps.jobs.register("instances", handlerFor("first", t.app.deps.db));
      second.deps.jobs.register("instances", handlerFor("second", second.deps.db));
      await enqueueMany("instances", 40);
      const [ranFirst, ranSecond] = await Promise.all([t.app.deps.jobs.runDue(), second.deps.jobs.runDue()]);
      expect(ranFirst + ranSecond).toBe(40);
      expect(runs).toHaveLength(40);
      expect([...timesRun().values()].every((times) => times === 1)).toBe(true);
      expect(await statuses()).toEqual(Array(40).fill("done"));
    });
  });

  it("a job whose runner crashed mid-run is run again once its lease has run out", async () => {
    const runner = new JobRunner(db(), t.app.log);
    const ran: number[] = [];
    runner.register("resumable", async (_payload, job) => {
      ran.push(job.attempts);
    });
    const at = now();
    await enqueueMany("resumable", 1, at);
    // Another instance claimed it and died before finishing: only its lease is left in the table.
    expect(await claimDueJobs(db(), "crashed-instance", 10, at)).toHaveLength(1);
    expect(await runner.runDue(at + LEASE_SECONDS)).toBe(0);
    expect(await runner.runDue(at + LEASE_SECONDS + 1)).toBe(1);
    expect(ran).toEqual([2]);
    expect(await db().selectFrom("job").select(["status", "locked_by", "attempts"]).executeTakeFirst()).toEqual({ status: "done", locked_by: runner.id, attempts: 2 });
  });

  it("retries a failing handler with backoff, on the sweep's clock, until it succeeds", async () => {
    const runner = new JobRunner(db(), t.app.log);
    let calls = 0;
    runner.register("flaky", async () => {
      calls += 1;
      if (calls < 3) throw new Error(`物流接口超时（第 ${calls} 次）`);
    });
    const at = now() + 10_000; // a fast-forwarded clock, far from the wall clock
    await enqueueMany("flaky", 1, at);
    const job = () => db().selectFrom("job").select(["status", "attempts", "run_at", "last_error"]).executeTakeFirstOrThrow();

    expect(await runner.runDue(at)).toBe(1);
    expect(await job()).toEqual({ status: "pending", attempts: 1, run_at: at + 30, last_error: "物流接口超时（第 1 次）" });
    expect(await runner.runDue(at + 29)).toBe(0);
    expect(await runner.runDue(at + 30)).toBe(1);
    expect(await job()).toEqual({ status: "pending", attempts: 2, run_at: at + 30 + 60, last_error: "物流接口超时（第 2 次）" });
    expect(await runner.runDue(at + 90)).toBe(1);
    expect(await job()).toMatchObject({ status: "done", attempts: 3, last_error: "" });
    expect(calls).toBe(3);
  });

  it("gives up after max_attempts: the job is failed, keeps its last error and is never run again", async () => {
    const runner = new JobRunner(db(), t.app.log);
    let calls = 0;
    runner.register("broken", async () => {
      calls += 1;
      throw new Error("坏掉了");
    });
    const at = now();
    await unitOfWork(db(), (tx) => enqueueJob(tx, { kind: "broken", payload: {}, runAt: at, maxAttempts: 3 }));
    let clock = at;
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await runner.runDue(clock)).toBe(1);
      clock = (await db().selectFrom("job").select("run_at").executeTakeFirstOrThrow()).run_at;
    }
    expect(await db().selectFrom("job").select(["status", "attempts", "last_error"]).executeTakeFirst()).toEqual({ status: "failed", attempts: 3, last_error: "坏掉了" });
    expect(await runner.runDue(at + 365 * 86400)).toBe(0);
    expect(calls).toBe(3);
  });

  it("a job of a kind nobody handles counts as a failed attempt, not a lost job", async () => {
    const runner = new JobRunner(db(), t.app.log);
    await enqueueMany("nobody.handles.this", 1);
    expect(await runner.runDue()).toBe(1);
    expect(await db().selectFrom("job").select(["status", "last_error"]).executeTakeFirst()).toEqual({ status: "pending", last_error: "no handler for job kind nobody.handles.this" });
  });

  it("start() polls on its own until stop(); overlapping runDue calls share one sweep", async () => {
    const runner = new JobRunner(db(), t.app.log);
    const ran: number[] = [];
    runner.register("polled", async (payload) => {
      ran.push(payload.n as number);
    });
    await enqueueMany("polled", 3);
    runner.start(20);
    await vi.waitFor(async () => expect(await statuses()).toEqual(["done", "done", "done"]), { timeout: 5000, interval: 20 });
    await runner.stop();
    expect(ran.sort()).toEqual([0, 1, 2]);

    await enqueueMany("polled", 2);
    const first = runner.runDue();
    expect(runner.runDue()).toBe(first);
    expect(await first).toBe(2);
  });
  it("stop() under a backlog ends after the job in hand; what it claimed and did not start is pending again", async () => {
    const runner = new JobRunner(db(), t.app.log);
    let ran = 0;
    let stopping: Promise<void> | undefined;
    runner.register("backlog", async () => {
      ran += 1;
      // The process is told to stop while the second job runs, with 38 more due.
      if (ran === 2) stopping = runner.stop();
    });
    await enqueueMany("backlog", 40);
    expect(await runner.runDue()).toBe(2);
    await stopping;
    const rows = await db().selectFrom("job").select(["status", "attempts", "locked_by"]).orderBy("id").execute();
    expect(rows.filter((row) => row.status === "done")).toHaveLength(2);
    const rest = rows.filter((row) => row.status !== "done");
    expect(rest).toHaveLength(38);
    expect(rest.every((row) => row.status === "pending" && row.attempts === 0 && row.locked_by === "")).toBe(true);
  });
});
