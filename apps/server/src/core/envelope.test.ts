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

  it("answers unknown API paths with a JSON envelope", async () => {
    const response = await t.request("/api/nothing/here");
    expect(response.status).toBe(404);
    expect(response.body.code).toBe(-1);
  });

  it("answers an oversized body with -10006", async () => {
    const response = await t.request("/api/site/info", { filler: "x".repeat(300 * 1024) });
    expect(response.body.code).toBe(-10006);
  });
});
