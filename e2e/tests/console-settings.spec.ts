import { test, expect, type Page } from "@playwright/test";
import { CACHED_SHOP_PORT } from "../playwright.config.ts";
import { logInToConsole, SEEDED_ADMIN, watchErrors } from "./support.ts";

/**
 * The owner's settings in the console (issue 22), on the shop with its page and data caches on
 * as in production: a saved setting reaches guests on their next request (the save purges the
 * cached pages). Site name → the storefront's header; closing the shop → /web/close; reopening.
 * Every settings page is opened and photographed (.cache/console-settings-*.png).
 */
test.use({ baseURL: `http://127.0.0.1:${CACHED_SHOP_PORT}` });

async function saveSettings(page: Page) {
  await page.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("已保存，商城页面已同步更新").last()).toBeVisible();
}

test("the owner renames the shop, closes it and reopens it from the console; guests see each change on their next request", async ({ page, browser }) => {
  const errors = watchErrors(page);
  const guest = await browser.newPage();
  // Warm the cached home page, so the change must come through a purge.
  await guest.goto("/web/");
  await expect(guest.locator(".topbar-welcome")).toContainText("欢迎来到优选商城");

  await logInToConsole(page);
  await page.goto("/console/settings/site");
  const name = page.getByLabel("站点名称");
  await expect(name).toHaveValue("优选商城");
  await name.fill("");
  await page.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("请输入站点名称")).toBeVisible();
  await name.fill("焕新优选商城");
  await saveSettings(page);
  await page.screenshot({ path: ".cache/console-settings-site.png", fullPage: true });

  await guest.goto("/web/");
  await expect(guest.locator(".topbar-welcome")).toContainText("欢迎来到焕新优选商城");

  // Close the shop: guests land on the close page at their next request; the console keeps working.
  await page.getByRole("switch", { name: "商城状态" }).click();
  await page.getByLabel("关闭说明").fill("店铺盘点中，明天恢复营业");
  await saveSettings(page);
  await guest.goto("/web/");
  await expect(guest).toHaveURL(/\/web\/close$/);
  // The close page says what the owner wrote.
  await expect(guest.getByText("店铺盘点中，明天恢复营业")).toBeVisible();
  await guest.screenshot({ path: ".cache/console-settings-closed-shop.png" });

  await page.reload();
  await expect(page.getByRole("switch", { name: "商城状态" })).not.toBeChecked();
  await page.getByRole("switch", { name: "商城状态" }).click();
  await saveSettings(page);
  await guest.goto("/web/");
  await expect(guest).toHaveURL(/\/web\/$/);
  await expect(guest.locator(".topbar-welcome")).toContainText("欢迎来到焕新优选商城");

  // Put the name back for other specs of this server.
  await page.getByLabel("站点名称").fill("优选商城");
  await saveSettings(page);
  expect(errors).toEqual([]);
});

test("every settings page opens with its saved values; the demo's cashier offers 演示支付", async ({ page }) => {
  const errors = watchErrors(page);
  await logInToConsole(page);
  const pages: Array<[string, string, string]> = [
    ["register", "注册与登录", "最短长度"],
    ["order", "交易设置", "未付款自动关闭"],
    ["points", "积分与余额", "抵扣比例"],
    ["pay", "支付设置", "演示支付"],
    ["sms", "短信设置", "测试手机号"],
  ];
  for (const [path, title, field] of pages) {
    await page.goto(`/console/settings/${path}`);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByLabel(field).first()).toBeVisible();
    await page.screenshot({ path: `.cache/console-settings-${path}.png`, fullPage: true });
  }
  await page.goto("/console/settings/order");
  await saveSettings(page);
  await page.goto("/console/settings/pay");
  await expect(page.locator(".ant-tag", { hasText: "演示支付" })).toBeVisible();
  await expect(page.getByText("沙箱")).toHaveCount(0);

  await page.goto("/console/staff/password");
  await page.getByLabel("原密码").fill(SEEDED_ADMIN.password);
  await page.getByLabel("新密码", { exact: true }).fill("another-pass-1");
  await page.getByLabel("确认新密码").fill("another-pass-2");
  await page.getByRole("button", { name: "修改密码" }).click();
  await expect(page.getByText("两次输入的新密码不一致")).toBeVisible();
  await page.screenshot({ path: ".cache/console-settings-password.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("the owner turns the login captcha off and on: the storefront's login form follows at once", async ({ page, browser }) => {
  const errors = watchErrors(page);
  const guest = await browser.newPage();
  await guest.goto("/web/auth/login");
  await expect(guest.getByPlaceholder("请输入验证码")).toBeVisible();

  await logInToConsole(page);
  await page.goto("/console/settings/register");
  const loginCaptcha = page.getByRole("switch", { name: "密码登录验证码" });
  await expect(loginCaptcha).toBeChecked();
  await loginCaptcha.click();
  await saveSettings(page);
  try {
    await guest.goto("/web/auth/login");
    await expect(guest.getByPlaceholder("用户名 / 手机号")).toBeVisible();
    await expect(guest.getByPlaceholder("请输入验证码")).toHaveCount(0);
    // The mobile-code tab keeps its captcha: it guards sending a text.
    await guest.getByRole("tab", { name: "手机动态码登录" }).click();
    await expect(guest.getByPlaceholder("请输入验证码")).toBeVisible();
  } finally {
    await page.reload();
    await expect(page.getByRole("switch", { name: "密码登录验证码" })).not.toBeChecked();
    await page.getByRole("switch", { name: "密码登录验证码" }).click();
    await saveSettings(page);
  }
  await guest.goto("/web/auth/login");
  await expect(guest.getByPlaceholder("请输入验证码")).toBeVisible();
  expect(errors).toEqual([]);
});
