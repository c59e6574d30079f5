import { test, expect, type Page, type Response } from "@playwright/test";
import path from "node:path";
import Database from "better-sqlite3";
import { CAPTCHA_TEST_CODE } from "../playwright.config.ts";
import { E2E_DATA_DIR, hydrated, registerShopper } from "./support.ts";

/**
 * Account flow through the storefront: register → member name in the top bar → /member → logout →
 * /member sends the guest to /auth/login?redirect=%2Fmember → login there comes back to /member.
 *
 * Captchas: the e2e server runs with CAPTCHA_TEST_CODE (playwright.config.ts), honoured only with
 * NODE_ENV development or test, so every captcha it draws has that code. A form loads its first
 * captcha when the shopper starts on it (first focus), not with the page.
 */
const solveCaptcha = (_captchaId: string) => CAPTCHA_TEST_CODE;

const isCaptchaResponse = (response: Response) => response.url().endsWith("/api/captcha/captcha");

/** Runs `action` (which makes the page load a captcha, e.g. the first fill of a form) and returns that captcha's code. */
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

  // Register with a username (the default tab). The storefront's answer carries no token: the httpOnly cookie does.
  await page.goto("/web/auth/register");
  const registerCaptcha = await captchaCodeAfter(page, () => page.getByPlaceholder("请输入用户名").fill(username));
  await page.getByPlaceholder("请设置密码").fill(password);
  await page.getByPlaceholder("请再次输入密码").fill(password);
  await page.getByPlaceholder("请输入验证码").fill(registerCaptcha);
  await page.getByRole("checkbox", { name: /我已阅读并同意/ }).check();
  const [registered] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/api/register/username")),
    page.getByRole("button", { name: "立即注册" }).click(),
  ]);
  expect(await registered.json()).toMatchObject({ code: 0, data: { token: "" } });

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
  await page.reload();
  const loginCaptcha = await captchaCodeAfter(page, () => page.getByPlaceholder("用户名 / 手机号").fill(username));
  await page.getByPlaceholder("请输入密码").fill(password);
  await page.getByPlaceholder("请输入验证码").fill(loginCaptcha);
  await page.getByRole("button", { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/web\/member$/);
  await expect(page.getByRole("link", { name: username })).toBeVisible();

  expect(errors).toEqual([]);
});

test("a wrong captcha shows the server message and draws a new captcha", async ({ page }) => {
  await page.goto("/web/auth/login");
  await captchaCodeAfter(page, () => page.getByPlaceholder("用户名 / 手机号").fill("nobody"));
  await page.getByPlaceholder("请输入密码").fill("whatever1");
  await page.getByPlaceholder("请输入验证码").fill("0000");
  // Captchas are single use: the failed attempt loads a fresh one.
  await captchaCodeAfter(page, () => page.getByRole("button", { name: /登\s*录/ }).click());
  await expect(page.locator(".shop-toast")).toContainText("验证码不正确");
  await expect(page.getByPlaceholder("请输入验证码")).toHaveValue("");
});

test("the login page ignores redirects to other sites", async ({ page }) => {
  const username = `e2f${Date.now().toString(36)}`;
  await page.goto(`/web/auth/register?redirect=${encodeURIComponent("//evil.example/")}`);
  const code = await captchaCodeAfter(page, () => page.getByPlaceholder("请输入用户名").fill(username));
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
  await page.getByRole("tab", { name: "手机号注册" }).click();
  const panel = page.locator("[role=tabpanel]:visible");
  const captcha = await captchaCodeAfter(page, () => panel.getByPlaceholder("请输入手机号").fill(mobile));
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
  await page.getByRole("tab", { name: "手机动态码登录" }).click();
  const loginPanel = page.locator("[role=tabpanel]:visible");
  const loginCaptcha = await captchaCodeAfter(page, () => loginPanel.getByPlaceholder("请输入手机号").fill(mobile));
  await loginPanel.getByPlaceholder("请输入验证码").fill(loginCaptcha);
  await loginPanel.getByRole("button", { name: "获取动态码" }).click();
  await expect(loginPanel.getByRole("button", { name: /秒后重新获取/ })).toBeVisible();
  await loginPanel.getByPlaceholder("请输入动态码").fill(lastSmsCode(mobile));
  await loginPanel.getByRole("button", { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/web\/member$/);
});

test("opening a login or register page spends no captcha until the form is used", async ({ page }) => {
  const captchaCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/captcha/captcha")) captchaCalls.push(request.url());
  });
  for (const path of ["/web/auth/login", "/web/auth/register"]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: "点击获取验证码" })).toBeVisible();
  }
  expect(captchaCalls).toEqual([]);
  await captchaCodeAfter(page, () => page.getByPlaceholder("请输入用户名").click());
  await expect(page.getByRole("img", { name: "图形验证码" })).toBeVisible();
  expect(captchaCalls).toHaveLength(1);
});

test("a shopper who clicks into the login form before the page's script has run still gets a captcha", async ({ page }) => {
  // The page's scripts are held until the shopper is in the form: no focus event reaches React.
  let releaseScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/web\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/web/auth/login", { waitUntil: "commit" });
  await page.getByPlaceholder("用户名 / 手机号").click();
  expect(await hydrated(page)).toBe(false);
  releaseScripts();
  await expect.poll(() => hydrated(page)).toBe(true);
  await expect(page.getByRole("img", { name: "图形验证码" })).toBeVisible();
});

test("a captcha refused as too frequent says why and when to retry", async ({ page }) => {
  // An address of this test's own (the server believes X-Forwarded-For in e2e), so no other spec loses its budget.
  const address = { "x-forwarded-for": `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
  await page.route("**/api/captcha/captcha", (route) => route.continue({ headers: { ...route.request().headers(), ...address } }));
  // Spends the address's captcha budget: over it the call answers -10029 (HTTP 200, so clients of the reference show the message).
  let answer = 0;
  for (let calls = 0; calls <= 30 && answer !== -10029; calls++) {
    answer = ((await (await page.request.post("/api/captcha/captcha", { data: {}, headers: address })).json()) as { code: number }).code;
  }
  expect(answer).toBe(-10029);

  await page.goto("/web/auth/login");
  await page.getByPlaceholder("用户名 / 手机号").fill("demo");
  await expect(page.getByText(/^操作过于频繁，请稍后再试（\d+ 秒后）$/)).toBeVisible();
  await expect(page.getByRole("button", { name: /^\d+ 秒后可刷新$/ })).toBeDisabled();
});

test("a signed-in member opening the login or register page goes on to the redirect target or the member centre", async ({ page }) => {
  const shopper = await registerShopper(page.request, "e2g");
  await page.goto("/web/auth/login");
  await expect(page).toHaveURL(/\/web\/member$/);
  await page.goto(`/web/auth/register?redirect=${encodeURIComponent("/goods/cart")}`);
  await expect(page).toHaveURL(/\/web\/goods\/cart$/);
  await page.goto(`/web/auth/login?redirect=${encodeURIComponent("//evil.example/")}`);
  await expect(page).toHaveURL(/\/web\/member$/);
  await expect(page.getByRole("link", { name: shopper.username })).toBeVisible();
});
