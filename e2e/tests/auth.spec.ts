import { test, expect, type Page, type Response } from "@playwright/test";
import path from "node:path";
import Database from "better-sqlite3";
import { CAPTCHA_TEST_CODE } from "../playwright.config.ts";
import { E2E_DATA_DIR } from "./support.ts";

/**
 * Account flow through the storefront: register → member name in the top bar → /member → logout →
 * /member sends the guest to /auth/login?redirect=%2Fmember → login there comes back to /member.
 *
 * Captchas: the e2e server runs with CAPTCHA_TEST_CODE (playwright.config.ts), honoured only outside
 * production, so every captcha it draws has that code.
 */
const solveCaptcha = (_captchaId: string) => CAPTCHA_TEST_CODE;

const isCaptchaResponse = (response: Response) => response.url().endsWith("/api/captcha/captcha");

/** Runs `action` (which makes the page load a captcha) and returns that captcha's code. */
async function captchaCodeAfter(page: Page, action: () => Promise<unknown>): Promise<string> {
  const [response] = await Promise.all([page.waitForResponse(isCaptchaResponse), action()]);
  const envelope = (await response.json()) as { code: number; data: { id: string } };
  expect(envelope.code).toBe(0);
  return solveCaptcha(envelope.data.id);
}

test("register, see the member, log out, and be sent to login by the member guard", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("favicon")) errors.push(message.text());
  });

  const username = `e2e${Date.now().toString(36)}`;
  const password = "abc12345";

  // Register with a username (the default tab).
  const registerCaptcha = await captchaCodeAfter(page, () => page.goto("/web/auth/register"));
  await page.getByPlaceholder("请输入用户名").fill(username);
  await page.getByPlaceholder("请设置密码").fill(password);
  await page.getByPlaceholder("请再次输入密码").fill(password);
  await page.getByPlaceholder("请输入验证码").fill(registerCaptcha);
  await page.getByRole("checkbox", { name: /我已阅读并同意/ }).check();
  await page.getByRole("button", { name: "立即注册" }).click();

  // Logged in: the member centre welcomes the member, the top bar shows the name.
  await expect(page).toHaveURL(/\/web\/member$/);
  await expect(page.locator(".member-summary-greeting")).toContainText(username);
  await expect(page.getByRole("link", { name: username })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "会员中心菜单" }).getByRole("link", { name: "欢迎页" })).toHaveAttribute("aria-current", "page");

  // Log out from the top bar; the member centre is guarded again.
  await page.getByRole("button", { name: "退出登录" }).click();
  await expect(page.getByText("您好，请登录").first()).toBeVisible();
  await page.goto("/web/member");
  await expect(page).toHaveURL(/\/web\/auth\/login\?redirect=%2Fmember$/);

  // Logging in there leads back to /member.
  const loginCaptcha = await captchaCodeAfter(page, () => page.reload());
  await page.getByPlaceholder("用户名 / 手机号").fill(username);
  await page.getByPlaceholder("请输入密码").fill(password);
  await page.getByPlaceholder("请输入验证码").fill(loginCaptcha);
  await page.getByRole("button", { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/web\/member$/);
  await expect(page.getByRole("link", { name: username })).toBeVisible();

  expect(errors).toEqual([]);
});

test("a wrong captcha shows the server message and draws a new captcha", async ({ page }) => {
  await Promise.all([page.waitForResponse(isCaptchaResponse), page.goto("/web/auth/login")]);
  await page.getByPlaceholder("用户名 / 手机号").fill("nobody");
  await page.getByPlaceholder("请输入密码").fill("whatever1");
  await page.getByPlaceholder("请输入验证码").fill("0000");
  // Captchas are single use: the failed attempt loads a fresh one.
  await captchaCodeAfter(page, () => page.getByRole("button", { name: /登\s*录/ }).click());
  await expect(page.locator(".shop-toast")).toContainText("验证码不正确");
  await expect(page.getByPlaceholder("请输入验证码")).toHaveValue("");
});

test("the login page ignores redirects to other sites", async ({ page }) => {
  const username = `e2f${Date.now().toString(36)}`;
  const code = await captchaCodeAfter(page, () => page.goto(`/web/auth/register?redirect=${encodeURIComponent("//evil.example/")}`));
  await page.getByPlaceholder("请输入用户名").fill(username);
  await page.getByPlaceholder("请设置密码").fill("abc12345");
  await page.getByPlaceholder("请再次输入密码").fill("abc12345");
  await page.getByPlaceholder("请输入验证码").fill(code);
  await page.getByRole("checkbox", { name: /我已阅读并同意/ }).check();
  await page.getByRole("button", { name: "立即注册" }).click();
  await expect(page).toHaveURL(/\/web\/member$/);
});

/** The e2e server's database (playwright.config.ts DATA_DIR), where the development SMS provider records codes. */
const SMS_OUTBOX_DB = path.join(E2E_DATA_DIR, "shop.sqlite");

function lastSmsCode(mobile: string): string {
  const database = new Database(SMS_OUTBOX_DB, { readonly: true, fileMustExist: true });
  try {
    const row = database.prepare("select code from sms_outbox where mobile = ? order by id desc limit 1").get(mobile) as { code: string } | undefined;
    if (!row) throw new Error(`no SMS sent to ${mobile}`);
    return row.code;
  } finally {
    database.close();
  }
}

test("register with a mobile number and an SMS code, then log in with a new code", async ({ page }) => {
  const mobile = `139${String(Date.now()).slice(-8)}`;

  await page.goto("/web/auth/register");
  const captcha = await captchaCodeAfter(page, () => page.getByRole("tab", { name: "手机号注册" }).click());
  const panel = page.locator("[role=tabpanel]:visible");
  await panel.getByPlaceholder("请输入手机号").fill(mobile);
  await panel.getByPlaceholder("请输入验证码").fill(captcha);
  await panel.getByRole("button", { name: "获取动态码" }).click();
  await expect(panel.getByRole("button", { name: /秒后重新获取/ })).toBeVisible();
  await panel.getByPlaceholder("请输入动态码").fill(lastSmsCode(mobile));
  await panel.getByPlaceholder("请设置密码").fill("abc12345");
  await panel.getByPlaceholder("请再次输入密码").fill("abc12345");
  await panel.getByRole("checkbox", { name: /我已阅读并同意/ }).check();
  await panel.getByRole("button", { name: "立即注册" }).click();
  await expect(page).toHaveURL(/\/web\/member$/);
  await expect(page.locator(".topbar").getByText(`用户${mobile.slice(-4)}`)).toBeVisible();

  // Log out, then sign in with a fresh code on the 手机动态码登录 tab.
  await page.getByText("退出登录").first().click();
  await expect(page.getByText("您好，请登录").first()).toBeVisible();
  await page.goto("/web/auth/login");
  const loginCaptcha = await captchaCodeAfter(page, () => page.getByRole("tab", { name: "手机动态码登录" }).click());
  const loginPanel = page.locator("[role=tabpanel]:visible");
  await loginPanel.getByPlaceholder("请输入手机号").fill(mobile);
  await loginPanel.getByPlaceholder("请输入验证码").fill(loginCaptcha);
  await loginPanel.getByRole("button", { name: "获取动态码" }).click();
  await expect(loginPanel.getByRole("button", { name: /秒后重新获取/ })).toBeVisible();
  await loginPanel.getByPlaceholder("请输入动态码").fill(lastSmsCode(mobile));
  await loginPanel.getByRole("button", { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/web\/member$/);
});
