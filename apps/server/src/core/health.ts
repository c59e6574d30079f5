import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Redis } from "ioredis";
import type { Db } from "../db/unit-of-work.ts";
import type { DialectName } from "../db/connect.ts";
import { pendingMigrations } from "../db/migrate.ts";
import type { Lifecycle } from "./lifecycle.ts";

/** How long one readiness check may take before it counts as failed. */
export const HEALTH_CHECK_TIMEOUT_MS = 1000;

/** "ok" (or "not_configured", "no") when the check passes, else a short reason ("failed: …", "yes"). */
export interface ReadyChecks {
  database: string;
  migrations: string;
  redis: string;
  draining: string;
}

export interface HealthSources {
  db: Db;
  dialect: DialectName;
  redis?: Redis;
  lifecycle: Lifecycle;
}

/** Rejects with "timeout after N ms" when `work` takes longer than `ms`. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timeout after ${ms} ms`)), ms);
  });
  work.catch(() => {}); // a late failure after the timeout answered is nobody's to hear
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** "failed: <first line of the error>", kept short (it is for a dashboard, not a stack). */
function failure(error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  return `failed: ${message.split("\n")[0]!.slice(0, 120)}`;
}

async function check(ms: number, work: () => Promise<string>): Promise<string> {
  try {
    return await within(ms, work());
  } catch (error) {
    return failure(error);
  }
}

/** Runs every readiness check at once; `ready` when all pass. */
export async function readiness(sources: HealthSources, timeoutMs = HEALTH_CHECK_TIMEOUT_MS): Promise<{ ready: boolean; checks: ReadyChecks }> {
  const [database, migrations, redis] = await Promise.all([
    check(timeoutMs, async () => {
      await sql`select 1`.execute(sources.db);
      return "ok";
    }),
    check(timeoutMs, async () => {
      const pending = await pendingMigrations(sources.db as never, sources.dialect);
      return pending.length === 0 ? "ok" : `pending: ${pending.join(", ").slice(0, 120)}`;
    }),
    sources.redis
      ? check(timeoutMs, async () => {
          const answer = await sources.redis!.ping();
          return answer === "PONG" ? "ok" : `failed: PING answered ${answer}`;
        })
      : Promise.resolve("not_configured"),
  ]);
  const checks: ReadyChecks = { database, migrations, redis, draining: sources.lifecycle.draining ? "yes" : "no" };
  const ready = database === "ok" && migrations === "ok" && (redis === "ok" || redis === "not_configured") && checks.draining === "no";
  return { ready, checks };
}

/**
 * GET /healthz: 200 {"status":"ok"} whenever the process answers (a liveness probe: restart it if
 * not). GET /readyz: 200 {"status":"ready", checks} when this instance should get traffic, else
 * 503 {"status":"not_ready", checks} naming the failing check. Plain routes: not behind the
 * site-closed guard (API calls only), rate limits (per route), the page cache or Host checks
 * (storefront pages only); never cached.
 */
export function registerHealth(app: FastifyInstance, sources: () => HealthSources): void {
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });
  app.get("/readyz", async (_request, reply) => {
    const { ready, checks } = await readiness(sources());
    reply.header("cache-control", "no-store").status(ready ? 200 : 503);
    return { status: ready ? "ready" : "not_ready", checks };
  });
}
