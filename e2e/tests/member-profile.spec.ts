import { test, expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { CAPTCHA_TEST_CODE } from "../playwright.config.ts";
import { E2E_DATA_DIR, api, logInThroughApi, registerShopper, watchErrors, type Shopper } from "./support.ts";
import { describeViolations, runAxe } from "./axe.ts";

/**
 * Issue 10's profile and security walk, in the browser on the real server: /member/info (profile
 * fields, avatar upload cropped square), the /member welcome page's figures, then 账户安全: bind a
 * mobile, change the login password (another device is signed out), set and reset the pay password,
 * change the mobile — the step-by-step forms with captchas and SMS codes as a member uses them.
 */

// Each run of this spec has an address of its own: its SMS sends and security changes stay within
// the per-address budgets whatever other specs did in the same minute (the server trusts the proxy header).
const CLIENT_IP = `10.77.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
// axe arrives as an inline script tag, which the pages' CSP (nonce-only, tested in csp.spec.ts) blocks.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": CLIENT_IP }, bypassCSP: true });

/** The newest code the development SMS provider recorded for a mobile (the e2e server's database). */
function lastSmsCode(mobile: string): string {
  const database = new Database(path.join(E2E_DATA_DIR, "shop.sqlite"), { readonly: true, fileMustExist: true });
  try {
    const row = database.prepare("select code from sms_outbox where mobile = ? order by id desc limit 1").get(mobile) as { code: string } | undefined;
    if (!row) throw new Error(`no SMS sent to ${mobile}`);
    return row.code;
  } finally {
    database.close();
  }
}

const freshMobile = () => `137${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`;
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

/** The visible step form of the security page. */
const stepForm = (page: Page) => page.locator("form.security-form");

/** Solves the form's image captcha: the first focus loads it (and clears the field), then the e2e code. */
async function solveCaptcha(page: Page): Promise<void> {
  const form = stepForm(page);
  await form.getByPlaceholder("请输入验证码").click();
  await expect(form.getByRole("img", { name: "图形验证码" })).toBeVisible();
  await form.getByPlaceholder("请输入验证码").fill(CAPTCHA_TEST_CODE);
}

/** 获取动态码 → countdown → the code the outbox recorded for `mobile`, typed in. */
async function enterSmsCode(page: Page, mobile: string): Promise<void> {
  const form = stepForm(page);
  await solveCaptcha(page);
  await form.getByRole("button", { name: "获取动态码" }).click();
  await expect(form.getByRole("button", { name: /秒后重新获取/ })).toBeVisible();
  await form.getByPlaceholder("请输入动态码").fill(lastSmsCode(mobile));
}

/** Whether a session (another browser, another device) is still signed in. */
async function stillSignedIn(other: APIRequestContext): Promise<boolean> {
  const envelope = (await (await other.post("/api/member/info", { data: {} })).json()) as { code: number };
  return envelope.code === 0;
}

async function openSecurityAction(page: Page, label: string): Promise<void> {
  await page.goto("/web/member/security");
  await page.getByRole("link", { name: label }).click();
  await expect(page).toHaveURL(/\/web\/member\/security\/security\?type=/);
  await page.waitForLoadState("networkidle");
}

test("个人信息: profile fields and a cropped avatar; the welcome page shows the member's figures", async ({ page }) => {
  const errors = watchErrors(page);
  await registerShopper(page.request, "prof");
  const goods = await api<{ list: Array<{ goods_id: number; sku_id: number; sku_name: string }> }>(page.request, "/api/goodssku/page", { page_size: 2 });
  const [followed, browsed] = goods.list;
  await api(page.request, "/api/goodscollect/add", { goods_id: followed!.goods_id, sku_id: followed!.sku_id });
  await api(page.request, "/api/goodsbrowse/add", { goods_id: browsed!.goods_id, sku_id: browsed!.sku_id });

  await page.goto("/web/member/info");
  await expect(page.getByRole("heading", { name: "个人信息" })).toBeVisible();
  const form = page.locator("form.profile-form");
  // A nickname is required: the contract's message, nothing sent.
  await form.getByLabel("昵称").fill("");
  await form.getByRole("button", { name: /保\s*存/ }).click();
  await expect(form.getByText("请输入昵称")).toBeVisible();

  await form.getByLabel("昵称").fill("小鱼儿");
  await form.getByLabel("真实姓名").fill("江小鱼");
  await form.getByText("女", { exact: true }).click();
  await form.getByPlaceholder("请选择出生日期").fill("1995-02-28");
  // Tab commits the typed date (Enter would submit the form as well).
  await form.getByPlaceholder("请选择出生日期").press("Tab");
  await form.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("个人信息已保存")).toBeVisible();
  await expect(page.locator(".topbar").getByText("小鱼儿")).toBeVisible();

  // The avatar: a wide picture becomes its centred square.
  const picture = await sharp({ create: { width: 900, height: 500, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
  await page.locator('input[type=file][aria-label="选择头像图片"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
  await expect(page.getByText("头像已更新")).toBeVisible();
  const avatar = page.locator(".profile-avatar-image img");
  await expect(avatar).toHaveAttribute("src", /\/upload\/headimg\/\d{8}\/[0-9a-f]{32}\.jpg$/);
  const stored = await page.request.get((await avatar.getAttribute("src"))!);
  expect(await sharp(await stored.body()).metadata()).toMatchObject({ width: 400, height: 400, format: "jpeg" });

  // Saved for good: a fresh load shows every field.
  await page.reload();
  await expect(form.getByLabel("昵称")).toHaveValue("小鱼儿");
  await expect(form.getByLabel("真实姓名")).toHaveValue("江小鱼");
  await expect(form.getByRole("radio", { name: "女" })).toBeChecked();
  await expect(form.getByPlaceholder("请选择出生日期")).toHaveValue("1995-02-28");

  // The welcome page: name and avatar, level and the growth to the next one, coupons, follows, footprints.
  await page.goto("/web/member");
  const summary = page.locator(".member-summary");
  await expect(summary.getByText("小鱼儿")).toBeVisible();
  await expect(summary.locator(".member-summary-avatar img")).toHaveAttribute("src", /\/upload\/headimg\//);
  await expect(summary.locator(".member-summary-growth-text")).toHaveText(/^成长值 \d+，再获得 \d+ 成长值升级为\S+$/);
  const coupons = await api<{ unused: number }>(page.request, "/coupon/api/coupon/num");
  await expect(summary.getByRole("link", { name: /优惠券（张）/ })).toContainText(String(coupons.unused));
  await expect(page.getByRole("region", { name: "我的关注" }).getByRole("link", { name: followed!.sku_name })).toBeVisible();
  await expect(page.getByRole("region", { name: "最近浏览" }).getByRole("link", { name: browsed!.sku_name })).toBeVisible();
  await expect(page.getByRole("link", { name: "支付密码：设置" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("welcome.png"), fullPage: true });
  expect(errors).toEqual([]);
});

test("账户安全: bind a mobile, change the password (other devices signed out), set and reset the pay password, change the mobile", async ({ page }) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  const shopper: Shopper = await registerShopper(page.request, "sec");
  const otherDevice = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { "X-Forwarded-For": "10.78.0.1" } });
  await logInThroughApi(otherDevice, shopper);
  expect(await stillSignedIn(otherDevice)).toBe(true);

  await page.goto("/web/member/security");
  await expect(page.locator(".security-level")).toContainText("安全等级：低");
  await expect(page.locator(".security-item", { hasText: "绑定手机" })).toContainText("未绑定");

  // 1. Bind a first mobile: one step; nobody is signed out.
  const mobile = freshMobile();
  await openSecurityAction(page, "绑定手机：绑定");
  await expect(page.getByRole("heading", { name: "绑定手机" })).toBeVisible();
  await stepForm(page).getByPlaceholder("请输入手机号").fill(mobile);
  await enterSmsCode(page, mobile);
  await stepForm(page).getByRole("button", { name: "确认绑定" }).click();
  await expect(page.getByText("手机绑定成功")).toBeVisible();
  await expect(page.getByText(`当前绑定手机：${masked(mobile)}`)).toBeVisible();
  expect(await stillSignedIn(otherDevice)).toBe(true);

  // 2. Change the login password with the old one: a wrong one is refused, then the other device is signed out.
  await openSecurityAction(page, "登录密码：修改");
  const passwordForm = stepForm(page);
  await passwordForm.getByPlaceholder("请输入原密码").fill("wrong-pass1");
  await passwordForm.getByPlaceholder("请设置新密码").fill("newpass123");
  await passwordForm.getByPlaceholder("请再次输入新密码").fill("newpass123");
  await passwordForm.getByRole("button", { name: /确认修改/ }).click();
  await expect(page.getByText("原密码错误")).toBeVisible();
  await passwordForm.getByPlaceholder("请输入原密码").fill(shopper.password);
  await passwordForm.getByRole("button", { name: /确认修改/ }).click();
  await expect(page.getByText("登录密码已修改")).toBeVisible();
  expect(await stillSignedIn(otherDevice)).toBe(false);

  // 3. Set the first pay password (too simple ones are refused in the form).
  await openSecurityAction(page, "支付密码：设置");
  await stepForm(page).getByPlaceholder("请设置 6 位数字支付密码").fill("123456");
  await stepForm(page).getByPlaceholder("请再次输入支付密码").fill("123456");
  await stepForm(page).getByRole("button", { name: /确\s*认/ }).click();
  await expect(stepForm(page).getByText("支付密码过于简单，请勿使用重复或连续的数字")).toBeVisible();
  await stepForm(page).getByPlaceholder("请设置 6 位数字支付密码").fill("135790");
  await stepForm(page).getByPlaceholder("请再次输入支付密码").fill("135790");
  await stepForm(page).getByRole("button", { name: /确\s*认/ }).click();
  await expect(page.getByText("支付密码已设置")).toBeVisible();

  // 4. Forgot it: the bound mobile's code, then a new one.
  await openSecurityAction(page, "支付密码：找回");
  await expect(page.getByText(`动态码将发送至已绑定的手机 ${masked(mobile)}`)).toBeVisible();
  await enterSmsCode(page, mobile);
  await stepForm(page).getByRole("button", { name: "下一步" }).click();
  await stepForm(page).getByPlaceholder("请设置 6 位数字支付密码").fill("246801");
  await stepForm(page).getByPlaceholder("请再次输入支付密码").fill("246801");
  await stepForm(page).getByRole("button", { name: /确\s*认/ }).click();
  await expect(page.getByText("支付密码已重置")).toBeVisible();

  // 5. Change the mobile: the old number's code, then the new number's; other devices are signed out again.
  await logInThroughApi(otherDevice, { username: shopper.username, password: "newpass123" });
  expect(await stillSignedIn(otherDevice)).toBe(true);
  const newMobile = freshMobile();
  await openSecurityAction(page, "绑定手机：更换");
  await enterSmsCode(page, mobile);
  await stepForm(page).getByRole("button", { name: "下一步" }).click();
  await stepForm(page).getByPlaceholder("请输入手机号").fill(newMobile);
  await enterSmsCode(page, newMobile);
  await stepForm(page).getByRole("button", { name: "确认绑定" }).click();
  await expect(page.getByText("绑定手机已更换")).toBeVisible();
  expect(await stillSignedIn(otherDevice)).toBe(false);

  // All set: the overview grades the account 高; the server agrees.
  await page.goto("/web/member/security");
  await expect(page.locator(".security-level")).toContainText("安全等级：高");
  await expect(page.locator(".security-item", { hasText: "绑定手机" })).toContainText(masked(newMobile));
  const info = await api<{ mobile: string; pay_password: number; password: number }>(page.request, "/api/member/info");
  expect(info).toMatchObject({ mobile: newMobile, pay_password: 1, password: 1 });
  await page.screenshot({ path: test.info().outputPath("security.png"), fullPage: true });
  await otherDevice.dispose();
  expect(errors).toEqual([]);
});

test("the profile and security pages have no serious accessibility violation", async ({ page }) => {
  await registerShopper(page.request, "a11y");
  for (const pagePath of ["/web/member", "/web/member/info", "/web/member/security", "/web/member/security/security?type=mobile", "/web/member/security/security?type=paypassword"]) {
    await page.goto(pagePath);
    await page.waitForLoadState("networkidle");
    const { failures } = await runAxe(page);
    expect(failures.length, `${pagePath}:\n${describeViolations(failures)}`).toBe(0);
  }
});
