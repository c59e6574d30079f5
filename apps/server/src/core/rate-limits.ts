import type { FastifyInstance, onRequestHookHandler } from "fastify";
import rateLimit from "@fastify/rate-limit";
import { Code, type Envelope } from "@shop/contract/codes";
import type { Redis } from "ioredis";
import type { AppConfig } from "../config.ts";
import { envelope } from "./envelope.ts";
import { fallbackRateLimitStore } from "./rate-limit-store.ts";

export const RATE_LIMITED_MESSAGE = "操作过于频繁，请稍后再试";

/** What the plugin throws over a limit; the app's error handler answers it with `rateLimitedAnswer`. */
export class RateLimitedError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(RATE_LIMITED_MESSAGE);
    this.name = "RateLimitedError";
  }
}

/**
 * `{code: -10029, message: 操作过于频繁，请稍后再试, data: {retry_after}}`: seconds until the budget
 * renews (also in the Retry-After header the plugin sets). The app answers it with HTTP 200 to API
 * calls — clients of the reference take any other status for a transport failure and would show an
 * English text instead of our message — and 429 to anything else (gateways' notifies, pages).
 */
export function rateLimitedAnswer(error: unknown): Envelope<{ retry_after: number } | null> {
  const seconds = error instanceof RateLimitedError ? error.retryAfterSeconds : undefined;
  return envelope(Code.TOO_MANY_REQUESTS, RATE_LIMITED_MESSAGE, seconds === undefined ? null : { retry_after: seconds });
}

/**
 * Per-route rate limits (routes opt in with `config.rateLimit`), answered with the envelope above.
 * Routes whose limit names a `groupId` share one budget per IP (e.g. every call that sends an SMS
 * code): the plugin's own groupId still counts each route apart, so such routes get one shared
 * limiter instead (the first route's max and window stand for the group).
 *
 * With REDIS_URL the counters live in Redis under `<redisPrefix>rate-limit:`, so all instances of
 * the shop share one budget per IP; each process also counts in its own memory, and that count
 * holds whenever Redis is down, stalled or skipped by its breaker (rate-limit-store.ts): the login
 * and SMS limits never fail open. Without Redis each process counts alone.
 */
export async function registerRateLimits(app: FastifyInstance, config: AppConfig, redis: Redis | undefined): Promise<void> {
  const groups = new Map<string, onRequestHookHandler>();
  // Added before the plugin's own onRoute hook, so grouped routes reach it with their limit taken off.
  app.addHook("onRoute", (route) => {
    const limit = route.config?.rateLimit;
    if (!limit || !limit.groupId) return;
    const { groupId, ...budget } = limit;
    let limiter = groups.get(groupId);
    if (!limiter) {
      limiter = app.rateLimit({ ...budget, keyGenerator: (request) => `${groupId}:${request.ip}` });
      groups.set(groupId, limiter);
    }
    route.config = { ...route.config, rateLimit: false };
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), limiter];
  });
  await app.register(rateLimit, {
    global: false,
    store: fallbackRateLimitStore(redis, `${config.redisPrefix}rate-limit:`),
    errorResponseBuilder: (_request, context) => new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
