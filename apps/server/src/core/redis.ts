import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { guardRedis } from "./redis-breaker.ts";

export { isRedisUnavailable, onRedisRecovered, redisAvailable, redisOutageStartedAt, RedisSkippedError, REDIS_BREAKER_OPEN_MS } from "./redis-breaker.ts";

/**
 * The optional Redis connection (REDIS_URL), for state that several server instances must share:
 * rate limits, the page cache and its purges, the seckill gate, the chat's bus and presence.
 * Redis is never required to serve the shop: every client made here is behind a circuit breaker
 * (redis-breaker.ts), so a Redis that is down or stalled costs one timeout, not one per call, and
 * its users take their fallbacks (rate limits count in the process, core/rate-limits.ts). An
 * outage is logged once, not per request.
 */

/** A command slower than this counts as a failure: the caller goes on without Redis. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** How long building the app waits for the first connection (so the first requests are counted). */
export const REDIS_STARTUP_WAIT_MS = 1000;
/** Reconnect tries come this often at most once Redis is gone, so it is used again within a second of coming back. */
export const REDIS_RECONNECT_MAX_MS = 1000;

export interface RedisLog {
  warn(object: object, message: string): void;
  info(message: string): void;
}

/**
 * A client that fails fast instead of queueing while Redis is unreachable, skips a stalled Redis
 * (breaker), and logs outages. `name` tells its log lines apart ("shared", "chat subscriber").
 */
export function createRedis(url: string, log: RedisLog, name = "shared"): Redis {
  const client = new Redis(url, {
    lazyConnect: true, // no socket until connectRedis (e.g. scripts that only build a config)
    enableOfflineQueue: false, // while disconnected, commands fail at once rather than pile up
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, REDIS_RECONNECT_MAX_MS), // keep reconnecting
  });
  guardRedis(client, log, { name, commandTimeoutMs: REDIS_COMMAND_TIMEOUT_MS });
  return client;
}

/** Starts connecting and waits at most `waitMs` for it; never throws (reconnects go on in the background). */
export async function connectRedis(client: Redis, waitMs = REDIS_STARTUP_WAIT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
  });
  const connected = client.connect().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([connected, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Quits politely when connected; otherwise just drops the socket and stops reconnecting. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === "ready") {
    try {
      await client.quit();
      return;
    } catch {
      // fall through: a Redis that doesn't answer QUIT is simply disconnected
    }
  }
  client.disconnect();
}

/**
 * The app's Redis client for `url`: connected (or trying to) when this resolves, and closed when
 * the app closes. Call once per app; the client is meant to be shared by its users.
 */
export async function openRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const client = createRedis(url, app.log);
  app.addHook("onClose", () => closeRedis(client));
  await connectRedis(client);
  return client;
}

/** Whether a Redis answers PING at `url` within `timeoutMs` (tests, health checks). */
export async function probeRedis(url: string, timeoutMs = 1000): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, connectTimeout: timeoutMs, commandTimeout: timeoutMs, retryStrategy: () => null });
  client.on("error", () => {}); // the answer is the return value
  try {
    if (!(await connectRedis(client, timeoutMs))) return false;
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    await closeRedis(client);
  }
}

const scriptShas = new Map<string, string>();

/**
 * Runs a Lua script by its SHA1 (EVALSHA), sending its text only when this Redis has not seen it
 * yet (NOSCRIPT → EVAL, which also loads it): under a flash crowd every call would otherwise carry
 * the whole script.
 */
export async function runScript(redis: Redis, script: string, numberOfKeys: number, ...args: Array<string | number>): Promise<unknown> {
  let sha = scriptShas.get(script);
  if (!sha) {
    sha = crypto.createHash("sha1").update(script).digest("hex");
    scriptShas.set(script, sha);
  }
  try {
    return await redis.evalsha(sha, numberOfKeys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
    return redis.eval(script, numberOfKeys, ...args);
  }
}
