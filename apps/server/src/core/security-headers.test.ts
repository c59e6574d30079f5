import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { requiredService } from "../test/services.ts";
import { WEB_BUILD_DIR } from "../ssr/handler.ts";
import { cspNonce, DOCUMENT_ROUTE_CONFIG } from "./security-headers.ts";
import { nextIp, registerMember, solvedCaptcha } from "../modules/auth/testing.ts";

/** "script-src 'self' …" → ["'self'", …]. */
function directive(policy: string, name: string): string[] {
  const found = policy.split(";").map((part) => part.trim().split(/\s+/)).find(([key]) => key === name);
  if (!found) throw new Error(`no ${name} in ${policy}`);
  return found.slice(1);
}

function nonceOf(policy: string): string {
  const sources = directive(policy, "script-src").filter((source) => source.startsWith("'nonce-"));
  expect(sources).toHaveLength(1);
  return sources[0]!.slice("'nonce-".length, -1);
}

describe("Content-Security-Policy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // A route configured like the SSR documents, answering with the nonce it would render with.
    t.app.get("/__csp-document", { config: DOCUMENT_ROUTE_CONFIG }, (_request, reply) => cspNonce(reply));
  });
  afterAll(() => t.close());

  it("API responses allow scripts from our origin only: no inline scripts, no nonce", async () => {
    const { headers } = await t.request("/api/site/info");
    const policy = String(headers["content-security-policy"]);
    expect(directive(policy, "script-src")).toEqual(["'self'"]);
    expect(directive(policy, "script-src-attr")).toEqual(["'none'"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    // antd sets style attributes, which no nonce can cover.
    expect(directive(policy, "style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  // The probe: connect-src allowed WebSockets to any host (ws: wss:).
  it("lets pages connect to our own origin only, WebSockets included", async () => {
    const { headers } = await t.request("/api/site/info");
    expect(directive(String(headers["content-security-policy"]), "connect-src")).toEqual(["'self'"]);
    const document = await t.app.inject({ method: "GET", url: "/__csp-document" });
    expect(directive(String(document.headers["content-security-policy"]), "connect-src")).toEqual(["'self'"]);
  });

  // The probe: /api/member/* answers (and the login's token) carried no Cache-Control.
  it("marks every API answer private, no-store: member calls, login, refusals, rate-limited ones", async () => {
    const member = await registerMember(t);
    const answers = [
      await t.request("/api/member/info", {}, { token: member.token }),
      await t.request("/api/member/info"),
      await t.request("/api/login/login", { username: member.username, password: member.password, ...(await solvedCaptcha(t)) }, { ip: nextIp() }),
      await t.request("/api/site/info"),
    ];
    for (const answer of answers) expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answers[0]!.body.code).toBe(0);
    expect(answers[2]!.body.code).toBe(0);
  });

  it("documents get a fresh 128-bit base64 nonce in script-src, the same one the renderer gets", async () => {
    const first = await t.app.inject({ method: "GET", url: "/__csp-document" });
    const second = await t.app.inject({ method: "GET", url: "/__csp-document" });
    const policy = String(first.headers["content-security-policy"]);
    const nonce = nonceOf(policy);
    expect(first.body).toBe(nonce);
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(directive(policy, "script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(directive(policy, "style-src")).toEqual(["'self'", "'unsafe-inline'"]);

    const secondNonce = nonceOf(String(second.headers["content-security-policy"]));
    expect(second.body).toBe(secondNonce);
    expect(secondNonce).not.toBe(nonce);
  });
});

// The storefront itself, when `npm run build` has run (npm test builds before the unit tests):
// skipped without a build, a failure under CI=true.
const storefront = requiredService(
  "the built storefront",
  fs.existsSync(path.join(WEB_BUILD_DIR, "server/index.js")),
  "the storefront is not built (run npm run build)",
);

describe.skipIf(storefront.skip)(`Content-Security-Policy of the server-rendered storefront${storefront.note}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    storefront.require();
    t = await startTestApp({ config: { serveWeb: true } });
  });
  afterAll(() => t?.close());

  it("puts the header's nonce on every inline script of the document, and a new one per load", async () => {
    const load = () => t.app.inject({ method: "GET", url: "/web/auth/login", headers: { host: "127.0.0.1" } });
    const first = await load();
    expect(first.statusCode).toBe(200);
    const nonce = nonceOf(String(first.headers["content-security-policy"]));
    const scripts = [...first.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    const inline = scripts.filter((attributes) => !/\bsrc=/.test(attributes) && !/type="application\/ld\+json"/.test(attributes));
    expect(inline.length).toBeGreaterThanOrEqual(2);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);

    const second = await load();
    expect(nonceOf(String(second.headers["content-security-policy"]))).not.toBe(nonce);
    expect(second.body).not.toContain(nonce);
  });
});
