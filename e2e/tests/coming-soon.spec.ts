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

const PUBLIC_PAGES: Array<[path: string, name: string]> = [
  ["/promotion/seckill", "秒杀"],
  ["/promotion/groupbuy", "团购"],
  ["/promotion/seckill/12", "秒杀商品"],
  ["/promotion/groupbuy/3", "团购商品"],
  ["/promotion/combo/1", "组合套餐"],
];

test("/web/promotion/seckill renders for a guest: 200, noindex, title, ways back", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));

  const response = await page.goto("/web/promotion/seckill");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/web\/promotion\/seckill$/);
  await expect(page).toHaveTitle(/^秒杀 - \S+/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { name: "秒杀", level: 1 })).toBeVisible();
  await expect(page.getByText(COMING_SOON_TEXT)).toBeVisible();
  await expect(page.getByText("This page could not be found")).toHaveCount(0);
  // Default layout: the chrome is there, and a guest is offered no member centre button.
  await expect(page.locator(".topbar")).toBeVisible();
  const panel = page.locator(".coming-soon__panel");
  await expect(panel.getByRole("link", { name: "会员中心" })).toHaveCount(0);

  await panel.getByRole("link", { name: "继续逛逛" }).click();
  await expect(page).toHaveURL(/\/web\/goods\/list$/);
  await page.goBack();
  await page.locator(".coming-soon__panel").getByRole("link", { name: "返回首页" }).click();
  await expect(page).toHaveURL(/\/web\/?$/);
  expect(errors).toEqual([]);
});

test("every public page still to come answers 200 with its name, without login", async ({ request }) => {
  for (const [path, name] of PUBLIC_PAGES) {
    const response = await request.get(`/web${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain(`<title>${name} - `);
    expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    expect(html, path).toContain(COMING_SOON_TEXT);
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
  await expect(page.getByRole("heading", { name: "秒杀", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^秒杀 - /);
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

test("a member sees the promotion checkout pages still to come in the default layout", async ({ page }) => {
  await loginAsDemo(page);
  for (const [path, name] of [["/promotion/seckill/payment", "秒杀订单结算"], ["/promotion/combo/payment", "组合套餐结算"]] as const) {
    const response = await page.goto(`/web${path}`);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "会员中心菜单" })).toHaveCount(0);
    await expect(page.locator(".coming-soon__panel").getByRole("link", { name: "会员中心" })).toHaveAttribute("href", "/web/member");
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
