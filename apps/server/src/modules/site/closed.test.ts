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

  it("answers /api/site/status with -3 and shop_status 0 (the reference's close page polls until code 0)", async () => {
    expect(await t.call("/api/site/status")).toMatchObject({ code: -3, message: "网站已关闭！", data: { shop_status: 0 } });
  });

  it("keeps site info readable for the close page", async () => {
    expect(await t.call("/api/site/info")).toMatchObject({ code: 0, data: { shop_status: 0 } });
  });

  it("answers every other shopper call with -3 网站已关闭！, before validating its body", async () => {
    const paths = Object.keys(endpoints).filter((path) => !OPEN_WHEN_CLOSED.has(path) && t.app.api.access.get(path) !== undefined && typeof t.app.api.access.get(path) !== "object");
    expect(paths.length).toBeGreaterThan(60);
    for (const [index, path] of paths.entries()) {
      // One address per path: the SMS-code routes share a per-address budget that this sweep is not about.
      const response = await t.call(path, { id: "abc" }, { ip: `10.8.${index >> 8}.${index & 255}` });
      expect({ path, code: response.code, message: response.message }).toEqual({ path, code: -3, message: "网站已关闭！" });
    }
  });

  it("still answers staff calls, so staff can reopen the shop", async () => {
    const staffPaths = [...t.app.api.access].filter(([, access]) => typeof access === "object").map(([path]) => path);
    expect(staffPaths.length).toBeGreaterThan(0);
    for (const path of staffPaths) {
      const response = await t.call(path, {});
      expect(response.code, path).not.toBe(-3);
    }
    const login = await t.call("/shopapi/login/login", { username: "nobody", password: "x" });
    expect(login.code).not.toBe(-3);
  });

  it("answers normally again once reopened", async () => {
    await setConfig(t.app.deps.db, "site_info", { ...CONFIG_DEFAULTS.site_info, shop_status: 1 });
    expect(await t.call("/api/site/status")).toMatchObject({ code: 0, data: { shop_status: 1 } });
    expect((await t.call("/api/config/copyright")).code).toBe(0);
  });
});
