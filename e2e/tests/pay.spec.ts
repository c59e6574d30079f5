import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { CAPTCHA_TEST_CODE } from "../playwright.config.ts";
import { E2E_DATA_DIR, REPO_ROOT } from "./support.ts";

/**
 * The cashier as a shopper uses it (SPEC §2 /pay, /pay/result, /pay/payAll, /pay/resultall): the
 * sandbox gateway opens in a new tab, 确认支付 there sends the signed notify through the job queue
 * and both tabs land on the result; the balance pays at once (pay password asked when set); a merged
 * payment covers several orders. Unpaid orders come from the order test fixture, written into the
 * e2e server's database (the same rows checkout leaves: stock taken, a trade open).
 */

interface TestOrder {
  orderId: number;
  orderNo: string;
  outTradeNo: string;
  payMoneyCents: number;
}

const serverModule = (file: string) => JSON.stringify(path.join(REPO_ROOT, "apps/server/src", file));

/** Runs a snippet against the e2e server's database (with tsx, as the server runs) and returns what it prints as JSON. */
function withServerDb<T>(body: string): T {
  const script = `
    const { connect } = await import(${serverModule("db/connect.ts")});
    const fixtures = await import(${serverModule("modules/order/test-fixtures.ts")});
    const { hashPassword } = await import(${serverModule("core/password.ts")});
    const handle = connect({ sqliteFile: ${JSON.stringify(path.join(E2E_DATA_DIR, "shop.sqlite"))} });
    const db = handle.db;
    const result = await (async () => { ${body} })();
    await handle.close();
    console.log(JSON.stringify(result ?? null));`;
  const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  return JSON.parse(output.toString().trim().split("\n").pop()!) as T;
}

/** Unpaid orders of the member, each one SKU of the seeded catalogue priced under ¥50. */
function unpaidOrders(memberId: number, count: number): TestOrder[] {
  return withServerDb<TestOrder[]>(`
    const skus = await db.selectFrom("goods_sku").innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
      .select("goods_sku.sku_id").where("goods.goods_state", "=", 1).where("goods.is_delete", "=", 0).where("goods_sku.stock", ">", 20)
      .where("goods_sku.discount_price_cents", ">", 1000).where("goods_sku.discount_price_cents", "<", 5000).orderBy("goods_sku.sku_id").limit(${count}).execute();
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

/** A fresh member, logged in on the page's context (its cookie); its member id. */
async function registerShopper(request: APIRequestContext): Promise<number> {
  const captcha = (await (await request.post("/api/captcha/captcha", { data: {} })).json()) as { data: { id: string } };
  const registered = await request.post("/api/register/username", {
    data: { username: `pay${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`, password: "abc12345", captcha_id: captcha.data.id, captcha_code: CAPTCHA_TEST_CODE },
  });
  expect(((await registered.json()) as { code: number }).code).toBe(0);
  const info = (await (await request.post("/api/member/info", { data: {} })).json()) as { data: { member_id: number } };
  return info.data.member_id;
}

/** Fails the test on any script error or CSP report of the page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Refused to/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

test("sandbox: cashier → gateway tab → 确认支付 → the notify arrives → both tabs show 支付成功", async ({ page, context }) => {
  const errors = watchErrors(page);
  const memberId = await registerShopper(page.context().request);
  const [order] = unpaidOrders(memberId, 1) as [TestOrder];

  await page.goto(`/web/pay?code=${order.outTradeNo}`);
  await expect(page).toHaveTitle(/^收银台/);
  await expect(page.getByRole("heading", { name: "订单提交成功，请尽快付款！" })).toBeVisible();
  await expect(page.locator(".pay-head-amount")).toContainText(yuan(order.payMoneyCents));
  await expect(page.getByText(order.orderNo)).toBeVisible();
  await expect(page.locator(".pay-countdown-left")).toHaveText(/^(29|30)分\d\d秒$/);
  // No balance: the balance card is there but refused; the sandbox is chosen.
  await expect(page.getByRole("radio", { name: /余额支付/ })).toBeDisabled();
  await expect(page.getByRole("radio", { name: /沙箱支付/ })).toHaveAttribute("aria-checked", "true");

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
  await expect(page.getByText("支付方式：沙箱支付")).toBeVisible();
  await expect(gateway.getByText("支付成功")).toBeVisible({ timeout: 10_000 });
  await page.getByRole("link", { name: "查看订单" }).click();
  await expect(page).toHaveURL(/\/web\/member\/order_list$/);
  expect(errors).toEqual([]);
});

test("balance: the pay password is asked and checked, then the order is paid at once", async ({ page }) => {
  const errors = watchErrors(page);
  const memberId = await registerShopper(page.context().request);
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
  const memberId = await registerShopper(page.context().request);
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
  const owner = await registerShopper(page.context().request);
  const [order] = unpaidOrders(owner, 1) as [TestOrder];

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerShopper(other.request);
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
