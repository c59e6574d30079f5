import { afterEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";

describe("public origin of absolute URLs", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const robots = (app: TestApp, host: string) => app.app.inject({ method: "GET", url: "/robots.txt", headers: { host } });

  it("follows the request's Host when PUBLIC_ORIGIN is not set, and refuses a malformed one", async () => {
    t = await startTestApp();
    expect((await robots(t, "shop.test:8080")).body).toContain("Sitemap: http://shop.test:8080/web/sitemap.xml");
    const bad = await robots(t, "a b");
    expect(bad.statusCode).toBe(400);
  });

  it("ignores a forged Host when PUBLIC_ORIGIN is set", async () => {
    t = await startTestApp({ config: { publicOrigin: "https://shop.example.com" } });
    expect((await robots(t, "evil.example")).body).toContain("Sitemap: https://shop.example.com/web/sitemap.xml");
  });
});
