import { test, expect, type Page } from "@playwright/test";
import { CAPTCHA_TEST_CODE } from "../playwright.config.ts";

/**
 * Delivery addresses in the member centre: add → appears (the first is the default) → a second
 * one → set default → edit → delete the default (the other one becomes the default). A fresh
 * member per run, so addresses other specs give the demo member do not matter.
 */

/** Registers a new member through the API; the browser context keeps the session cookie. */
async function registerMember(page: Page): Promise<void> {
  const captcha = (await (await page.request.post("/api/captcha/captcha", { data: {} })).json()) as { data: { id: string } };
  const username = `addr${Date.now().toString(36)}`;
  const response = await page.request.post("/api/register/username", {
    data: { username, password: "abc12345", captcha_id: captcha.data.id, captcha_code: CAPTCHA_TEST_CODE },
  });
  expect(((await response.json()) as { code: number }).code).toBe(0);
}

/** Chooses a region level: open its select, type the start of the name, click the option. */
async function pickRegion(page: Page, level: "省份" | "城市" | "区/县", name: string): Promise<void> {
  await page.getByRole("combobox", { name: level }).click();
  await page.keyboard.type(name.slice(0, 2));
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`).click();
  await expect(page.locator(".address-region-level", { hasText: name })).toBeVisible();
}

const fieldError = (page: Page, text: string) => page.locator(".ant-form-item-explain-error", { hasText: text });
const card = (page: Page, name: string) => page.locator("article.address-card", { hasText: name });
const saveButton = (page: Page) => page.getByRole("button", { name: /保\s*存/ });

test("add, see, set default, edit and delete delivery addresses", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await registerMember(page);

  await page.goto("/web/member/delivery_address");
  await expect(page.getByText("您还没有收货地址，添加一个吧")).toBeVisible();
  await page.getByRole("button", { name: "新增收货地址" }).click();
  await expect(page).toHaveURL(/\/web\/member\/address_edit$/);
  await expect(page.getByRole("heading", { name: "新增收货地址" })).toBeVisible();

  // Saving an empty form names what is missing, in Chinese, without calling the server.
  await saveButton(page).click();
  for (const text of ["请输入收货人姓名", "请输入手机号", "请选择省份", "请输入详细地址"]) await expect(fieldError(page, text)).toBeVisible();
  await page.getByLabel("手机", { exact: true }).fill("1380013800");
  await page.getByLabel("收货人", { exact: true }).click();
  await expect(fieldError(page, "请输入正确的手机号")).toBeVisible();

  // The first address: 广东省 深圳市 南山区.
  await page.getByLabel("收货人", { exact: true }).fill("王小明");
  await page.getByLabel("手机", { exact: true }).fill("13800138000");
  await pickRegion(page, "省份", "广东省");
  await pickRegion(page, "城市", "深圳市");
  await pickRegion(page, "区/县", "南山区");
  await page.getByLabel("详细地址").fill("科技园科苑路 15 号");
  await saveButton(page).click();

  await expect(page).toHaveURL(/\/web\/member\/delivery_address$/);
  await expect(card(page, "王小明")).toContainText("广东省 深圳市 南山区 科技园科苑路 15 号");
  await expect(card(page, "王小明")).toContainText("13800138000");
  await expect(card(page, "王小明").getByText("默认", { exact: true })).toBeVisible();

  // A second address in 北京: its only city level (市辖区) is chosen by itself.
  await page.getByRole("button", { name: "新增收货地址" }).click();
  await page.getByLabel("收货人", { exact: true }).fill("李雷");
  await page.getByLabel("手机", { exact: true }).fill("13912345678");
  await pickRegion(page, "省份", "北京市");
  await expect(page.locator(".address-region-level", { hasText: "市辖区" })).toBeVisible();
  await pickRegion(page, "区/县", "朝阳区");
  await page.getByLabel("详细地址").fill("建国路 88 号");
  await saveButton(page).click();
  await expect(card(page, "李雷")).toContainText("北京市 市辖区 朝阳区 建国路 88 号");
  await expect(card(page, "李雷").getByText("默认", { exact: true })).toHaveCount(0);
  await expect(page.getByText("已保存 2 个地址")).toBeVisible();

  // Set the second as default: the tag moves, and stays after a reload.
  await card(page, "李雷").getByRole("button", { name: "设为默认" }).click();
  await expect(card(page, "李雷").getByText("默认", { exact: true })).toBeVisible();
  await expect(card(page, "王小明").getByText("默认", { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.locator("article.address-card").first()).toContainText("李雷");
  await expect(card(page, "李雷").getByText("默认", { exact: true })).toBeVisible();

  // Edit the first: the form comes filled in, the change shows in the list.
  await card(page, "王小明").getByRole("link", { name: "编辑" }).click();
  await expect(page).toHaveURL(/\/web\/member\/address_edit\?id=\d+$/);
  await expect(page.getByRole("heading", { name: "编辑收货地址" })).toBeVisible();
  await expect(page.locator(".address-region-level", { hasText: "南山区" })).toBeVisible();
  await expect(page.getByLabel("收货人", { exact: true })).toHaveValue("王小明");
  await page.getByLabel("收货人", { exact: true }).fill("王小明（公司）");
  await pickRegion(page, "区/县", "福田区");
  await saveButton(page).click();
  await expect(card(page, "王小明（公司）")).toContainText("广东省 深圳市 福田区 科技园科苑路 15 号");

  // Delete the default after confirming: the remaining address becomes the default.
  await card(page, "李雷").getByRole("button", { name: /删\s*除/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("确定要删除该地址吗？");
  await dialog.getByRole("button", { name: /删\s*除/ }).click();
  await expect(card(page, "李雷")).toHaveCount(0);
  await expect(card(page, "王小明（公司）").getByText("默认", { exact: true })).toBeVisible();
  await expect(page.getByText("已保存 1 个地址")).toBeVisible();

  expect(errors).toEqual([]);
});

test("address_edit returns to a safe back path only, and says when an address does not exist", async ({ page }) => {
  await registerMember(page);
  await page.goto(`/web/member/address_edit?back=${encodeURIComponent("//evil.example/steal")}`);
  await page.getByLabel("收货人", { exact: true }).fill("韩梅梅");
  await page.getByLabel("手机", { exact: true }).fill("13700137000");
  await pickRegion(page, "省份", "上海市");
  await pickRegion(page, "区/县", "浦东新区");
  await page.getByLabel("详细地址").fill("世纪大道 100 号");
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/web\/member\/delivery_address$/);

  await page.goto(`/web/member/address_edit?back=${encodeURIComponent("/goods/cart")}`);
  await page.getByRole("button", { name: /取\s*消/ }).click();
  await expect(page).toHaveURL(/\/web\/goods\/cart$/);

  await page.goto("/web/member/address_edit?id=99999999");
  await expect(page.getByText("地址不存在")).toBeVisible();
});
