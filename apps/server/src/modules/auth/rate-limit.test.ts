import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { solvedCaptcha } from "./testing.ts";

describe("per-IP rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("answers the 11th login a minute from one IP with a 429 JSON envelope", async () => {
    const ip = "192.0.2.10";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await t.request("/api/login/login", { username: "nobody", password: "x", captcha_id: "x", captcha_code: "x" }, { ip })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    const limited = await t.request("/api/login/login", { username: "nobody", password: "x", captcha_id: "x", captcha_code: "x" }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: -1, message: "操作过于频繁，请稍后再试" });
    expect(typeof limited.body.timestamp).toBe("number");

    // Another IP is not affected.
    expect((await t.request("/api/login/login", { username: "nobody", password: "x", captcha_id: "x", captcha_code: "x" }, { ip: "192.0.2.11" })).status).toBe(200);
  });

  it("allows 5 code sends a minute from one IP", async () => {
    const ip = "192.0.2.20";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.request("/api/register/mobileCode", { mobile: `1360000000${i}`, ...(await solvedCaptcha(t)) }, { ip });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
