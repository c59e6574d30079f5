import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { requiredService } from "../test/services.ts";
import { CONSOLE_BUILD_DIR, inlineScriptHashes, registerConsole, withScriptSources } from "./serve.ts";

/** "script-src 'self' …" → ["'self'", …]. */
function directive(policy: string, name: string): string[] {
  const found = policy.split(";").map((part) => part.trim().split(/\s+/)).find(([key]) => key === name);
  if (!found) throw new Error(`no ${name} in ${policy}`);
  return found.slice(1);
}

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inline script hashes of the console's index.html", () => {
  it("hashes each inline script's exact text, and no script loaded by src", () => {
    const first = 'window.__ctx = {"a":"<b>"};';
    const second = '\nimport "/console/assets/x.js";\n  import("/console/assets/y.js");';
    const html = `<head><script type="module" src="/console/assets/a.js"></script></head><body><script>${first}</script><script type="module" async="">${second}</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(first), sha256(second)]);
  });

  it("adds the sources to script-src only, keeping every other directive", () => {
    const policy = "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';object-src 'none'";
    expect(withScriptSources(policy, ["'sha256-A'", "'sha256-B'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-A' 'sha256-B';style-src 'self' 'unsafe-inline';object-src 'none'",
    );
    expect(withScriptSources("default-src 'self'", ["'sha256-A'"])).toBe("default-src 'self';script-src 'self' 'sha256-A'");
  });
});

/** A build of the console's shape: index.html with an inline script, and one hashed asset. */
function fixtureBuild(): { dir: string; inline: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "console-build-"));
  fs.mkdirSync(path.join(dir, "client/assets"), { recursive: true });
  const inline = 'window.__reactRouterContext = {"basename":"/console/"};';
  fs.writeFileSync(
    path.join(dir, "client/index.html"),
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/console/assets/app-abc123.js"/></head><body><script>${inline}</script></body></html>`,
  );
  fs.writeFileSync(path.join(dir, "client/assets/app-abc123.js"), "console.log(1);");
  return { dir, inline };
}

describe("serving the console under /console/", () => {
  let t: TestApp;
  let build: ReturnType<typeof fixtureBuild>;
  beforeAll(async () => {
    build = fixtureBuild();
    t = await startTestApp();
    expect(await registerConsole(t.app, build.dir)).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(build.dir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("answers index.html for the console's pages, uncached, with its inline script's hash in script-src", async () => {
    for (const url of ["/console/", "/console/chat", "/console/login?redirect=%2Fchat", "/console/some/deep/page"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toContain("text/html");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toContain(build.inline);
      const scriptSrc = directive(String(response.headers["content-security-policy"]), "script-src");
      expect(scriptSrc, url).toEqual(["'self'", sha256(build.inline)]);
    }
  });

  it("keeps the strict global policy everywhere else", async () => {
    const api = await t.request("/api/site/info");
    expect(directive(String(api.headers["content-security-policy"]), "script-src")).toEqual(["'self'"]);
    const asset = await get("/console/assets/app-abc123.js");
    expect(directive(String(asset.headers["content-security-policy"]), "script-src")).toEqual(["'self'"]);
  });

  it("serves hashed assets for a year, immutable; a missing one is a 404, not the app", async () => {
    const asset = await get("/console/assets/app-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log(1);");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const missing = await get("/console/assets/app-old999.js");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain(build.inline);
  });

  it("sends /console to /console/", async () => {
    const response = await get("/console");
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/console/");
  });
});

// The real build, when `npm run build` has run (npm test builds before the unit tests): skipped
// without one, a failure under CI=true.
const consoleBuild = requiredService(
  "the built staff console",
  fs.existsSync(path.join(CONSOLE_BUILD_DIR, "client/index.html")),
  "the staff console is not built (run npm run build)",
);

describe.skipIf(consoleBuild.skip)(`the built console's index.html${consoleBuild.note}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    consoleBuild.require();
    t = await startTestApp({ config: { serveWeb: true } });
  });
  afterAll(() => t?.close());

  it("has every inline script allowed by its hash, and no 'unsafe-inline'", async () => {
    const response = await t.app.inject({ method: "GET", url: "/console/chat" });
    expect(response.statusCode).toBe(200);
    const scriptSrc = directive(String(response.headers["content-security-policy"]), "script-src");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const inline = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/\bsrc=/.test(attributes!));
    expect(inline.length).toBeGreaterThanOrEqual(1);
    for (const [, , body] of inline) expect(scriptSrc).toContain(sha256(body!));
    expect(scriptSrc).toHaveLength(1 + inline.length);
  });
});
