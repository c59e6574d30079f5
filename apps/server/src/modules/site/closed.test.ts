import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@shop/contract";
import { OPEN_WHEN_CLOSED } from "./status.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { setConfig } from "../../core/config-store.ts";
import { CONFIG_DEFAULTS } from "./defaults.ts";

describe("site closed (site_info.shop_status = 0)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await setConfig(t.app.deps.db, "site_info", { ...CONFIG_DEFAULTS.site_info, shop_status: 0 });
  });
  afterAll(() => t.close());

  it("answers /api/site/status with shop_status 0", async () => {
    expect(await t.call("/api/site/status")).toMatchObject({ code: 0, data: { shop_status: 0 } });
  });

  it("keeps site info readable for the close page", async () => {
    expect(await t.call("/api/site/info")).toMatchObject({ code: 0, data: { shop_status: 0 } });
  });

  it("answers every other call with -3 网站已关闭！, before validating its body", async () => {
    const paths = Object.keys(endpoints).filter((path) => !OPEN_WHEN_CLOSED.has(path));
    expect(paths.length).toBeGreaterThan(60);
    for (const path of paths) {
      const response = await t.call(path, { id: "abc" });
      expect({ path, code: response.code, message: response.message }).toEqual({ path, code: -3, message: "网站已关闭！" });
    }
  });

  it("answers normally again once reopened", async () => {
    await setConfig(t.app.deps.db, "site_info", { ...CONFIG_DEFAULTS.site_info, shop_status: 1 });
    expect(await t.call("/api/site/status")).toMatchObject({ code: 0, data: { shop_status: 1 } });
    expect((await t.call("/api/config/copyright")).code).toBe(0);
  });
});
