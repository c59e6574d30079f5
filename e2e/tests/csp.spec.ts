import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { openHome } from "./support.ts";

/**
 * Content-Security-Policy of the storefront: script-src allows inline scripts only with a
 * per-document nonce (apps/server/src/core/security-headers.ts, apps/web/app/entry.server.tsx).
 */

const PAGES = ["/web/", `/web/goods/list?keyword=${encodeURIComponent("手机")}`, "/web/sku/1", "/web/auth/login"];

function scriptSrc(policy: string): string[] {
  const found = policy.split(";").map((part) => part.trim().split(/\s+/)).find(([name]) => name === "script-src");
  return found ? found.slice(1) : [];
}

async function loadDocument(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const policy = response.headers()["content-security-policy"] ?? "";
  const nonces = scriptSrc(policy).filter((source) => source.startsWith("'nonce-")).map((source) => source.slice(7, -1));
  return { policy, nonces, html: await response.text() };
}

test("every server-rendered document has its own nonce, on every inline script it sends", async ({ request }) => {
  for (const url of PAGES) {
    const { policy, nonces, html } = await loadDocument(request, url);
    expect(scriptSrc(policy), url).not.toContain("'unsafe-inline'");
    expect(nonces, url).toHaveLength(1);
    const nonce = nonces[0]!;
    expect(Buffer.from(nonce, "base64").length, url).toBeGreaterThanOrEqual(16);

    // The raw HTML: once parsed, browsers hide nonce attributes from the DOM.
    const tags = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    // JSON-LD is a data block, never executed: script-src does not apply to it.
    const inline = tags.filter((attributes) => !/\bsrc=/.test(attributes) && !/type="application\/ld\+json"/.test(attributes));
    expect(inline.length, url).toBeGreaterThanOrEqual(2);
    for (const attributes of inline) expect(attributes, url).toContain(`nonce="${nonce}"`);

    const again = await loadDocument(request, url);
    expect(again.nonces[0], url).not.toBe(nonce);
  }
});

/** Records CSP violations (and the console's CSP reports) from the first script of every document on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const consoleReports: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleReports.push(message.text());
  });
  return async () => [
    ...consoleReports,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

/** Marks the document: the mark survives client-side navigation, not a new document. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test("pages load, hydrate and navigate without a CSP violation", async ({ page }) => {
  const violations = await watchViolations(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));

  for (const url of PAGES.slice(1)) {
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    expect(await violations(), url).toEqual([]);
  }

  // Hydrated: the search box navigates in place, and so do links.
  await openHome(page);
  await markDocument(page);
  await page.locator(".search-input").fill("手机");
  await page.locator(".search-button").click();
  await expect(page).toHaveURL(/\/web\/goods\/list\?keyword=/);
  await page.waitForLoadState("networkidle");
  await page.locator(".goods-list-item__picture").first().click();
  await expect(page).toHaveURL(/\/web\/sku\/\d+$/);
  await page.waitForLoadState("networkidle");
  expect(await sameDocument(page)).toBe(true);

  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});
