import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { probeRedis } from "../../core/redis.ts";
import { requiredService } from "../../test/services.ts";
import { Code } from "@shop/contract/codes";
import { solvedCaptcha } from "./testing.ts";

/** Whether an answer is the rate limit's (HTTP 200 with -10029: clients of the reference show its message). */
const limitedOrNot = (response: { status: number; body: { code: number } }) =>
  response.body.code === Code.TOO_MANY_REQUESTS ? `limited (HTTP ${response.status})` : `answered (HTTP ${response.status})`;
const ANSWERED = "answered (HTTP 200)";
const LIMITED = "limited (HTTP 200)";

describe("per-IP rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("answers the 11th login a minute from one IP with the -10029 envelope, HTTP 200", async () => {
    const ip = "192.0.2.10";
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) {
      answers.push(limitedOrNot(await t.request("/api/login/login", { username: "nobody", password: "x", captcha_id: "x", captcha_code: "x" }, { ip })));
    }
    expect(answers).toEqual(Array(10).fill(ANSWERED));
    const limited = await t.request("/api/login/login", { username: "nobody", password: "x", captcha_id: "x", captcha_code: "x" }, { ip });
    expect(limited.status).toBe(200);
    expect(limited.body).toMatchObject({ code: Code.TOO_MANY_REQUESTS, message: "操作过于频繁，请稍后再试" });
    expect(typeof limited.body.timestamp).toBe("number");
    // When to retry: the seconds left in the window, in the envelope and the Retry-After header.
    const retryAfter = (limited.body.data as { retry_after: number }).retry_after;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Number(limited.headers["retry-after"])).toBe(retryAfter);

    // Another IP is not affected.
    expect(limitedOrNot(await t.request("/api/login/login", { username: "nobody", password: "x", captcha_id: "x", captcha_code: "x" }, { ip: "192.0.2.11" }))).toBe(ANSWERED);
  });

  it("allows 5 code sends a minute from one IP", async () => {
    const ip = "192.0.2.20";
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push(limitedOrNot(await t.request("/api/register/mobileCode", { mobile: `1360000000${i}`, ...(await solvedCaptcha(t)) }, { ip })));
    }
    expect(answers).toEqual([...Array(5).fill(ANSWERED), LIMITED]);
  });

  // The probe: /api/login/mobileCode and /api/login/getMobileCode each had a budget of their own.
  it("counts every code-sending call and checkmobile against one budget of 5 a minute per IP", async () => {
    const ip = "192.0.2.21";
    const paths = ["/api/login/mobileCode", "/api/login/getMobileCode", "/api/register/mobileCode", "/api/findpassword/mobilecode", "/api/member/checkmobile"];
    const answers: string[] = [];
    for (const path of paths) answers.push(limitedOrNot(await t.request(path, { mobile: "13600000099", ...(await solvedCaptcha(t)) }, { ip })));
    expect(answers).toEqual(Array(5).fill(ANSWERED));
    for (const path of paths) {
      const limited = await t.request(path, { mobile: "13600000099", ...(await solvedCaptcha(t)) }, { ip });
      expect({ path, answer: limitedOrNot(limited) }).toEqual({ path, answer: LIMITED });
    }
    // Logins keep their own budget.
    expect(limitedOrNot(await t.request("/api/login/login", { username: "nobody", password: "x", captcha_id: "x", captcha_code: "x" }, { ip }))).toBe(ANSWERED);
  });
});

// Several instances behind a load balancer must share one budget per IP: with REDIS_URL the
// counters live in Redis. Needs a Redis (REDIS_URL, else 127.0.0.1:6379); skipped without one,
// a failure under CI=true.
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const liveRedis = requiredService("Redis", await probeRedis(redisUrl), `no Redis answers at ${redisUrl} (set REDIS_URL)`);

describe.skipIf(liveRedis.skip)(`per-IP rate limits shared through Redis${liveRedis.note}`, () => {
  // A prefix of our own, so parallel test runs on one Redis never count each other's requests.
  const prefix = `shop-test:${process.pid}-${crypto.randomBytes(4).toString("hex")}:`;
  let first: TestApp;
  let second: TestApp;
  let otherShop: TestApp;
  beforeAll(async () => {
    liveRedis.require();
    [first, second, otherShop] = await Promise.all([
      startTestApp({ config: { redisUrl, redisPrefix: prefix } }),
      startTestApp({ config: { redisUrl, redisPrefix: prefix } }),
      startTestApp({ config: { redisUrl, redisPrefix: `${prefix}other-shop:` } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close(), otherShop?.close()]);
    if (!liveRedis.available) return;
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const login = async (t: TestApp, ip: string) => limitedOrNot(await t.request("/api/login/login", { username: "nobody", password: "x", captcha_id: "x", captcha_code: "x" }, { ip }));

  it("counts the logins of one IP on two instances against one budget of 10 a minute", async () => {
    const ip = "192.0.2.30";
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) answers.push(await login(i % 2 === 0 ? first : second, ip));
    expect(answers).toEqual(Array(10).fill(ANSWERED));

    expect(await login(second, ip)).toBe(LIMITED);
    expect(await login(first, ip)).toBe(LIMITED);

    // Another IP, and another shop (key prefix) on the same Redis, keep their own budgets.
    expect(await login(first, "192.0.2.31")).toBe(ANSWERED);
    expect(await login(otherShop, ip)).toBe(ANSWERED);

    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(`${prefix}rate-limit:*${ip}`);
      expect(keys).toHaveLength(1);
      expect(Number(await redis.get(keys[0]!))).toBe(12);
      expect(await redis.pttl(keys[0]!)).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
  });

  it("shares the one budget of the code-sending calls between instances", async () => {
    const ip = "192.0.2.33";
    const send = async (t: TestApp, path: string) => limitedOrNot(await t.request(path, { mobile: "13600000098", ...(await solvedCaptcha(t)) }, { ip }));
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push(await send(i % 2 === 0 ? first : second, i % 2 === 0 ? "/api/login/mobileCode" : "/api/register/mobileCode"));
    expect(answers).toEqual(Array(5).fill(ANSWERED));
    expect(await send(first, "/api/findpassword/mobilecode")).toBe(LIMITED);
    expect(await send(second, "/api/member/checkmobile")).toBe(LIMITED);
  });
});
