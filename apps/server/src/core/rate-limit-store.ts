import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Redis } from "ioredis";
import { runScript } from "./redis.ts";

/**
 * The counters behind @fastify/rate-limit (core/rate-limits.ts): fixed windows per key, counted in
 * this process always and in Redis when there is one (so all instances share one budget per IP).
 * A request is answered with the larger of the two counts, so a limit never vanishes: while Redis
 * is down, stalled or skipped by its breaker (core/redis-breaker.ts), this process's own count
 * still stops the 11th wrong password; and when Redis comes back (its counters maybe lost with a
 * restart) the process's count of the current window still stands. Without Redis it is the plain
 * in-process limiter. The process's counters are bounded (least recently used dropped first).
 */

/** The window when the plugin names none (it always does: its typings just leave the argument out). */
const DEFAULT_WINDOW_MS = 60_000;

/** Keys counted in this process per route (each an IP, or a group's IP); past this the least recently used goes. */
export const LOCAL_KEYS_PER_ROUTE = 10_000;

/** One count in the window: INCR, the window's expiry set by the first; answers [count, ms left]. */
const COUNT_IN_WINDOW = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    ttl = tonumber(ARGV[1])
    redis.call('PEXPIRE', KEYS[1], ttl)
  end
end
return {current, ttl}
`;

interface Count {
  current: number;
  ttl: number;
}

/** Fixed windows in this process's memory, at most `maxKeys` of them. */
export class LocalCounts {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly maxKeys = LOCAL_KEYS_PER_ROUTE) {}

  increment(key: string, timeWindow: number, now = Date.now()): Count {
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) window = { count: 0, endsAt: now + timeWindow };
    window.count += 1;
    // Re-inserted so the Map's order is least recently used first.
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    return { current: window.count, ttl: window.endsAt - now };
  }

  get size(): number {
    return this.windows.size;
  }
}

/**
 * The store class for the plugin's `store` option. Redis keys are `<nameSpace><METHOD><url>-<key>`,
 * as the plugin's own Redis store names them.
 */
export function fallbackRateLimitStore(redis: Redis | undefined, nameSpace: string): FastifyRateLimitStoreCtor {
  class FallbackStore implements FastifyRateLimitStore {
    private readonly local = new LocalCounts();

    constructor(
      _globalParams?: unknown,
      private readonly prefix = nameSpace,
    ) {}

    /** The plugin calls it with (key, callback, timeWindow, max). */
    incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow = DEFAULT_WINDOW_MS): void {
      const local = this.local.increment(key, timeWindow);
      if (!redis) {
        callback(null, local);
        return;
      }
      runScript(redis, COUNT_IN_WINDOW, 1, this.prefix + key, timeWindow).then(
        (answer) => {
          const [current, ttl] = (answer as [number, number]).map(Number) as [number, number];
          callback(null, current >= local.current ? { current, ttl } : local);
        },
        // Redis down, stalled or skipped: the outage is logged by the client; this process counts alone.
        () => callback(null, local),
      );
    }

    /** The plugin hands its merged route options, `routeInfo` the route (empty for app.rateLimit()/createRateLimit()). */
    child(routeOptions: object): FastifyRateLimitStore {
      const { method, url } = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new FallbackStore(undefined, `${nameSpace}${method}${url}-`);
    }
  }
  return FallbackStore;
}
