import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startTestApp, usingPostgres, type TestApp } from "../test/harness.ts";
import { enqueueJob } from "../modules/jobs/queue.ts";
import { now } from "./time.ts";
import { JOB_QUEUE_READ_TIMEOUT_MS } from "./metrics.ts";
import { parseSamples, sampleSum, samplesOf } from "./metrics-testing.ts";

const TOKEN = "metrics-token-for-tests-0123456789";

/**
 * GET /metrics on a real app (SQLite, and PostgreSQL under TEST_DATABASE_URL): who may read it,
 * the request histograms by route template, the job counters and the job table read at scrape
 * time (also when it cannot be read), and the pool gauges.
 */
describe(`GET /metrics (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => t?.close());

  const get = (headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({ method: "GET", url: "/metrics", headers, ...(remoteAddress ? { remoteAddress } : {}) });
  const scrape = async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it("answers loopback callers that were not proxied, and anyone with the token; others get the site's 404", async () => {
    const direct = await get();
    expect(direct.statusCode).toBe(200);
    expect(direct.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(direct.headers["cache-control"]).toBe("no-store");
    expect(() => parseSamples(direct.body)).not.toThrow();

    const notFound = (await t.app.inject({ method: "GET", url: "/no-such-page" })).body;
    // nginx on this host connects from loopback too: its requests carry a forwarding header.
    for (const header of ["x-forwarded-for", "x-real-ip", "forwarded"]) {
      const proxied = await get({ [header]: header === "forwarded" ? "for=203.0.113.9" : "203.0.113.9" });
      expect([header, proxied.statusCode, proxied.body]).toEqual([header, 404, notFound]);
    }
    expect((await get({}, "203.0.113.9")).statusCode).toBe(404);
    expect((await get({ authorization: `Bearer ${TOKEN}x` }, "203.0.113.9")).statusCode).toBe(404);
    expect((await get({ authorization: `Bearer ${TOKEN.slice(0, -1)}` }, "203.0.113.9")).statusCode).toBe(404);
    expect((await get({ authorization: TOKEN, "x-forwarded-for": "203.0.113.9" })).statusCode).toBe(404);

    const withToken = await get({ authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.9" }, "203.0.113.9");
    expect(withToken.statusCode).toBe(200);
    expect(sampleSum(withToken.body, "shop_server_processes")).toBe(1);
  });

  it("times requests by route template, method and status; paths no route serves are one label", async () => {
    const before = await scrape();
    const count = (text: string, labels: Record<string, string>) => sampleSum(text, "shop_http_request_duration_seconds_count", labels);
    for (let index = 0; index < 3; index += 1) expect((await t.call("/api/site/status")).code).toBe(0);
    await t.call("/api/goodssku/detail", { sku_id: 999_999 });
    await t.app.inject({ method: "GET", url: "/no/such/page-1" });
    await t.app.inject({ method: "GET", url: "/no/such/page-2" });
    await t.app.inject({ method: "GET", url: "/upload/evaluate/missing.jpg" });
    const after = await scrape();

    expect(count(after, { route: "/api/site/status", method: "POST", status: "200" }) - count(before, { route: "/api/site/status", method: "POST", status: "200" })).toBe(3);
    expect(count(after, { route: "/api/goodssku/detail", method: "POST", status: "200" }) - count(before, { route: "/api/goodssku/detail" })).toBe(1);
    expect(count(after, { route: "unmatched", method: "GET", status: "404" }) - count(before, { route: "unmatched", method: "GET", status: "404" })).toBe(2);
    // A wildcard route is its template, not the path asked for.
    expect(count(after, { route: "/upload/evaluate/*", method: "GET", status: "404" }) - count(before, { route: "/upload/evaluate/*" })).toBe(1);
    expect(samplesOf(after, "shop_http_request_duration_seconds_count").some((sample) => sample.labels.route!.includes("page-1"))).toBe(false);
    // Buckets are cumulative: the +Inf bucket holds them all.
    const labels = { route: "/api/site/status", method: "POST", status: "200" };
    expect(sampleSum(after, "shop_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(count(after, labels));
    expect(sampleSum(after, "shop_http_request_duration_seconds_sum", labels)).toBeGreaterThan(0);
  });

  it("reports Node's own figures with the shop_ prefix", async () => {
    const text = await scrape();
    for (const name of ["shop_process_cpu_user_seconds_total", "shop_process_resident_memory_bytes", "shop_nodejs_heap_size_used_bytes", "shop_nodejs_eventloop_lag_p99_seconds"]) {
      expect([name, samplesOf(text, name).length > 0]).toEqual([name, true]);
    }
  });

  it("counts job runs by kind and outcome, and reads the queue's depth and lag when scraped", async () => {
    const { db, jobs } = t.app.deps;
    const queue = (text: string, state: string) => sampleSum(text, "shop_job_queue_jobs", { state });
    const runs = (text: string, kind: string, outcome: string) => sampleSum(text, "shop_job_runs_total", { kind, outcome });
    jobs.register("metrics-test-ok", async () => {});
    jobs.register("metrics-test-broken", async () => {
      throw new Error("broken on purpose");
    });
    const before = await scrape();
    const at = now();
    await enqueueJob(db, { kind: "metrics-test-ok", payload: {}, runAt: at - 90 });
    await enqueueJob(db, { kind: "metrics-test-broken", payload: {}, runAt: at - 60, maxAttempts: 2 });
    await enqueueJob(db, { kind: "metrics-test-ok", payload: {}, runAt: at + 3600 });

    const waiting = await scrape();
    expect(queue(waiting, "due") - queue(before, "due")).toBe(2);
    expect(queue(waiting, "scheduled") - queue(before, "scheduled")).toBe(1);
    expect(sampleSum(waiting, "shop_job_queue_lag_seconds")).toBeGreaterThanOrEqual(90);

    await jobs.runDue(at); // ok: done; broken: first attempt failed, retried 30 s later
    await jobs.runDue(at + 31); // broken: its last attempt failed
    const after = await scrape();
    expect(runs(after, "metrics-test-ok", "done") - runs(before, "metrics-test-ok", "done")).toBe(1);
    expect(runs(after, "metrics-test-broken", "retry") - runs(before, "metrics-test-broken", "retry")).toBe(1);
    expect(runs(after, "metrics-test-broken", "failed") - runs(before, "metrics-test-broken", "failed")).toBe(1);
    expect(queue(after, "failed") - queue(before, "failed")).toBe(1);
    expect(queue(after, "scheduled") - queue(before, "scheduled")).toBe(1);
  });

  it("still answers when the job table cannot be read: without the queue's figures, the failure counted", async () => {
    const { db } = t.app.deps;
    const failures = (text: string) => sampleSum(text, "shop_metrics_read_failures_total", { source: "job_queue" });
    const before = await scrape();
    expect(samplesOf(before, "shop_job_queue_jobs").length).toBe(4);
    await sql`alter table job rename to job_away`.execute(db);
    try {
      const during = await scrape();
      expect(samplesOf(during, "shop_job_queue_jobs")).toEqual([]);
      expect(samplesOf(during, "shop_job_queue_lag_seconds")).toEqual([]);
      expect(failures(during) - failures(before)).toBe(1);
      expect(sampleSum(during, "shop_server_processes")).toBe(1);
    } finally {
      await sql`alter table job_away rename to job`.execute(db);
    }
    expect(samplesOf(await scrape(), "shop_job_queue_jobs").length).toBe(4);
  });

  it.skipIf(!usingPostgres())("answers within the read timeout while the job table is locked (a stalled database)", async () => {
    const locker = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${t.config.pgSchema}` });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("lock table job in access exclusive mode");
      const started = Date.now();
      const during = await scrape();
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(JOB_QUEUE_READ_TIMEOUT_MS - 50);
      expect(took).toBeLessThan(JOB_QUEUE_READ_TIMEOUT_MS + 1500);
      expect(samplesOf(during, "shop_job_queue_jobs")).toEqual([]);
      expect(samplesOf(during, "shop_http_request_duration_seconds_count").length).toBeGreaterThan(0);
    } finally {
      await locker.query("rollback").catch(() => undefined);
      await locker.end();
    }
    expect(samplesOf(await scrape(), "shop_job_queue_jobs").length).toBe(4);
  });

  it(`reports the database pool's connections ${usingPostgres() ? "(PostgreSQL)" : "(none on SQLite)"}`, async () => {
    const text = await scrape();
    if (!usingPostgres()) {
      expect(samplesOf(text, "shop_db_pool_connections")).toEqual([]);
      return;
    }
    const pool = (figures: string) => ({
      idle: sampleSum(figures, "shop_db_pool_connections", { state: "idle" }),
      busy: sampleSum(figures, "shop_db_pool_connections", { state: "busy" }),
      waiting: samplesOf(figures, "shop_db_pool_waiting_requests").map((sample) => sample.value),
    });
    // The tests' calls opened connections; all are idle between requests.
    expect(pool(text)).toMatchObject({ busy: 0, waiting: [0] });
    expect(pool(text).idle).toBeGreaterThanOrEqual(1);

    // A transaction holds one while it runs.
    const { db } = t.app.deps;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const begun = new Promise<void>((resolve) => (began = resolve));
    const transaction = db.transaction().execute(async (tx) => {
      await sql`select 1`.execute(tx);
      began();
      await held;
    });
    await begun;
    try {
      expect(pool(await scrape())).toMatchObject({ busy: 1, waiting: [0] });
    } finally {
      release();
      await transaction;
    }
    expect(pool(await scrape())).toMatchObject({ busy: 0, waiting: [0] });
  });
});
