import { test, expect, type Page } from "@playwright/test";
import { centsOf, cheapSkus, choosePickup, logInToConsole, payInSandbox, registerShopper, watchErrors } from "./support.ts";

/**
 * 经营概况 (issue 23): a member registers, buys and pays through the storefront, and the
 * dashboard's today figures rise by exactly that order and that member; a to-do count opens its
 * filtered list. Screenshot: .cache/console-dashboard.png.
 */

const SHOTS = ".cache/console-dashboard";

/** A stat card's shown count. */
async function figure(page: Page, key: string): Promise<number> {
  const value = page.locator(`[data-stat="${key}"] .ant-statistic-content-value`);
  await expect(value).toHaveText(/^[\d,]+$/);
  return Number((await value.textContent())!.replace(/,/g, ""));
}

/** A stat card's shown money, in cents. */
async function money(page: Page, key: string): Promise<number> {
  const value = page.locator(`[data-stat="${key}"] .ant-statistic-content-value`);
  await expect(value).toHaveText(/^[\d,]+\.\d{2}$/);
  return centsOf((await value.textContent()) ?? "");
}

/** The figures once the period's calls have answered. */
async function todayFigures(page: Page) {
  await expect(page.getByLabel("统计数据")).toHaveAttribute("aria-busy", "false");
  return {
    orders: await figure(page, "order_pay_count"),
    money: await money(page, "order_pay_money"),
    payers: await figure(page, "order_member_count"),
    pieces: await figure(page, "goods_pay_count"),
    members: await figure(page, "member_count"),
  };
}

test("a member's paid order raises today's figures by exactly its amount; a to-do opens its list", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await logInToConsole(page);
  await page.goto("/console/overview");
  await expect(page.getByRole("heading", { name: "经营概况" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "今日" })).toBeChecked();
  const before = await todayFigures(page);

  // A new member buys the cheapest SKU: 立即购买 → 门店自提 → 提交订单 → 演示支付.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await registerShopper(memberContext.request, "dash");
  const [sku] = await cheapSkus(memberContext.request);
  await member.goto(`/web/sku/${sku!.sku_id}`);
  await member.waitForLoadState("networkidle");
  await member.getByRole("button", { name: "立即购买" }).click();
  await choosePickup(member);
  await member.getByRole("button", { name: "提交订单" }).click();
  await expect(member).toHaveURL(/\/web\/pay\?code=\d+$/);
  await payInSandbox(member);
  await expect(member.getByText("支付成功")).toBeVisible();
  const paid = /实付金额 (¥[\d,.]+)/.exec((await member.locator(".pay-result").textContent()) ?? "")?.[1];
  expect(paid).toBeDefined();
  const paidCents = centsOf(paid!);
  expect(paidCents).toBeGreaterThan(0);
  await memberContext.close();

  await page.getByRole("button", { name: /刷\s*新/ }).click();
  await expect.poll(() => figure(page, "order_pay_count")).toBe(before.orders + 1);
  expect(await todayFigures(page)).toEqual({
    orders: before.orders + 1,
    money: before.money + paidCents,
    payers: before.payers + 1,
    pieces: before.pieces + 1,
    members: before.members + 1,
  });
  await expect(page.locator('[data-stat="visit_count"]')).toContainText("未统计");
  // the trend and the ranking are drawn (canvas charts)
  await expect(page.getByRole("img", { name: "近7天趋势" }).locator("canvas")).toHaveCount(1);
  await expect(page.getByRole("img", { name: "商品排行" }).locator("canvas")).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}.png`, fullPage: true, animations: "disabled" });

  // 近7天 is kept in the URL and includes today's order
  await page.getByText("近7天", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]period=7/);
  await expect(page.getByText("按北京时间统计近 7 天（含今日）的数据")).toBeVisible();
  expect((await todayFigures(page)).orders).toBeGreaterThanOrEqual(before.orders + 1);
  await page.screenshot({ path: `${SHOTS}-7days.png`, fullPage: true, animations: "disabled" });

  // a to-do count opens its filtered list
  await page.locator('[data-todo="waitsend_count"]').click();
  await expect(page).toHaveURL(/\/console\/order\?order_status=1$/);
  expect(errors).toEqual([]);
});
