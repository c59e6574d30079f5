import { test, expect, type Page } from "@playwright/test";
import { describeViolations, runAxe } from "./axe.ts";
import { openHome } from "./support.ts";

/**
 * Accessibility of every public page and the sign-in pages (issue 7): axe-core's WCAG 2.x A/AA
 * rules, failing on serious or critical violations (e2e/tests/axe.ts). Each page is checked
 * once it has hydrated and its requests have settled, as a visitor would meet it.
 */

// axe arrives as an inline script tag, which the pages' CSP (nonce-only, tested in csp.spec.ts) blocks.
test.use({ bypassCSP: true });

/** The href of the first link matching `selector` on `listPath`: a seeded record's detail page. */
const firstLinkOn = (listPath: string, selector: string) => async (page: Page) => {
  await page.goto(listPath);
  const href = await page.locator(selector).first().getAttribute("href");
  expect(href, `a link ${selector} on ${listPath}`).toBeTruthy();
  return href!;
};

async function firstBrandList(page: Page): Promise<string> {
  const response = await page.request.post("/api/goodsbrand/page", { data: { page_size: 1 } });
  const brand = ((await response.json()) as { data: { list: Array<{ brand_id: number }> } }).data.list[0];
  expect(brand, "a seeded brand").toBeTruthy();
  return `/web/goods/list?brand_id=${brand!.brand_id}`;
}

const PAGES: Array<{ name: string; path: string | ((page: Page) => Promise<string>) }> = [
  { name: "home", path: "/web/" },
  { name: "goods list", path: "/web/goods/list" },
  { name: "goods list with a keyword", path: `/web/goods/list?keyword=${encodeURIComponent("手机")}` },
  { name: "goods list of a category", path: "/web/goods/list?category_id=1&level=1" },
  { name: "goods list of a brand", path: firstBrandList },
  { name: "category page", path: "/web/goods/category" },
  { name: "brand wall", path: "/web/goods/brand" },
  { name: "shop street", path: "/web/street" },
  { name: "SKU page", path: "/web/sku/1" },
  { name: "article list", path: "/web/cms/article/list" },
  { name: "article detail", path: firstLinkOn("/web/cms/article/list", 'main a[href*="/cms/article/detail?id="]') },
  { name: "notice list", path: "/web/cms/notice/list" },
  { name: "notice detail", path: firstLinkOn("/web/cms/notice/list", 'main a[href*="/cms/notice/detail?id="]') },
  { name: "help list", path: "/web/cms/help/list" },
  { name: "help list (link form)", path: "/web/cms/help/listother-2" },
  { name: "help detail", path: "/web/cms/help/detail?id=1" },
  { name: "coupon centre", path: "/web/goods/coupon" },
  { name: "seckill slots", path: "/web/promotion/seckill" },
  { name: "group-buy list", path: "/web/promotion/groupbuy" },
  { name: "a group buy", path: firstLinkOn("/web/promotion/groupbuy", 'main a[href*="/promotion/groupbuy/"]') },
  { name: "a seckill", path: firstLinkOn("/web/promotion/seckill", 'main a[href*="/promotion/seckill/"]') },
  { name: "a combo", path: "/web/promotion/combo/1" },
  { name: "not found", path: "/web/no-such-page" },
  { name: "login", path: "/web/auth/login" },
  { name: "register", path: "/web/auth/register" },
  { name: "password reset", path: "/web/auth/find" },
];

for (const entry of PAGES) {
  test(`${entry.name}: no serious accessibility violation`, async ({ page }) => {
    const path = typeof entry.path === "string" ? entry.path : await entry.path(page);
    // The home page's pop-up layer opens after hydration; closing it first keeps the check stable.
    if (path === "/web/") await openHome(page);
    else await page.goto(path);
    await page.waitForLoadState("networkidle");

    const { failures, warnings } = await runAxe(page);
    if (warnings.length) {
      test.info().annotations.push({ type: "axe warnings", description: `${path}\n${describeViolations(warnings)}` });
    }
    expect(failures.length, `${path} has serious accessibility violations:\n${describeViolations(failures)}`).toBe(0);
  });
}

test("the home page's pop-up layer is accessible too", async ({ page }) => {
  await page.goto("/web/");
  const layer = page.locator(".home-float-layer");
  const shown = await layer.waitFor({ state: "visible", timeout: 5000 }).then(() => true, () => false);
  test.skip(!shown, "no pop-up campaign is configured");
  const { failures } = await runAxe(page);
  expect(failures.length, `/web/ with its pop-up has serious accessibility violations:\n${describeViolations(failures)}`).toBe(0);
});
