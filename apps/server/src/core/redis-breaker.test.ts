import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Redis } from "ioredis";
import { Code } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { OwnRedis, redisServerBinary } from "../test/own-redis.ts";
import { registerMember, solvedCaptcha } from "../modules/auth/testing.ts";
import { closeRedis, connectRedis, createRedis, REDIS_BREAKER_OPEN_MS, REDIS_COMMAND_TIMEOUT_MS, redisAvailable, RedisSkippedError } from "./redis.ts";

/**
 * The Redis circuit breaker (redis-breaker.ts) and the rate limits' fallback (rate-limit-store.ts)
 * against a redis-server of the test's own, stalled with SIGSTOP and killed: never the shared one.
 */
const binary = redisServerBinary();

/** Re-checks `condition` every 50 ms until it holds (or fails after `timeoutMs`). */
async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T | Error }> {
  const started = Date.now();
  const result = await work().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  return { ms: Date.now() - started, result };
}

describe.skipIf(binary.skip)(`Redis circuit breaker${binary.note}`, () => {
  let redis: OwnRedis;
  beforeAll(async () => {
    binary.require();
    redis = await OwnRedis.start();
  });
  afterAll(() => redis?.stop());

  describe("one client", () => {
    let client: Redis;
    const log = { warn: vi.fn(), info: vi.fn() };
    beforeAll(async () => {
      client = createRedis(redis.url, log, "test");
      expect(await connectRedis(client)).toBe(true);
    });
    afterAll(async () => {
      redis.resume();
      await closeRedis(client);
    });

    it("pays one timeout for a stalled Redis, then skips it at once; a probe after the pause closes it again", async () => {
      expect(await client.set("breaker:key", "1")).toBe("OK");
      redis.pause();
      const first = await timed(() => client.get("breaker:key"));
      expect(first.result).toBeInstanceOf(Error);
      expect(first.ms).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 50);
      expect(redisAvailable(client)).toBe(false);

      // Commands, a transaction and a script while it is open: refused at once, not queued on the socket.
      const skipped = await timed(async () => {
        const results = await Promise.allSettled([client.get("breaker:key"), client.multi().incr("breaker:n").exec(), client.eval("return 1", 0)]);
        return results.map((result) => (result.status === "rejected" ? result.reason : "answered"));
      });
      expect(skipped.ms).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS / 2);
      expect(skipped.result).toEqual([expect.any(RedisSkippedError), expect.any(RedisSkippedError), expect.any(RedisSkippedError)]);
      expect(log.warn).toHaveBeenCalledTimes(1);

      redis.resume();
      // Still skipped until the pause is over; then the next command is the probe, and it answers.
      await waitUntil(async () => (await client.get("breaker:key").catch(() => null)) === "1", REDIS_BREAKER_OPEN_MS + 3000);
      expect(redisAvailable(client)).toBe(true);
      expect(await client.incr("breaker:n")).toBeGreaterThan(0);
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.info).toHaveBeenCalledTimes(1);
    }, 20_000);

    it("a reply error (the command's own) is not an outage", async () => {
      await client.set("breaker:text", "a");
      await expect(client.incr("breaker:text")).rejects.toThrow(/not an integer/);
      expect(redisAvailable(client)).toBe(true);
      expect(await client.get("breaker:text")).toBe("a");
    });
  });

  describe("the shop on a Redis that stalls or goes away", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ config: { redisUrl: redis.url, redisPrefix: "breaker-test:" } });
    });
    afterAll(async () => {
      redis.resume();
      await t?.close();
    });

    const login = (ip: string, body: object = { username: "nobody", password: "x", captcha_id: "x", captcha_code: "x" }) => t.call("/api/login/login", body, { ip });

    it("while Redis stalls, only the first call pays its timeout; after it the shop counts in Redis again", async () => {
      const shared = t.app.deps.redis!;
      expect(redisAvailable(shared)).toBe(true);
      redis.pause();
      const durations: number[] = [];
      for (let i = 0; i < 20; i++) {
        const call = await timed(() => login(`198.51.100.${i + 1}`));
        expect(call.result).toMatchObject({ code: -1 });
        durations.push(call.ms);
      }
      const total = durations.reduce((sum, ms) => sum + ms, 0);
      // 20 × 500 ms without the breaker; with it one timeout and 19 quick answers.
      expect(durations[0]).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 50);
      expect(Math.max(...durations.slice(1))).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS - 100);
      expect(total).toBeLessThan(5 * REDIS_COMMAND_TIMEOUT_MS);
      console.info(`[redis stall] 20 logins: first ${durations[0]} ms, the other 19 at most ${Math.max(...durations.slice(1))} ms, ${total} ms in all`);

      redis.resume();
      await waitUntil(async () => {
        await login("198.51.100.200");
        return redisAvailable(shared);
      }, REDIS_BREAKER_OPEN_MS + 5000);
      await login("198.51.100.201");
      const counted = await shared.keys("breaker-test:rate-limit:*198.51.100.201");
      expect(counted).toHaveLength(1);
    }, 30_000);

    it("with Redis down, 12 wrong passwords from one IP: 10 answered, then -10029 (the process counts)", async () => {
      const member = await registerMember(t);
      await redis.stop();
      try {
        await waitUntil(() => !redisAvailable(t.app.deps.redis!));
        const ip = "198.51.100.77";
        const codes: number[] = [];
        for (let i = 0; i < 12; i++) {
          const answer = await login(ip, { username: member.username, password: "wrong-password", ...(await solvedCaptcha(t)) });
          codes.push(answer.code);
        }
        expect(codes.slice(0, 10).every((code) => code !== Code.TOO_MANY_REQUESTS && code !== Code.SUCCESS)).toBe(true);
        expect(codes.slice(10)).toEqual([Code.TOO_MANY_REQUESTS, Code.TOO_MANY_REQUESTS]);
      } finally {
        await redis.restart();
      }
      // Back: Redis counts again, and the process's own count of this window still stands (Redis came back empty).
      await waitUntil(() => redisAvailable(t.app.deps.redis!));
      expect((await login("198.51.100.77")).code).toBe(Code.TOO_MANY_REQUESTS);
      expect((await login("198.51.100.78")).code).toBe(-1);
    }, 30_000);
  });
});
