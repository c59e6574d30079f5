import { test, expect, type Page } from "@playwright/test";
import { CAPTCHA_TEST_CODE } from "../playwright.config.ts";
import { openHome } from "./support.ts";

/**
 * SPEC §2 routes whose pages come with later work answer a "coming soon" page in their layout:
 * HTTP 200 (a real page the navigation links to) with <meta name="robots" content="noindex">, the
 * feature's name in the heading and the title, and ways back. Unknown paths stay 404.
 */
const COMING_SOON_TEXT = "该功能即将开放，敬请期待";

/** Logs the demo member in through the API; the browser context keeps the token cookie. */
async function loginAsDemo(page: Page): Promise<void> {
  const captcha = (await (await page.request.post("/api/captcha/captcha", { data: {} })).json()) as { data: { id: string } };
  const login = await page.request.post("/api/login/login", {
    data: { username: "demo", password: "demo123456", captcha_id: captcha.data.id, captcha_code: CAPTCHA_TEST_CODE },
  });
  expect(((await login.json()) as { code: number }).code).toBe(0);
}

/** Promotion pages that once answered "coming soon" (issue 11 built them: no SPEC page is left to come). */
const BUILT_PUBLIC_PAGES: Array<[path: string, title: string]> = [
  ["/promotion/seckill", "限时秒杀"],
  ["/promotion/seckill/1", "限时秒杀"],
];
const BUILT_CHECKOUTS = ["/promotion/seckill/payment", "/promotion/groupbuy/payment", "/promotion/combo/payment"];

test("the promotion pages once to come answer themselves; their checkouts send a guest to login", async ({ request }) => {
  for (const [path, title] of BUILT_PUBLIC_PAGES) {
    const response = await request.get(`/web${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toMatch(new RegExp(`<title>[^<]*${title} - `));
    expect(html, path).not.toContain(COMING_SOON_TEXT);
    expect(html, path).not.toContain('<meta name="robots" content="noindex"/>');
  }
  for (const path of BUILT_CHECKOUTS) {
    const response = await request.get(`/web${path}?sku_id=1`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toBe(`/web/auth/login?redirect=${encodeURIComponent(`${path}?sku_id=1`)}`);
  }
});

test("the main navigation's 团购 and 秒杀 lead to their pages", async ({ page }) => {
  await openHome(page);
  const nav = page.locator(".nav-links");
  await nav.getByRole("link", { name: "团购", exact: true }).click();
  await expect(page).toHaveURL(/\/web\/promotion\/groupbuy$/);
  await expect(page.getByRole("heading", { name: "团购", level: 1 })).toBeVisible();
  await nav.getByRole("link", { name: "秒杀", exact: true }).click();
  await expect(page).toHaveURL(/\/web\/promotion\/seckill$/);
  await expect(page.getByRole("heading", { name: "限时秒杀", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^限时秒杀 - /);
});

test("built pages once to come answer themselves, not the coming-soon page", async ({ page, request }) => {
  // The coupon centre is public: a guest gets the page itself (200, indexable), no "coming soon".
  const response = await request.get("/web/goods/coupon", { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("<title>领券中心 - ");
  expect(html).not.toContain(COMING_SOON_TEXT);
  expect(html).not.toContain('<meta name="robots" content="noindex"/>');

  // A member's pages are the real ones, in the member centre with their menu item highlighted.
  await loginAsDemo(page);
  const menu = page.getByRole("navigation", { name: "会员中心菜单" });
  for (const [path, item] of [
    ["/member/footprint", "我的足迹"],
    ["/member/coupon", "我的优惠券"],
    ["/member/level", "欢迎页"],
    ["/member/signin", "欢迎页"],
  ] as const) {
    const answer = await page.goto(`/web${path}`);
    expect(answer?.status(), path).toBe(200);
    await expect(menu, path).toBeVisible();
    await expect(menu.getByRole("link", { name: item }), path).toHaveAttribute("aria-current", "page");
    await expect(page.getByText(COMING_SOON_TEXT), path).toHaveCount(0);
  }

  // A detail page (one of the demo member's seeded withdrawals) highlights the item it belongs to.
  await page.goto("/web/member/withdrawal");
  await page.locator('a[href*="/member/withdrawal_detail?id="]').first().click();
  await expect(page).toHaveURL(/\/web\/member\/withdrawal_detail\?id=\d+$/);
  await expect(page.getByTestId("withdraw-detail-amount")).toBeVisible();
  await expect(menu.getByRole("link", { name: "提现记录" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(COMING_SOON_TEXT)).toHaveCount(0);
});

test("a member's promotion checkout without its order-create data says so, in the default layout", async ({ page }) => {
  await loginAsDemo(page);
  for (const [path, title, back] of [["/promotion/seckill/payment", "秒杀订单结算", "返回秒杀"], ["/promotion/combo/payment", "组合套餐结算", "返回首页"]] as const) {
    const response = await page.goto(`/web${path}`);
    expect(response?.status(), path).toBe(200);
    await expect(page, path).toHaveTitle(new RegExp(`^${title} - `));
    await expect(page.getByText("没有要结算的商品，请从购物车或商品页重新下单"), path).toBeVisible();
    await expect(page.getByRole("link", { name: back }).first(), path).toBeVisible();
    await expect(page.getByText(COMING_SOON_TEXT), path).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "会员中心菜单" })).toHaveCount(0);
  }
});

test("unknown paths still answer the real 404 page", async ({ page }) => {
  for (const path of ["/web/no/such/page", "/web/promotion/bargain", "/web/promotion/seckill/abc", "/web/promotion/combo"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("This page could not be found")).toBeVisible();
    await expect(page.getByText(COMING_SOON_TEXT)).toHaveCount(0);
  }
  // Under the guarded catch-alls a member gets the 404 page too (a guest is sent to login first).
  await loginAsDemo(page);
  for (const path of ["/web/member/no_such_page", "/web/order/no_such_page", "/web/promotion/bargain/payment"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("This page could not be found")).toBeVisible();
  }
});
