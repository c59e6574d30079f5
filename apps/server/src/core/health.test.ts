import net from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, usingPostgres, type TestApp } from "../test/harness.ts";
import { requiredService } from "../test/services.ts";
import { freePort } from "../test/shop-process.ts";
import { connect } from "../db/connect.ts";
import { pendingMigrations } from "../db/migrate.ts";
import { setConfig } from "./config-store.ts";
import { CONFIG_DEFAULTS } from "../modules/site/defaults.ts";
import { probeRedis } from "./redis.ts";
import { Lifecycle } from "./lifecycle.ts";
import { readiness } from "./health.ts";

const READY = { database: "ok", migrations: "ok", redis: "not_configured", draining: "no" };

async function get(t: TestApp, url: string) {
  const response = await t.app.inject({ method: "GET", url });
  return { status: response.statusCode, body: response.json() as { status: string; checks?: Record<string, string> }, headers: response.headers };
}

describe(`GET /healthz and /readyz (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("answers healthz 200 {status: ok} and readyz 200 with every check passing, never cached", async () => {
    const health = await get(t, "/healthz");
    expect(health).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(health.headers["cache-control"]).toBe("no-store");
    const ready = await get(t, "/readyz");
    expect(ready).toMatchObject({ status: 200, body: { status: "ready", checks: READY } });
    expect(ready.headers["cache-control"]).toBe("no-store");
  });

  it("still answers while the shop is closed (the site-closed guard is for shopper calls)", async () => {
    await setConfig(t.app.deps.db, "site_info", { ...CONFIG_DEFAULTS.site_info, shop_status: 0 });
    try {
      expect((await t.call("/api/goodssku/page", {})).code).toBe(-3);
      expect(await get(t, "/readyz")).toMatchObject({ status: 200, body: { status: "ready" } });
    } finally {
      await setConfig(t.app.deps.db, "site_info", { ...CONFIG_DEFAULTS.site_info, shop_status: 1 });
    }
  });

  it("is not ready while a migration of the code is not applied, naming it", async () => {
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name desc`.execute(t.app.deps.db);
    const last = rows.rows[0]!.name;
    await sql`delete from kysely_migration where name = ${last}`.execute(t.app.deps.db);
    try {
      expect(await pendingMigrations(t.app.deps.db as never, t.app.deps.dialect)).toEqual([last]);
      const ready = await get(t, "/readyz");
      expect(ready).toMatchObject({ status: 503, body: { status: "not_ready", checks: { ...READY, migrations: `pending: ${last}` } } });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${new Date().toISOString()})`.execute(t.app.deps.db);
    }
    expect(await pendingMigrations(t.app.deps.db as never, t.app.deps.dialect)).toEqual([]);
  });

  it("is not ready while draining, and says so to every response with Connection: close", async () => {
    const app = await startTestApp();
    try {
      await app.app.lifecycle.startDraining(app.app.log);
      const ready = await get(app, "/readyz");
      expect(ready).toMatchObject({ status: 503, body: { status: "not_ready", checks: { ...READY, draining: "yes" } } });
      expect(ready.headers.connection).toBe("close");
      // Still alive, and still serving what arrives.
      expect(await get(app, "/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });
      expect((await app.request("/api/site/status")).body.code).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe("readiness when the database is unreachable", () => {
  it("names a refused connection", async () => {
    const port = await freePort(); // nobody listens there
    const handle = connect({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/test`, pg: { connectTimeoutMs: 500 }, log: { warn: () => {} } });
    try {
      const { ready, checks } = await readiness({ db: handle.db, dialect: "postgres", lifecycle: new Lifecycle() }, 1000);
      expect(ready).toBe(false);
      expect(checks.database).toMatch(/^failed: .*ECONNREFUSED/);
      expect(checks.migrations).toMatch(/^failed: /);
    } finally {
      await handle.close();
    }
  });

  it("gives up on a database that does not answer after the check's timeout", async () => {
    // Accepts connections and never says a word: a stalled server.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const handle = connect({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/test`, pg: { connectTimeoutMs: 5000 }, log: { warn: () => {} } });
    try {
      const started = Date.now();
      const { ready, checks } = await readiness({ db: handle.db, dialect: "postgres", lifecycle: new Lifecycle() }, 300);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(ready).toBe(false);
      expect(checks).toMatchObject({ database: "failed: timeout after 300 ms", migrations: "failed: timeout after 300 ms" });
    } finally {
      for (const socket of sockets) socket.destroy();
      await handle.close().catch(() => {});
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("counts every migration as pending on an empty database", async () => {
    const handle = connect({ sqliteFile: ":memory:" });
    try {
      const pending = await pendingMigrations(handle.db as never, "sqlite");
      expect(pending[0]).toBe("0001-foundation");
      expect(pending.length).toBeGreaterThan(20);
    } finally {
      await handle.close();
    }
  });
});

describe("readiness of Redis", () => {
  it("fails while the configured Redis is down, naming the failure", async () => {
    const port = await freePort();
    const t = await startTestApp({ config: { redisUrl: `redis://127.0.0.1:${port}` } });
    try {
      const ready = await get(t, "/readyz");
      expect(ready.status).toBe(503);
      expect(ready.body.checks).toMatchObject({ database: "ok", migrations: "ok", draining: "no" });
      expect(ready.body.checks!.redis).toMatch(/^failed: /);
    } finally {
      await t.close();
    }
  });
});

// Needs a Redis (REDIS_URL, else 127.0.0.1:6379): skipped without one, a failure under CI=true.
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const redis = requiredService("Redis", await probeRedis(redisUrl), `no Redis answers at ${redisUrl} (set REDIS_URL)`);

describe.skipIf(redis.skip)(`readiness with a live Redis${redis.note}`, () => {
  beforeAll(() => redis.require());
  it("is ready with redis ok", async () => {
    const t = await startTestApp({ config: { redisUrl } });
    try {
      expect(await get(t, "/readyz")).toMatchObject({ status: 200, body: { status: "ready", checks: { ...READY, redis: "ok" } } });
    } finally {
      await t.close();
    }
  });
});
