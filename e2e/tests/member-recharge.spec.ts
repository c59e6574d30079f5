import { test, expect } from "@playwright/test";
import { registerShopper, watchErrors } from "./support.ts";

/**
 * Recharge as a member does it (SPEC §2 /member/account, recharge_list, recharge_order,
 * recharge_detail): choose a package, the cashier collects it through the sandbox gateway (never
 * the balance), the notify credits the balance; the balance, the ledger and the records show it —
 * once. Packages come from the seed (apps/server/src/seed/recharge.ts).
 */
test("recharge ¥200 → sandbox gateway → ¥210.00 on the balance, one ledger row, one paid record", async ({ page, context }) => {
  const errors = watchErrors(page);
  await registerShopper(page.context().request, "rc");

  await page.goto("/web/member/recharge_list");
  await expect(page).toHaveTitle(/^账户充值/);
  await expect(page.getByTestId("recharge-balance")).toHaveText("¥0.00");
  const pack = page.getByRole("radio", { name: /充200送10元/ });
  await expect(pack).toContainText("多得 ¥10.00");
  await expect(pack).toContainText("送 200 积分");
  await pack.click();
  await expect(pack).toHaveAttribute("aria-checked", "true");
  await expect(page.locator(".recharge-submit")).toContainText("¥200.00");
  await page.getByRole("button", { name: "立即充值" }).click();

  // The cashier of the recharge trade: its summary, and the gateways only.
  await expect(page).toHaveURL(/\/web\/pay\?code=\d+$/);
  const code = new URL(page.url()).searchParams.get("code")!;
  await expect(page.getByRole("heading", { name: "充值订单提交成功，请尽快付款！" })).toBeVisible();
  await expect(page.locator(".pay-head-amount")).toContainText("¥200.00");
  await expect(page.locator(".pay-order-single")).toContainText("¥210.00（存入账户余额）");
  await expect(page.getByRole("radio", { name: /余额支付/ })).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /演示支付/ })).toHaveAttribute("aria-checked", "true");

  const gatewayOpened = context.waitForEvent("page");
  await page.getByRole("button", { name: "立即支付" }).click();
  const gateway = await gatewayOpened;
  await gateway.waitForURL(/\/sandbox-gateway\/pay\?/);
  await expect(gateway.locator(".amount")).toHaveText("¥200.00");
  await gateway.getByRole("button", { name: "确认支付" }).click();
  await gateway.waitForURL(new RegExp(`/web/pay/result\\?code=${code}$`));

  await expect(page).toHaveURL(new RegExp(`/web/pay/result\\?code=${code}$`), { timeout: 20_000 });
  await expect(page.getByText("支付成功")).toBeVisible();
  await expect(page.getByText("¥210.00 已存入账户余额")).toBeVisible();
  // The gateway tab's result page shows the same, and reloading it changes nothing.
  await expect(gateway.getByText("支付成功")).toBeVisible({ timeout: 10_000 });
  await gateway.reload();
  await gateway.close();

  await page.getByRole("link", { name: "查看余额" }).click();
  await expect(page).toHaveURL(/\/web\/member\/account$/);
  await expect(page.getByTestId("account-balance")).toHaveText("210.00");
  const rows = page.locator(".ledger-table tbody tr");
  await expect(rows.filter({ hasText: "会员充值" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "会员充值" })).toContainText("+210.00");
  // Filtered to 充值, the ledger still holds it once.
  await page.getByLabel("类型").selectOption({ label: "充值" });
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/type=recharge/);
  await expect(rows).toHaveCount(1);

  await page.goto("/web/member/recharge_order");
  await expect(page.locator(".recharge-table tbody tr")).toHaveCount(1);
  await expect(page.locator(".recharge-table tbody tr")).toContainText("已支付");
  await page.getByRole("link", { name: "查看详情" }).click();
  await expect(page).toHaveURL(/\/web\/member\/recharge_detail\?order_id=\d+$/);
  await expect(page.locator(".recharge-detail-status")).toContainText("充值成功，¥210.00 已存入账户余额");
  await expect(page.locator(".recharge-detail-info")).toContainText("演示支付");
  expect(errors).toEqual([]);
});

test("an unpaid recharge waits in the records with 去支付; another member's recharge is not found", async ({ page, browser }) => {
  const errors = watchErrors(page);
  await registerShopper(page.context().request, "rc");
  await page.goto("/web/member/recharge_list");
  await page.getByRole("radio", { name: /充50元/ }).click();
  await page.getByRole("button", { name: "立即充值" }).click();
  await expect(page).toHaveURL(/\/web\/pay\?code=\d+$/);
  const code = new URL(page.url()).searchParams.get("code")!;

  await page.goto("/web/member/recharge_order?status=0");
  const row = page.locator(".recharge-table tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("待支付");
  await expect(row.getByRole("link", { name: "去支付" })).toHaveAttribute("href", `/web/pay?code=${code}`);
  await row.getByRole("link", { name: "查看详情" }).click();
  await expect(page.locator(".recharge-detail-status")).toContainText("请尽快完成支付");
  const detailUrl = page.url();
  await page.goto("/web/member/account");
  await expect(page.getByTestId("account-balance")).toHaveText("0.00");

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerShopper(other.request, "rc");
  await otherPage.goto(detailUrl);
  await expect(otherPage.getByText("充值订单不存在")).toBeVisible();
  await otherPage.goto(`/web/pay?code=${code}`);
  await expect(otherPage.getByText("交易不存在")).toBeVisible();
  await other.close();
  expect(errors).toEqual([]);
});
