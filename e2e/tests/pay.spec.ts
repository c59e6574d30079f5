import { test, expect } from "@playwright/test";
import { FIXTURE_SKUS_QUERY, registerShopper, watchErrors, withServerDb, yuan, type TestOrder } from "./support.ts";

/**
 * The cashier as a shopper uses it (SPEC §2 /pay, /pay/result, /pay/payAll, /pay/resultall): the
 * sandbox gateway opens in a new tab, 确认支付 there sends the signed notify through the job queue
 * and both tabs land on the result; the balance pays at once (pay password asked when set); a merged
 * payment covers several orders. Unpaid orders come from the order test fixture, written into the
 * e2e server's database (the same rows checkout leaves: stock taken, a trade open).
 */

/** Unpaid orders of the member, each one SKU of the seeded catalogue priced under ¥50. */
function unpaidOrders(memberId: number, count: number): TestOrder[] {
  return withServerDb<TestOrder[]>(`
    const skus = await ${FIXTURE_SKUS_QUERY}.limit(${count}).execute();
    const orders = [];
    for (const sku of skus) orders.push(await fixtures.createTestOrder(db, { memberId: ${memberId}, lines: [{ skuId: sku.sku_id, num: 1 }] }));
    return orders;`);
}

function grantBalance(memberId: number, cents: number): void {
  withServerDb(`await fixtures.grantAccount(db, ${memberId}, "balance", ${cents}, "e2e-pay-" + Date.now());`);
}

function setPayPassword(memberId: number, password: string): void {
  withServerDb(`await db.updateTable("member").set({ pay_password: await hashPassword(${JSON.stringify(password)}) }).where("member_id", "=", ${memberId}).execute();`);
}

test("sandbox: cashier → gateway tab → 确认支付 → the notify arrives → both tabs show 支付成功", async ({ page, context }) => {
  const errors = watchErrors(page);
  const { memberId } = await registerShopper(page.context().request, "pay");
  const [order] = unpaidOrders(memberId, 1) as [TestOrder];

  await page.goto(`/web/pay?code=${order.outTradeNo}`);
  await expect(page).toHaveTitle(/^收银台/);
  await expect(page.getByRole("heading", { name: "订单提交成功，请尽快付款！" })).toBeVisible();
  await expect(page.locator(".pay-head-amount")).toContainText(yuan(order.payMoneyCents));
  await expect(page.getByText(order.orderNo)).toBeVisible();
  await expect(page.locator(".pay-countdown-left")).toHaveText(/^(29|30)分\d\d秒$/);
  // No balance: the balance card is there but refused; the sandbox is chosen.
  await expect(page.getByRole("radio", { name: /余额支付/ })).toBeDisabled();
  await expect(page.getByRole("radio", { name: /演示支付/ })).toHaveAttribute("aria-checked", "true");

  const gatewayOpened = context.waitForEvent("page");
  await page.getByRole("button", { name: "立即支付" }).click();
  const gateway = await gatewayOpened;
  await gateway.waitForURL(/\/sandbox-gateway\/pay\?/);
  await expect(page.getByRole("dialog")).toContainText("请在新打开的页面中完成支付");
  await expect(gateway.locator(".amount")).toHaveText(yuan(order.payMoneyCents));
  await expect(gateway.locator(".qr svg")).toBeVisible();

  await gateway.getByRole("button", { name: "确认支付" }).click();
  await gateway.waitForURL(new RegExp(`/web/pay/result\\?code=${order.outTradeNo}$`));
  // The cashier polls every 2 s and moves on once the job delivered the notify.
  await expect(page).toHaveURL(new RegExp(`/web/pay/result\\?code=${order.outTradeNo}$`), { timeout: 20_000 });
  await expect(page.getByText("支付成功")).toBeVisible();
  await expect(page.getByText("支付方式：演示支付")).toBeVisible();
  await expect(gateway.getByText("支付成功")).toBeVisible({ timeout: 10_000 });
  await page.getByRole("link", { name: "查看订单" }).click();
  await expect(page).toHaveURL(/\/web\/member\/order_list$/);
  expect(errors).toEqual([]);
});

