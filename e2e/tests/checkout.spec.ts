import { test, expect, type Page } from "@playwright/test";
import { DEMO_MEMBER, api, cheapSkus, logInThroughApi, pickRegion, registerShopper, watchErrors, choosePickup } from "./support.ts";

/**
 * Checkout (/order/payment) as a shopper uses it: buy-now from a SKU page with a new address and
 * the balance paying it all (→ /pay/result), the cart with pickup at a store (→ /pay), a voucher
 * without any address, and the refusals the page shows. Every amount on the page is the server's.
 */

const amount = (page: Page, label: string) => page.locator(".checkout-summary__row", { hasText: `${label}：` }).locator("dd");
const payMoney = (page: Page) => page.locator(".checkout-summary__money");
const submit = (page: Page) => page.getByRole("button", { name: "提交订单" });

test("buy now from the SKU page with a new address; the balance pays it all → /pay/result", async ({ page }) => {
  const errors = watchErrors(page);
  await logInThroughApi(page.request, DEMO_MEMBER);
  const [sku] = await cheapSkus(page.request);
  expect(sku).toBeTruthy();

  await page.goto(`/web/sku/${sku!.sku_id}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "立即购买" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/order/payment\\?sku_id=${sku!.sku_id}&num=1$`));
  await expect(page.getByRole("heading", { name: "填写并核对订单信息" })).toBeVisible();
  await expect(page.locator(".checkout-goods__row")).toContainText(sku!.sku_name);

  // A new address, added inline, is used at once and priced.
  const form = page.locator(".checkout-address__form");
  if (!(await form.isVisible())) await page.getByRole("button", { name: "新增收货地址" }).click();
  await form.getByLabel("收货人", { exact: true }).fill("赵小六");
  await form.getByLabel("手机", { exact: true }).fill("13600136000");
  await pickRegion(page, "省份", "上海市");
  await pickRegion(page, "区/县", "浦东新区");
  await form.getByLabel("详细地址").fill("世纪大道 100 号");
  const calculated = page.waitForResponse((response) => response.url().endsWith("/api/ordercreate/calculate"));
  await form.getByRole("button", { name: "保存并使用" }).click();
  await calculated;
  const chosen = page.locator(".checkout-address__list article.address-card-selected");
  await expect(chosen).toContainText("赵小六");
  await expect(page.locator(".checkout-summary__pay")).toContainText("世纪大道 100 号（赵小六 收 136****6000）");
  await expect(amount(page, "运费")).toHaveText(/^¥\d+\.\d{2}$/);
  await expect(payMoney(page)).not.toHaveText("¥0.00");

  // The demo member's balance covers it: nothing is left to pay.
  await page.getByRole("checkbox", { name: "使用余额" }).check();
  await expect(amount(page, "余额抵扣")).toHaveText(/^-¥\d+\.\d{2}$/);
  await expect(payMoney(page)).toHaveText("¥0.00");
  await page.screenshot({ path: test.info().outputPath("checkout-buy-now.png"), fullPage: true });
  await submit(page).click();
  await expect(page).toHaveURL(/\/web\/pay\/result\?code=\d+$/);
  expect(errors).toEqual([]);
});

test("from the cart, picked up at a store → the cashier", async ({ page }) => {
  await registerShopper(page.request, "buy");
  const [first, second] = await cheapSkus(page.request);
  await api(page.request, "/api/cart/add", { sku_id: first!.sku_id, num: 2 });
  await api(page.request, "/api/cart/add", { sku_id: second!.sku_id, num: 1 });
  await page.goto("/web/goods/cart");
  await page.getByRole("button", { name: "去结算" }).click();
  await expect(page).toHaveURL(/\/web\/order\/payment\?cart_ids=\d+,\d+$/);
  await expect(page.locator(".checkout-goods__row")).toHaveCount(2);

  await choosePickup(page);
  await expect(amount(page, "运费")).toHaveText("¥0.00");

  // Goods money = 2 × first + second, exactly (cents, from the server).
  const cents = (yuan: string) => Math.round(Number(yuan) * 100);
  const goods = 2 * cents(first!.discount_price) + cents(second!.discount_price);
  const expected = `¥${(goods / 100).toFixed(2)}`;
  await expect(amount(page, "商品金额")).toHaveText(expected);
  await expect(payMoney(page)).toHaveText(expected);
  await page.screenshot({ path: test.info().outputPath("checkout-pickup.png"), fullPage: true });
  await submit(page).click();
  await expect(page).toHaveURL(/\/web\/pay\?code=\d+$/);
  // The ordered lines left the cart.
  expect(await api<unknown[]>(page.request, "/api/cart/goodslists")).toEqual([]);
});

test("a voucher needs no address; an incomplete invoice keeps the order from being submitted", async ({ page }) => {
  await registerShopper(page.request, "buy");
  const [voucher] = await cheapSkus(page.request, "电子兑换券");
  expect(voucher).toBeTruthy();
  await page.goto(`/web/order/payment?sku_id=${voucher!.sku_id}&num=1`);
  await expect(page.getByText("虚拟商品无需收货地址")).toBeVisible();
  await expect(page.getByRole("region", { name: "收货地址" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "配送方式" })).toHaveCount(0);

  await page.getByRole("checkbox", { name: /开具发票/ }).check();
  await expect(page.locator(".checkout-summary__blocked")).toContainText("请填写发票抬头");
  await expect(submit(page)).toBeDisabled();
  await page.getByLabel("发票抬头").fill("张三");
  await page.getByLabel("收票邮箱").fill("zhangsan@example.com");
  await expect(page.locator(".checkout-summary__blocked")).toHaveCount(0);
  await expect(amount(page, "发票税费")).toHaveText(/^¥\d+\.\d{2}$/);
  await page.getByRole("textbox", { name: "买家留言" }).fill("周末使用");
  await submit(page).click();
  await expect(page).toHaveURL(/\/web\/pay\?code=\d+$/);
});

test("says why it cannot check out: more than the stock, a guest is sent to login", async ({ page }) => {
  await page.goto("/web/order/payment?sku_id=1&num=1");
  await expect(page).toHaveURL(/\/web\/auth\/login\?redirect=%2Forder%2Fpayment%3Fsku_id%3D1%26num%3D1$/);

  await registerShopper(page.request, "buy");
  const [sku] = await cheapSkus(page.request);
  await page.goto(`/web/order/payment?sku_id=${sku!.sku_id}&num=${sku!.stock + 1}`);
  await expect(page.getByText("无法结算")).toBeVisible();
  await expect(page.getByText(/「.+」库存不足/)).toBeVisible();
  await expect(page.getByRole("link", { name: "返回购物车" })).toBeVisible();
});
