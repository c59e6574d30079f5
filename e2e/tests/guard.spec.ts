import { test, expect } from "@playwright/test";
import { CAPTCHA_TEST_CODE } from "../playwright.config.ts";

/**
 * SPEC §2/§6: guarded pages send a guest to /auth/login?redirect={full path}. That holds for the
 * built member centre and for the pages still to come (coming-soon.spec.ts), whatever the path.
 */
const GUARDED = [
  "/member",
  "/member/order_list?status=waitpay",
  "/member/security/security",
  "/member/no_such_page",
  "/goods/cart",
  "/order/payment",
  "/order/not_a_page",
  "/pay",
  "/pay/result?code=1",
  "/promotion/seckill/payment",
  "/promotion/combo/payment",
];

for (const target of GUARDED) {
  test(`${target} redirects a guest to login with the full path`, async ({ page }) => {
    await page.goto(`/web${target}`);
    await expect(page).toHaveURL(/\/web\/auth\/login\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get("redirect");
    expect(redirect).toBe(target);
  });
}

test("a member page asks a guest to log in, then shows itself in the member centre", async ({ page }) => {
  const response = await page.request.get("/web/member/coupon", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toMatch(/\/web\/auth\/login\?redirect=%2Fmember%2Fcoupon$/);

  // The login form submits once its captcha has loaded (on the form's first focus; every captcha of the e2e server has one code).
  await page.goto("/web/member/coupon");
  await expect(page).toHaveURL(/\/web\/auth\/login\?redirect=%2Fmember%2Fcoupon$/);
  const captchaLoaded = page.waitForResponse((answer) => answer.url().endsWith("/api/captcha/captcha"));
  await page.getByPlaceholder("用户名 / 手机号").fill("demo");
  await captchaLoaded;
  await page.getByPlaceholder("请输入密码").fill("demo123456");
  await page.getByPlaceholder("请输入验证码").fill(CAPTCHA_TEST_CODE);
  await page.getByRole("button", { name: /登\s*录/ }).click();

  await expect(page).toHaveURL(/\/web\/member\/coupon$/);
  await expect(page).toHaveTitle(/^我的优惠券 - /);
  await expect(page.getByRole("heading", { name: "我的优惠券", level: 1 })).toBeVisible();
  // The page itself (built), not a "coming soon" placeholder: its state tabs, unused ones first.
  await expect(page.getByRole("navigation", { name: "优惠券状态" }).getByRole("link", { name: /^未使用\(\d+\)$/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("该功能即将开放，敬请期待")).toHaveCount(0);
  const menu = page.getByRole("navigation", { name: "会员中心菜单" });
  await expect(menu.getByRole("link", { name: "我的优惠券" })).toHaveAttribute("aria-current", "page");
});
