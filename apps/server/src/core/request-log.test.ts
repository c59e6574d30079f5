import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, usingPostgres, type TestApp, type TestAppOptions } from "../test/harness.ts";
import type { AppConfig } from "../config.ts";

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  status?: number;
  ms?: number;
  url?: string;
}

const INFO = 30;
const WARN = 40;
const ERROR = 50;

/** A test app whose pino lines are collected (parsed) instead of written out. */
async function appWithLog(config: Partial<AppConfig>, options: TestAppOptions = {}): Promise<{ t: TestApp; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  const t = await startTestApp({ ...options, logStream, config: { logLevel: "info", ...config } });
  // Routes of this test only (added before the app is ready).
  t.app.get("/__log/ok", async () => ({ ok: true }));
  t.app.get("/__log/slow", async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    return { ok: true };
  });
  t.app.get("/__log/fail", async () => {
    throw new Error("boom");
  });
  t.app.get("/__log/dispatch", async (request, reply) => t.app.api.dispatch("/api/site/status", {}, request, reply));
  return { t, lines };
}

const linesOf = (lines: LogLine[], reqId: string) => lines.filter((line) => line.reqId === reqId);

describe(`request ids (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let lines: LogLine[];
  beforeAll(async () => {
    ({ t, lines } = await appWithLog({ logRequestSample: 1, logSlowMs: 10_000 }));
  });
  afterAll(() => t.close());

  it("keeps the proxy's X-Request-Id: echoed in the response and on the request's log line", async () => {
    const response = await t.app.inject({ method: "GET", url: "/__log/ok", headers: { "x-request-id": "nginx-7f3a9c" } });
    expect(response.headers["x-request-id"]).toBe("nginx-7f3a9c");
    expect(linesOf(lines, "nginx-7f3a9c")).toEqual([expect.objectContaining({ level: INFO, msg: "request completed", status: 200, url: "/__log/ok" })]);
  });

  it("puts the id into the envelope of an unexpected error, and on both of its lines", async () => {
    const response = await t.app.inject({ method: "GET", url: "/__log/fail", headers: { "x-request-id": "req-boom-1" } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: -10005, message: "系统繁忙，请稍后再试（请求编号 req-boom-1）" });
    expect(linesOf(lines, "req-boom-1").map((line) => [line.level, line.msg])).toEqual([
      [ERROR, "unhandled error"],
      [ERROR, "request failed"],
    ]);
  });

  it("replaces a missing, too long or unprintable id with a new UUID", async () => {
    for (const header of [undefined, "x".repeat(129), "two words", "tab\there", "ünïcode"]) {
      const response = await t.app.inject({ method: "GET", url: "/__log/ok", headers: header === undefined ? {} : { "x-request-id": header } });
      const id = String(response.headers["x-request-id"]);
      expect(id, String(header)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(linesOf(lines, id)).toHaveLength(1);
    }
    const longest = "a".repeat(128);
    expect((await t.app.inject({ method: "GET", url: "/__log/ok", headers: { "x-request-id": longest } })).headers["x-request-id"]).toBe(longest);
  });

  it("echoes the id on API calls too", async () => {
    const response = await t.request("/api/site/status", {}, { headers: { "x-request-id": "api-call-1" } });
    expect(response.headers["x-request-id"]).toBe("api-call-1");
    expect(linesOf(lines, "api-call-1")).toEqual([expect.objectContaining({ msg: "request completed", url: "/api/site/status" })]);
  });
});

describe(`request log sampling (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let lines: LogLine[];
  beforeAll(async () => {
    // Sample nothing: only errors and slow requests are written.
    ({ t, lines } = await appWithLog({ logRequestSample: 0, logSlowMs: 50 }));
  });
  afterAll(() => t.close());

  it("writes no line for an ordinary request at sample 0", async () => {
    for (let i = 0; i < 20; i++) {
      const response = await t.app.inject({ method: "GET", url: "/__log/ok", headers: { "x-request-id": `quiet-${i}` } });
      expect(response.statusCode).toBe(200);
    }
    expect(lines.filter((line) => line.reqId?.startsWith("quiet-"))).toEqual([]);
  });

  it("always writes a slow request (warn, with its duration)", async () => {
    await t.app.inject({ method: "GET", url: "/__log/slow", headers: { "x-request-id": "slow-1" } });
    const [line] = linesOf(lines, "slow-1");
    expect(line).toMatchObject({ level: WARN, msg: "slow request", status: 200, url: "/__log/slow" });
    expect(line!.ms).toBeGreaterThanOrEqual(50);
  });

  it("always writes a server error", async () => {
    await t.app.inject({ method: "GET", url: "/__log/fail", headers: { "x-request-id": "fail-1" } });
    expect(linesOf(lines, "fail-1").map((line) => line.msg)).toContain("request failed");
  });
});

describe(`request log at a sample rate between 0 and 1 (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  it("writes about that share of ordinary requests", async () => {
    const { t, lines } = await appWithLog({ logRequestSample: 0.25, logSlowMs: 10_000 });
    try {
      for (let i = 0; i < 400; i++) await t.app.inject({ method: "GET", url: "/__log/ok", headers: { "x-request-id": `sampled-${i}` } });
      const written = lines.filter((line) => line.reqId?.startsWith("sampled-")).length;
      // 400 draws at 25 %: 100 expected; outside 50–150 is a chance below one in a million.
      expect(written).toBeGreaterThan(50);
      expect(written).toBeLessThan(150);
    } finally {
      await t.close();
    }
  });
});

describe(`log lines of in-process calls (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  it("carry the page request's id when a call run in-process fails (SSR loaders run calls this way)", async () => {
    const { t, lines } = await appWithLog({ logRequestSample: 0, logSlowMs: 10_000 });
    try {
      // The site's settings gone from under the call: its handler fails with a database error.
      await sql`alter table config rename to config_away`.execute(t.app.deps.db);
      const response = await t.app.inject({ method: "GET", url: "/__log/dispatch", headers: { "x-request-id": "page-7" } });
      await sql`alter table config_away rename to config`.execute(t.app.deps.db);
      expect(response.json()).toMatchObject({ code: -10005, message: "系统繁忙，请稍后再试（请求编号 page-7）" });
      expect(linesOf(lines, "page-7")).toEqual([expect.objectContaining({ level: ERROR, msg: "unhandled error in in-process call" })]);
    } finally {
      await t.close();
    }
  });
});
