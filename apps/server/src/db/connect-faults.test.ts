import crypto from "node:crypto";
import http from "node:http";
import pg from "pg";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, usingPostgres, type TestApp } from "../test/harness.ts";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy.ts";
import { startShopProcess, type ShopProcess } from "../test/shop-process.ts";
import { DEFAULT_PG_SETTINGS, dropPgSchema, ensurePgSchema, type PgSettings } from "./connect.ts";

/**
 * PostgreSQL faults, with the app's own connections only (found by their application_name):
 * terminated sessions (what a restart or failover does), a stalled server, a reset network.
 * The app neither crashes nor hangs: a request answers -10005 with its id within the deadline,
 * and the next ones are served again on new connections.
 */
const databaseUrl = process.env.TEST_DATABASE_URL ?? "";

/** Terminates the sessions of one application_name; answers how many there were. */
async function terminateSessions(applicationName: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ done: boolean }>(
      "select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()",
      [applicationName],
    );
    return result.rows.filter((row) => row.done).length;
  } finally {
    await client.end();
  }
}

const uniqueName = () => `shop-test-${crypto.randomBytes(4).toString("hex")}`;

/** A call that reads the database on every request (the site's open/closed state). */
const siteStatus = (t: TestApp) => t.request("/api/site/status");

function expectDatabaseUnavailable(response: Awaited<ReturnType<typeof siteStatus>>) {
  expect(response.status).toBe(503);
  expect(response.body.code).toBe(-10005);
  expect(response.body.message).toBe(`数据库暂时不可用，请稍后再试（请求编号 ${String(response.headers["x-request-id"])}）`);
}

describe.runIf(usingPostgres())("PostgreSQL sessions terminated under the app (pg_terminate_backend)", () => {
  const applicationName = uniqueName();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { pg: { ...DEFAULT_PG_SETTINGS, applicationName } } });
    // A slow statement on demand, to have a session busy when it is terminated.
    t.app.get("/__fault/sleep", async () => {
      await sql`select pg_sleep(10)`.execute(t.app.deps.db);
      return { slept: true };
    });
  });
  afterAll(() => t?.close());

  it("drops the idle connections without crashing, and serves the next calls on new ones", async () => {
    // Several pooled connections, idle now.
    const answers = await Promise.all(Array.from({ length: 4 }, () => siteStatus(t)));
    expect(answers.map((answer) => answer.body.code)).toEqual([0, 0, 0, 0]);
    const before = t.app.dbHandle.poolStats()!;
    expect(before.total).toBeGreaterThan(0);

    expect(await terminateSessions(applicationName)).toBe(before.total);
    // Each idle connection hears its FATAL 57P01 and leaves the pool (an unheard one used to end the process).
    await expect.poll(() => t.app.dbHandle.poolStats()!.total, { timeout: 2000 }).toBe(0);
    for (let i = 0; i < 3; i++) expect((await siteStatus(t)).body.code).toBe(0);
  });

  it("answers a request whose session is terminated mid-statement with -10005 and its id, then serves again", async () => {
    const pending = t.app.inject({ method: "GET", url: "/__fault/sleep", headers: { "x-request-id": "req-fault-1" } });
    // Terminate once the statement is running.
    await expect.poll(() => terminateSessionsRunning(applicationName, "pg_sleep"), { timeout: 5000 }).toBeGreaterThan(0);
    const response = await pending;
    expect(response.statusCode).toBe(503);
    expect(response.headers["x-request-id"]).toBe("req-fault-1");
    expect(response.json()).toMatchObject({ code: -10005, message: "数据库暂时不可用，请稍后再试（请求编号 req-fault-1）" });
    expect((await siteStatus(t)).body.code).toBe(0);
  });

  it("keeps the job runner's sweeps going after the sessions were terminated", async () => {
    await siteStatus(t);
    await terminateSessions(applicationName);
    // A sweep on a connection that died in between fails (and is logged by the loop); the next one runs.
    await t.app.deps.jobs.runDue().catch(() => 0);
    await expect(t.app.deps.jobs.runDue()).resolves.toBeTypeOf("number");
  });
});

/** Terminates the app's sessions whose running statement contains `text`. */
async function terminateSessionsRunning(applicationName: string, text: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ done: boolean }>(
      "select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1 and state = 'active' and query like $2 and pid <> pg_backend_pid()",
      [applicationName, `%${text}%`],
    );
    return result.rows.filter((row) => row.done).length;
  } finally {
    await client.end();
  }
}

