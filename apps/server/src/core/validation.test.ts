import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";

describe("validation messages name the field in Chinese", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each([
    [{}, "参数 id 不能为空"],
    [{ id: "abc" }, "参数 id 类型错误"],
    [{ id: -1 }, "参数 id 必须大于 0"],
    [{ id: 3_000_000_000 }, "参数 id 不能大于 2147483647"],
  ])("/api/help/info %j → %s", async (body, message) => {
    const response = await t.call("/api/help/info", body);
    expect(response).toMatchObject({ code: -10006, message });
  });

  it("bounds string lengths", async () => {
    const response = await t.call("/api/adv/detail", { keyword: "x".repeat(65) });
    expect(response).toMatchObject({ code: -10006, message: "参数 keyword 长度不能超过 64" });
  });
});