test("balance: the pay password is asked and checked, then the order is paid at once", async ({ page }) => {
  const errors = watchErrors(page);
  const { memberId } = await registerShopper(page.context().request, "pay");
  const [order] = unpaidOrders(memberId, 1) as [TestOrder];
  grantBalance(memberId, 10_000);
  setPayPassword(memberId, "135790");

  await page.goto(`/web/pay?code=${order.outTradeNo}`);
  await expect(page.getByRole("radio", { name: /余额支付/ })).toContainText("可用余额 ¥100.00");
  await page.getByRole("radio", { name: /余额支付/ }).click();
  await page.getByRole("button", { name: "立即支付" }).click();
  await expect(page.locator(".ant-message")).toContainText("请输入支付密码");
  await page.getByPlaceholder("请输入支付密码").fill("000000");
  await page.getByRole("button", { name: "立即支付" }).click();
  await expect(page.locator(".ant-message")).toContainText("支付密码错误");
  await page.getByPlaceholder("请输入支付密码").fill("135790");
  await page.getByRole("button", { name: "立即支付" }).click();

  await expect(page).toHaveURL(new RegExp(`/web/pay/result\\?code=${order.outTradeNo}$`));
  await expect(page.getByText("支付成功")).toBeVisible();
  await expect(page.getByText("支付方式：余额支付")).toBeVisible();
  // The cashier of a paid trade goes straight to its result.
  await page.goto(`/web/pay?code=${order.outTradeNo}`);
  await expect(page).toHaveURL(new RegExp(`/web/pay/result\\?code=${order.outTradeNo}$`));
  expect(errors).toEqual([]);
});

test("merged payment: /pay/payAll?order_ids= → one trade for both orders → /pay/resultall", async ({ page }) => {
  const errors = watchErrors(page);
  const { memberId } = await registerShopper(page.context().request, "pay");
  const orders = unpaidOrders(memberId, 2);
  grantBalance(memberId, 20_000);
  const total = orders.reduce((sum, order) => sum + order.payMoneyCents, 0);

  await page.goto(`/web/pay/payAll?order_ids=${orders.map((order) => order.orderId).join(",")}`);
  await expect(page).toHaveURL(/\/web\/pay\/payAll\?code=\d+$/);
  await expect(page.getByRole("heading", { name: "您正在合并支付 2 个订单，请尽快付款！" })).toBeVisible();
  await expect(page.locator(".pay-order-table tbody tr")).toHaveCount(2);
  await expect(page.locator(".pay-head-amount")).toContainText(yuan(total));

  await page.getByRole("radio", { name: /余额支付/ }).click();
  await page.getByRole("button", { name: "立即支付" }).click();
  await expect(page).toHaveURL(/\/web\/pay\/resultall\?code=\d+$/);
  await expect(page.getByText("支付成功")).toBeVisible();
  await expect(page.locator(".pay-order-table tbody tr")).toHaveCount(2);
  for (const order of orders) await expect(page.getByText(order.orderNo)).toBeVisible();
  expect(errors).toEqual([]);
});

test("another member's trade number is not found; a guest is sent to login", async ({ page, browser }) => {
  const { memberId: owner } = await registerShopper(page.context().request, "pay");
  const [order] = unpaidOrders(owner, 1) as [TestOrder];

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerShopper(other.request, "pay");
  await otherPage.goto(`/web/pay?code=${order.outTradeNo}`);
  await expect(otherPage.getByText("无法支付")).toBeVisible();
  await expect(otherPage.getByText("交易不存在")).toBeVisible();
  await otherPage.goto(`/web/pay/result?code=${order.outTradeNo}`);
  await expect(otherPage.getByText("交易不存在")).toBeVisible();
  await other.close();

  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(`/web/pay?code=${order.outTradeNo}`);
  await expect(guestPage).toHaveURL(new RegExp(`/web/auth/login\\?redirect=${encodeURIComponent(`/pay?code=${order.outTradeNo}`)}$`));
  await guest.close();
});