describe.runIf(usingPostgres())("PostgreSQL stalled or cut on the network (a proxy between the app and the server)", () => {
  let proxy: TcpProxy;
  let t: TestApp;
  // Short timeouts, so the deadlines are seconds: connect 1 s, statement 1 s, query 1.5 s.
  const pgSettings: PgSettings = { ...DEFAULT_PG_SETTINGS, applicationName: uniqueName(), connectTimeoutMs: 1000, statementTimeoutMs: 1000, queryTimeoutMs: 1500 };
  const deadlineMs = pgSettings.connectTimeoutMs + pgSettings.queryTimeoutMs + 1000;

  beforeAll(async () => {
    const target = new URL(databaseUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(databaseUrl);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    t = await startTestApp({ config: { databaseUrl: viaProxy.toString(), pg: pgSettings } });
  });
  afterEach(() => proxy.resume());
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  /** Polls until a call succeeds; answers the ms it took. */
  async function msUntilServed(): Promise<number> {
    const started = Date.now();
    await expect.poll(async () => (await siteStatus(t)).body.code, { timeout: 5000, interval: 50 }).toBe(0);
    return Date.now() - started;
  }

  it("answers -10005 with the request id within the deadline while the server is stalled, and serves within 2 s of it answering again", async () => {
    expect((await siteStatus(t)).body.code).toBe(0);
    proxy.stall();
    // Twice: once on a pooled connection (query deadline), once on a new one (connect deadline).
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const response = await siteStatus(t);
      expect(Date.now() - started).toBeLessThan(deadlineMs);
      expectDatabaseUnavailable(response);
    }
    // Several at once: none waits past the deadline either.
    const started = Date.now();
    const together = await Promise.all(Array.from({ length: 5 }, () => siteStatus(t)));
    expect(Date.now() - started).toBeLessThan(deadlineMs * 2);
    for (const response of together) expectDatabaseUnavailable(response);

    proxy.resume();
    expect(await msUntilServed()).toBeLessThan(2000);
  });

  it("answers -10005 when the connections are reset, and serves within 2 s after", async () => {
    expect((await siteStatus(t)).body.code).toBe(0);
    proxy.cut();
    expect(await msUntilServed()).toBeLessThan(2000);
  });

  it("serves again within 2 s when a stall ends with the connections reset", async () => {
    expect((await siteStatus(t)).body.code).toBe(0);
    proxy.stall();
    expectDatabaseUnavailable(await siteStatus(t));
    proxy.cut();
    proxy.resume();
    expect(await msUntilServed()).toBeLessThan(2000);
  });

  it("keeps the job runner alive through a stall: a sweep fails within the deadline, the next one runs", async () => {
    proxy.stall();
    const started = Date.now();
    await expect(t.app.deps.jobs.runDue()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(deadlineMs);
    proxy.resume();
    await expect.poll(() => t.app.deps.jobs.runDue().then(() => "ran", () => "failed"), { timeout: 2000, interval: 50 }).toBe("ran");
  });
});

describe.runIf(usingPostgres())("a real server process whose PostgreSQL sessions are terminated", () => {
  const applicationName = uniqueName();
  const pgSchema = `t_${crypto.randomBytes(6).toString("hex")}`;
  let shop: ShopProcess | undefined;
  afterAll(async () => {
    await shop?.stop();
    await dropPgSchema(databaseUrl, pgSchema);
  });

  for (const processes of [1, 2]) {
    it(`SERVER_PROCESSES=${processes}: does not exit, and serves again at once`, async () => {
      await ensurePgSchema(databaseUrl, pgSchema);
      shop = await startShopProcess({
        env: { DATABASE_URL: databaseUrl, PG_SCHEMA: pgSchema, DB_APPLICATION_NAME: applicationName, NODE_ENV: "test", SERVER_PROCESSES: String(processes), JOB_INTERVAL_MS: "100" },
      });
      let exitedEarly: number | null | undefined;
      void shop.exited.then((code) => (exitedEarly = code));
      for (let round = 0; round < 3; round++) {
        // Sessions open in every process (connections alternate between processes).
        const answers = await Promise.all(Array.from({ length: 6 }, () => postOnNewConnection(`${shop!.url}/api/site/status`)));
        expect(answers.map((answer) => answer.code)).toEqual(Array(6).fill(0));
        expect(await terminateSessions(applicationName)).toBeGreaterThan(0);
        // Served again: every call succeeds once its process noticed (within 2 s), none exits.
        await expect
          .poll(async () => (await Promise.all(Array.from({ length: 6 }, () => postOnNewConnection(`${shop!.url}/api/site/status`).then((answer) => answer.code, () => "refused")))).join(), { timeout: 2000, interval: 50 })
          .toBe(Array(6).fill(0).join());
        expect(exitedEarly).toBeUndefined();
      }
      await shop.stop();
      shop = undefined;
    }, 120_000);
  }
});

/** A POST on a connection of its own (the cluster spreads connections over its processes). */
function postOnNewConnection(url: string): Promise<{ code: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", agent: false, headers: { "content-type": "application/json" } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve(JSON.parse(text) as { code: number }));
    });
    request.once("error", reject);
    request.end("{}");
  });
}
