import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { requiredService } from "../test/services.ts";
import { WEB_BUILD_DIR } from "../ssr/handler.ts";
import type { AppConfig } from "../config.ts";
import { hostAllowed, originWarning } from "./origin.ts";

describe("hostAllowed", () => {
  const production = { publicOrigin: undefined, publicHosts: [], developmentMode: false };

  it("accepts only loopback names in production without PUBLIC_HOSTS", () => {
    for (const host of ["localhost", "localhost:3000", "127.0.0.1:3000", "[::1]:3000", "shop.localhost", "LOCALHOST"]) expect(hostAllowed(host, production), host).toBe(true);
    for (const host of ["evil.example", "evil.example:3000", "localhost.evil.example", "127.0.0.1.evil.example", "10.0.0.5"]) expect(hostAllowed(host, production), host).toBe(false);
  });

  it("accepts the hosts of PUBLIC_HOSTS (any port when the entry has none) and nothing else, in every mode", () => {
    for (const developmentMode of [false, true]) {
      const config = { publicOrigin: undefined, publicHosts: ["shop.example.com", "www.shop.example.com:8443"], developmentMode };
      expect(hostAllowed("Shop.Example.com", config)).toBe(true);
      expect(hostAllowed("shop.example.com:8080", config)).toBe(true);
      expect(hostAllowed("www.shop.example.com:8443", config)).toBe(true);
      expect(hostAllowed("www.shop.example.com", config)).toBe(false);
      expect(hostAllowed("localhost", config)).toBe(false);
      expect(hostAllowed("evil.example", config)).toBe(false);
    }
  });

  it("accepts any well-formed host in development and test, never a malformed one", () => {
    const development = { ...production, developmentMode: true };
    expect(hostAllowed("192.168.1.20:3000", development)).toBe(true);
    expect(hostAllowed("shop.test:8080", development)).toBe(true);
    expect(hostAllowed("a b", development)).toBe(false);
    expect(hostAllowed("evil.example/x", development)).toBe(false);
  });

  it("warns at start only when a production shop listening beyond loopback has neither PUBLIC_ORIGIN nor PUBLIC_HOSTS", () => {
    const listening = { ...production, host: "0.0.0.0" };
    expect(originWarning(listening)).toContain("PUBLIC_ORIGIN");
    expect(originWarning({ ...listening, publicOrigin: "https://shop.example.com" })).toBeNull();
    expect(originWarning({ ...listening, publicHosts: ["shop.example.com"] })).toBeNull();
    expect(originWarning({ ...listening, developmentMode: true })).toBeNull();
    // `npm start` as the README runs it (HOST 127.0.0.1): nothing but this machine reaches it.
    expect(originWarning({ ...production, host: "127.0.0.1" })).toBeNull();
    expect(originWarning({ ...production, host: "localhost" })).toBeNull();
  });
});

describe("public origin of absolute URLs", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const robots = (app: TestApp, host: string) => app.app.inject({ method: "GET", url: "/robots.txt", headers: { host } });
  const start = (config: Partial<AppConfig>) => startTestApp({ config });

  // The probe: without PUBLIC_ORIGIN, a forged Host was written into robots.txt (public, cached an hour).
  it("never writes a forged Host into robots.txt of a production shop without PUBLIC_ORIGIN", async () => {
    t = await start({ production: true, developmentMode: false });
    const forged = await robots(t, "evil.example");
    expect(forged.statusCode).toBe(400);
    expect(forged.body).not.toContain("evil.example");
    expect((await robots(t, "127.0.0.1:3000")).body).toContain("Sitemap: http://127.0.0.1:3000/web/sitemap.xml");
  });

  it("follows the hosts of PUBLIC_HOSTS", async () => {
    t = await start({ production: true, publicHosts: ["shop.example.com"] });
    expect((await robots(t, "shop.example.com")).body).toContain("Sitemap: http://shop.example.com/web/sitemap.xml");
    expect((await robots(t, "evil.example")).statusCode).toBe(400);
    expect((await robots(t, "localhost")).statusCode).toBe(400);
  });

  it("follows the request's Host in development, and refuses a malformed one", async () => {
    t = await start({ developmentMode: true });
    expect((await robots(t, "shop.test:8080")).body).toContain("Sitemap: http://shop.test:8080/web/sitemap.xml");
    expect((await robots(t, "a b")).statusCode).toBe(400);
  });

  it("ignores a forged Host when PUBLIC_ORIGIN is set", async () => {
    t = await start({ publicOrigin: "https://shop.example.com" });
    expect((await robots(t, "evil.example")).body).toContain("Sitemap: https://shop.example.com/web/sitemap.xml");
  });
});

// The pages themselves (canonical links, JSON-LD and sitemap.xml take their origin from the URL the
// SSR handler builds), when `npm run build` has run: skipped without a build, a failure under CI=true.
const storefront = requiredService("the built storefront", fs.existsSync(path.join(WEB_BUILD_DIR, "server/index.js")), "the storefront is not built (run npm run build)");

describe.skipIf(storefront.skip)(`absolute URLs of the rendered storefront${storefront.note}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    storefront.require();
    t = await startTestApp({ config: { serveWeb: true, production: true, developmentMode: false } });
  });
  afterAll(() => t?.close());

  const get = (url: string, host: string) => t.app.inject({ method: "GET", url, headers: { host } });

  it("answers 400 to a forged Host instead of rendering it into the sitemap or a page", async () => {
    for (const url of ["/web/sitemap.xml", "/web/auth/login"]) {
      const forged = await get(url, "evil.example");
      expect({ url, status: forged.statusCode }).toEqual({ url, status: 400 });
      expect(forged.body).not.toContain("evil.example");
    }
    const local = await get("/web/sitemap.xml", "127.0.0.1:3000");
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain("http://127.0.0.1:3000/web/");
  });
});
