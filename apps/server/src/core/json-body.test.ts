import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { setConfig } from "./config-store.ts";
import { CONFIG_DEFAULTS } from "../modules/site/defaults.ts";
import { BODY_HAS_NUL, BODY_TOO_DEEP, MAX_BODY_DEPTH, bodyProblem } from "./json-body.ts";

/** `depth` nested arrays around `inner`, as raw JSON text. */
const nested = (depth: number, inner: string) => "[".repeat(depth) + inner + "]".repeat(depth);
/** An object body whose `x` field holds `depth` nested arrays around `inner`. */
const deepBody = (depth: number, inner: string) => `{"x":${nested(depth, inner)}}`;

describe("bodyProblem", () => {
  it("walks without recursion: 200,000 levels neither throw nor pass", () => {
    let value: unknown = "\0";
    for (let i = 0; i < 200_000; i++) value = [value];
    expect(bodyProblem(value, true)).toBe(BODY_TOO_DEEP);
  });

  it("finds a NUL in a key or a value at any allowed depth, and accepts clean bodies", () => {
    expect(bodyProblem({ a: [{ b: ["x\0"] }] }, true)).toBe(BODY_HAS_NUL);
    expect(bodyProblem({ "k\0": 1 }, true)).toBe(BODY_HAS_NUL);
    expect(bodyProblem({ a: [1, "two", { b: null }] }, true)).toBeNull();
    expect(bodyProblem(JSON.parse(nested(MAX_BODY_DEPTH, "1")), true)).toBeNull();
    expect(bodyProblem(JSON.parse(nested(MAX_BODY_DEPTH + 1, "1")), true)).toBe(BODY_TOO_DEEP);
  });
});

describe("deeply nested bodies over HTTP", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  // The probe that found it: a 5 KB body, 2,500 levels deep, holding a NUL → RangeError, HTTP 500.
  it("answers a 2,500-deep body holding a NUL with -10006 on every registered POST route", async () => {
    const paths = [...t.app.api.access.keys()];
    expect(paths.length).toBeGreaterThan(60);
    for (const [index, path] of paths.entries()) {
      // One address per path: the SMS-code routes share a per-address budget that this sweep is not about.
      const response = await t.request(path, undefined, { rawBody: deepBody(2500, '"\\u0000"'), ip: `10.7.${index >> 8}.${index & 255}` });
      expect({ path, status: response.status, code: response.body.code }).toEqual({ path, status: 200, code: -10006 });
      expect(response.body.message).toBe(BODY_TOO_DEEP);
    }
  });

  it("refuses deep bodies without a NUL, and a shallow NUL, with Chinese messages", async () => {
    expect((await t.request("/api/site/info", undefined, { rawBody: deepBody(100_000, "1") })).body).toMatchObject({ code: -10006, message: BODY_TOO_DEEP });
    expect((await t.request("/api/site/info", undefined, { rawBody: '{"keyword":"a\\u0000"}' })).body).toMatchObject({ code: -10006, message: BODY_HAS_NUL });
    expect((await t.call("/api/site/info", { keyword: [[["fine"]]] })).code).toBe(0);
  });

  it("answers the same while the shop is closed (the body is refused before the guard)", async () => {
    await setConfig(t.app.deps.db, "site_info", { ...CONFIG_DEFAULTS.site_info, shop_status: 0 });
    try {
      const response = await t.request("/api/goodssku/page", undefined, { rawBody: deepBody(2500, '"\\u0000"') });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ code: -10006, message: BODY_TOO_DEEP });
      expect((await t.call("/api/goodssku/page")).code).toBe(-3);
    } finally {
      await setConfig(t.app.deps.db, "site_info", CONFIG_DEFAULTS.site_info);
    }
  });
});
