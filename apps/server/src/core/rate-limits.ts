import type { FastifyInstance } from "fastify";
import rateLimit from "@fastify/rate-limit";
import { Code } from "@shop/contract/codes";
import type { Redis } from "ioredis";
import type { AppConfig } from "../config.ts";
import { envelope } from "./envelope.ts";

/**
 * Per-route rate limits (routes opt in with `rateLimit`), answered with a 429 envelope.
 *
 * With REDIS_URL the counters live in Redis under `<redisPrefix>rate-limit:`, so all instances of
 * the shop share one budget per IP; without it each process counts in memory. The limits fail
 * open: when Redis is down or slower than REDIS_COMMAND_TIMEOUT_MS a request is let through (the
 * outage is logged by core/redis.ts) rather than refused, since shoppers shouldn't be locked out
 * of login by an infrastructure fault.
 */
export async function registerRateLimits(app: FastifyInstance, config: AppConfig, redis: Redis | undefined): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: () => ({ ...envelope(Code.ERROR, "操作过于频繁，请稍后再试", null), statusCode: 429 }),
  });
}
