import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";

describe("API envelope and errors", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("wraps success with code 0 and a timestamp", async () => {
    const body = await t.call("/api/site/status");
    expect(body.code).toBe(0);
    expect(body.data).toEqual({ shop_status: 1 });
    expect(typeof body.timestamp).toBe("number");
  });

  it("answers malformed JSON with -10006, never HTML", async () => {
    const response = await t.request("/api/site/info", undefined, { rawBody: "{oops" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: -10006, message: "请求体不是有效的 JSON" });
  });

  it("answers a non-object body with -10006", async () => {
    const response = await t.request("/api/site/info", undefined, { rawBody: "[1,2]" });
    expect(response.body.code).toBe(-10006);
  });

  it("answers unknown API-style POSTs with HTTP 200 and -1 接口不存在, as clients of the reference expect", async () => {
    for (const path of ["/api/nothing/here", "/shopapi/nothing/here", "/pintuan/api/goods/page", "/API/Nothing"]) {
      const response = await t.request(path);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect(response.body).toMatchObject({ code: -1, message: "接口不存在", data: null });
    }
  });

  it("keeps 404 for other methods and missing pages", async () => {
    const get = await t.app.inject({ method: "GET", url: "/api/site/info" });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toMatchObject({ code: -1, message: "接口不存在" });
    const page = await t.app.inject({ method: "GET", url: "/no-such-page" });
    expect(page.statusCode).toBe(404);
    expect(page.headers["content-type"]).toContain("text/plain");
    const post = await t.app.inject({ method: "POST", url: "/no-such-page", payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it("marks session errors with error_code TOKEN_ERROR (reference clients read it), and nothing else", async () => {
    const guest = await t.call("/api/member/info");
    expect(guest).toMatchObject({ code: -10009, error_code: "TOKEN_ERROR" });
    const junk = await t.call("/api/member/info", {}, { token: "not-a-token" });
    expect(junk).toMatchObject({ code: -10009, error_code: "TOKEN_ERROR" });
    const ok = await t.call("/api/site/status");
    expect(ok).not.toHaveProperty("error_code");
    const param = await t.request("/api/site/info", undefined, { rawBody: "{oops" });
    expect(param.body).not.toHaveProperty("error_code");
  });

  it("answers an oversized body with -10006", async () => {
    const response = await t.request("/api/site/info", { filler: "x".repeat(300 * 1024) });
    expect(response.body.code).toBe(-10006);
  });
});
