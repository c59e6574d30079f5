import { describe, expect, it } from "vitest";
import { loadConfig, parseFraction, parsePgSettings, parseShutdown } from "./config.ts";

describe("CAPTCHA_TEST_CODE", () => {
  it("is accepted only when NODE_ENV is exactly development or test, in upper case", () => {
    expect(loadConfig({ NODE_ENV: "development", CAPTCHA_TEST_CODE: "hk7p" }).captchaTestCode).toBe("HK7P");
    expect(loadConfig({ NODE_ENV: "test", CAPTCHA_TEST_CODE: "E2EK" }).captchaTestCode).toBe("E2EK");
    expect(loadConfig({ NODE_ENV: "test" }).captchaTestCode).toBeUndefined();
  });

  it.each([["production"], ["Production"], ["prod"], ["production "], ["Development"], [""], [undefined]])(
    "refuses to start with NODE_ENV=%j",
    (nodeEnv) => {
      expect(() => loadConfig({ NODE_ENV: nodeEnv, CAPTCHA_TEST_CODE: "HK7P" })).toThrow(/CAPTCHA_TEST_CODE 只能在 NODE_ENV=development 或 test 时使用/);
    },
  );

  it("refuses characters the captcha font cannot draw, naming them", () => {
    // 0/O and 1/I are look-alikes left out of the alphabet: every captcha would answer 验证码不正确.
    expect(() => loadConfig({ NODE_ENV: "development", CAPTCHA_TEST_CODE: "E2E0" })).toThrow(/验证码字体无法绘制 "0"/);
    expect(() => loadConfig({ NODE_ENV: "test", CAPTCHA_TEST_CODE: "ab-1" })).toThrow(/无法绘制 "B"、"-"、"1"/);
    expect(() => loadConfig({ NODE_ENV: "test", CAPTCHA_TEST_CODE: "AAAAAAAAA" })).toThrow(/长度超过 8 位/);
  });
});

describe("public origin settings", () => {
  it("reads PUBLIC_ORIGIN as an http(s) origin and refuses anything else", () => {
    expect(loadConfig({ PUBLIC_ORIGIN: "https://Shop.Example.com/web/" }).publicOrigin).toBe("https://shop.example.com");
    expect(() => loadConfig({ PUBLIC_ORIGIN: "shop.example.com" })).toThrow(/PUBLIC_ORIGIN 无效/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: "javascript:alert(1)" })).toThrow(/PUBLIC_ORIGIN 无效/);
  });

  it("reads PUBLIC_HOSTS as lower-case host[:port] entries", () => {
    expect(loadConfig({ PUBLIC_HOSTS: "Shop.Example.com, www.shop.example.com:8443" }).publicHosts).toEqual(["shop.example.com", "www.shop.example.com:8443"]);
    expect(loadConfig({}).publicHosts).toEqual([]);
    expect(() => loadConfig({ PUBLIC_HOSTS: "shop.example.com/x" })).toThrow(/PUBLIC_HOSTS 无效/);
  });

  it("derives origins from any Host only in development and test", () => {
    expect(loadConfig({ NODE_ENV: "development" }).developmentMode).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).developmentMode).toBe(true);
    for (const nodeEnv of ["production", "prod", "production ", undefined]) expect(loadConfig({ NODE_ENV: nodeEnv }).developmentMode).toBe(false);
  });
});

describe("runtime settings: PostgreSQL timeouts, shutdown, request log", () => {
  it("derives the query timeout from the statement timeout unless set", () => {
    expect(parsePgSettings({})).toEqual({ poolMax: 10, connectTimeoutMs: 5000, statementTimeoutMs: 5000, idleInTransactionTimeoutMs: 60_000, queryTimeoutMs: 6000, applicationName: "shop" });
    expect(parsePgSettings({ DB_STATEMENT_TIMEOUT_MS: "2000" }).queryTimeoutMs).toBe(3000);
    expect(parsePgSettings({ DB_STATEMENT_TIMEOUT_MS: "0" }).queryTimeoutMs).toBe(0);
    expect(parsePgSettings({ DB_STATEMENT_TIMEOUT_MS: "2000", DB_QUERY_TIMEOUT_MS: "9000", DB_POOL_MAX: "25", DB_APPLICATION_NAME: "shop-eu" })).toMatchObject({ queryTimeoutMs: 9000, poolMax: 25, applicationName: "shop-eu" });
    expect(() => parsePgSettings({ DB_CONNECT_TIMEOUT_MS: "-1" })).toThrow(/DB_CONNECT_TIMEOUT_MS/);
    expect(() => parsePgSettings({ DB_POOL_MAX: "0" })).toThrow(/DB_POOL_MAX/);
  });

  it("drains for 5 s in production and not at all in development, always within the shutdown deadline", () => {
    expect(parseShutdown({ NODE_ENV: "production" })).toEqual({ shutdownTimeoutMs: 10_000, drainDelayMs: 5000 });
    expect(parseShutdown({ NODE_ENV: "development" })).toEqual({ shutdownTimeoutMs: 10_000, drainDelayMs: 0 });
    expect(parseShutdown({ NODE_ENV: "production", SHUTDOWN_TIMEOUT_MS: "3000" })).toEqual({ shutdownTimeoutMs: 3000, drainDelayMs: 1500 });
    expect(() => parseShutdown({ DRAIN_DELAY_MS: "8000", SHUTDOWN_TIMEOUT_MS: "8000" })).toThrow(/DRAIN_DELAY_MS/);
  });

  it("samples 1 % of request lines in production, all elsewhere; refuses a share outside 0–1", () => {
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://shop.example.com" }).logRequestSample).toBe(0.01);
    expect(loadConfig({ NODE_ENV: "development" }).logRequestSample).toBe(1);
    expect(loadConfig({ LOG_REQUEST_SAMPLE: "0.1", LOG_SLOW_MS: "250" })).toMatchObject({ logRequestSample: 0.1, logSlowMs: 250 });
    expect(() => parseFraction("LOG_REQUEST_SAMPLE", "1.5", 1)).toThrow(/LOG_REQUEST_SAMPLE/);
  });
});
