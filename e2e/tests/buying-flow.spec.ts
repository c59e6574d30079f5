import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_MEMBER, api, centsOf, cheapSkus, expectPaid, fillLoginForm, logInThroughApi, payInSandbox, pickRegion, registerShopper, shipThroughStaffApi, staffSession, watchErrors, yuan, type SkuRow, choosePickup } from "./support.ts";

/**
 * Issue 6's end-to-end proof, as a shopper buys in the browser on the real server: a guest's
 * 加入购物车 → login → back to the same SKU and spec → cart → checkout with a new address → the
 * sandbox gateway → 待发货 → the staff API ships → 查看物流 → 确认收货 → 已收货; a balance payment at
 * the cashier that takes exactly the amount off the shown balance; a pickup order whose code the
 * staff verify → 已提货. Every amount on the way is compared with the one before it.
 */

/** A full-page screenshot to look at, transitions finished (antd fades a button in as it is enabled). */
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/flow-${name}.png`, fullPage: true, animations: "disabled" });

const summaryAmount = (page: Page, label: string) => page.locator(".checkout-summary__row", { hasText: `${label}：` }).locator("dd");
const checkoutPayMoney = (page: Page) => page.locator(".checkout-summary__money");
const orderCard = (page: Page, orderId: number) => page.locator(`.order-card[data-order-id="${orderId}"]`);

interface SpecChoice {
  /** the SKU the guest starts on */
  from: SkuRow;
  /** the other spec's SKU, reached by clicking `valueName` */
  toSkuId: number;
  toSkuName: string;
  toSkuFreeShipping: boolean;
  valueName: string;
}

/** A cheap SKU whose goods has another spec in stock (the guest switches to it before adding). */
async function skuWithAnotherSpec(request: APIRequestContext): Promise<SpecChoice> {
  for (const from of await cheapSkus(request)) {
    const info = await api<{ goods_spec_format: string }>(request, "/api/goodssku/info", { sku_id: from.sku_id });
    const specs = JSON.parse(info.goods_spec_format || "[]") as Array<{ value: Array<{ spec_value_name: string; sku_id: number; selected: boolean; disabled: boolean }> }>;
    const other = specs.flatMap((spec) => spec.value).find((value) => !value.selected && !value.disabled && value.sku_id > 0);
    if (!other) continue;
    const target = await api<{ sku_name: string; stock: number; min_buy: number; is_free_shipping: number }>(request, "/api/goodssku/info", { sku_id: other.sku_id });
    if (target.stock > 3 && target.min_buy <= 1) {
      return { from, toSkuId: other.sku_id, toSkuName: target.sku_name, toSkuFreeShipping: target.is_free_shipping === 1, valueName: other.spec_value_name };
    }
  }
  throw new Error("no cheap goods with a second spec in stock");
}

/** Goes from a SKU page to /order/payment by 立即购买; the goods' row is there. */
async function buyNow(page: Page, sku: SkuRow): Promise<void> {
  await page.goto(`/web/sku/${sku.sku_id}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "立即购买" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/order/payment\\?sku_id=${sku.sku_id}&num=1$`));
  await expect(page.locator(".checkout-goods__row")).toContainText(sku.sku_name);
}

/** The shown balance of /member (账户余额（元）) in cents. */
async function shownBalance(page: Page): Promise<number> {
  await page.goto("/web/member");
  const figure = page.locator(".member-summary-figures li", { hasText: "账户余额（元）" }).locator("strong");
  await expect(figure).toHaveText(/^[\d,]+\.\d{2}$/);
  return centsOf((await figure.textContent()) ?? "");
}

test("a guest buys: cart → login → checkout with a new address → sandbox → staff ship → 确认收货 → 已收货", async ({ page, request }) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  // A fresh member, registered on a separate request context: the browser stays a guest.
  const shopper = await registerShopper(request, "flow");
  const choice = await skuWithAnotherSpec(request);

  // The guest picks the other spec (the URL follows the SKU), then 加入购物车 → login.
  await page.goto(`/web/sku/${choice.from.sku_id}`);
  await page.waitForLoadState("networkidle");
  const specs = page.locator(".sku-specs");
  await specs.getByRole("radio", { name: choice.valueName }).click();
  await expect(page).toHaveURL(new RegExp(`/web/sku/${choice.toSkuId}$`));
  await expect(specs.getByRole("radio", { name: choice.valueName })).toHaveAttribute("aria-checked", "true");
  await expect(page.locator("h1")).toContainText(choice.toSkuName);
  await shot(page, "a1-sku-guest");
  await page.getByRole("button", { name: /加入购物车/ }).click();
  await expect(page).toHaveURL(new RegExp(`/web/auth/login\\?redirect=%2Fsku%2F${choice.toSkuId}$`));
  await shot(page, "a2-login");
  await fillLoginForm(page, shopper);

  // Back on the same SKU with the same spec chosen; now it goes into the cart.
  await expect(page).toHaveURL(new RegExp(`/web/sku/${choice.toSkuId}$`));
  await expect(page.locator("h1")).toContainText(choice.toSkuName);
  await expect(specs.getByRole("radio", { name: choice.valueName })).toHaveAttribute("aria-checked", "true");
  const added = page.waitForResponse((response) => response.url().endsWith("/api/cart/add"));
  await page.getByRole("button", { name: /加入购物车/ }).click();
  expect(((await (await added).json()) as { code: number }).code).toBe(0);
  await expect(page.locator(".shop-toast")).toContainText("加入购物车成功");
  await expect(page.locator(".minicart-badge")).toHaveText("1");

  // The cart (through the mini-cart's 去购物车): one line, its total.
  await page.locator(".minicart-button").hover();
  await page.locator(".minicart-checkout").click();
  await expect(page).toHaveURL(/\/web\/goods\/cart$/);
  const rows = page.locator(".cart-list .cart-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(choice.toSkuName);
  await expect(page.locator(".cart-footer__pieces")).toHaveText("1");
  const cartTotal = centsOf((await page.locator(".cart-footer__total").textContent()) ?? "");
  expect(cartTotal).toBeGreaterThan(0);
  await shot(page, "a3-cart");
  await page.getByRole("button", { name: "去结算" }).click();

  // Checkout: a member without addresses gets the form at once; the new address is used and priced.
  await expect(page).toHaveURL(/\/web\/order\/payment\?cart_ids=\d+$/);
  await expect(page.getByRole("heading", { name: "填写并核对订单信息" })).toBeVisible();
  await expect(page.locator(".checkout-goods__row")).toHaveCount(1);
  const form = page.locator(".checkout-address__form");
  await expect(form).toBeVisible();
  await form.getByLabel("收货人", { exact: true }).fill("钱小七");
  await form.getByLabel("手机", { exact: true }).fill("13700137000");
  await pickRegion(page, "省份", "上海市");
  await pickRegion(page, "区/县", "浦东新区");
  await form.getByLabel("详细地址").fill("张江路 88 号");
  const calculated = page.waitForResponse((response) => response.url().endsWith("/api/ordercreate/calculate"));
  await form.getByRole("button", { name: "保存并使用" }).click();
  await calculated;
  await expect(page.locator(".checkout-address__list article.address-card-selected")).toContainText("钱小七");
  await expect(page.locator(".checkout-summary__pay")).toContainText("张江路 88 号（钱小七 收 137****7000）");
  await expect(summaryAmount(page, "商品金额")).toHaveText(yuan(cartTotal));
  // The seeded default freight template: ¥8.00 for one item to Shanghai, free from ¥99.00 of goods.
  const freight = choice.toSkuFreeShipping || cartTotal >= 9900 ? 0 : 800;
  await expect(summaryAmount(page, "运费")).toHaveText(yuan(freight));
  const payCents = cartTotal + freight;
  await expect(checkoutPayMoney(page)).toHaveText(yuan(payCents));
  await expect(page.getByRole("button", { name: "提交订单" })).toBeEnabled();
  await shot(page, "a4-checkout");
  await page.getByRole("button", { name: "提交订单" }).click();

  // The cashier: the amount of the checkout; the sandbox pays it in its own tab.
  await expect(page).toHaveURL(/\/web\/pay\?code=\d+$/);
  await expect(page.locator(".pay-head-amount")).toContainText(yuan(payCents));
  await shot(page, "a5-cashier");
  await payInSandbox(page, { payCents, gatewayShot: "/tmp/flow-a6-gateway.png" });
  const orderNo = await expectPaid(page, payCents, "演示支付");
  await shot(page, "a7-result");

  // The order list: the paid order waits for shipping; the cart is empty again.
  await page.getByRole("link", { name: "查看订单" }).click();
  await expect(page).toHaveURL(/\/web\/member\/order_list$/);
  const cards = page.locator(".order-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(orderNo);
  const orderId = Number(await cards.first().getAttribute("data-order-id"));
  const card = orderCard(page, orderId);
  await expect(card.locator(".order-status")).toHaveText("待发货");
  await expect(card.locator(".order-card-money strong")).toHaveText(`¥${(payCents / 100).toFixed(2)}`);
  await expect(page.getByRole("navigation", { name: "订单状态" }).getByRole("link", { name: "待发货 1" })).toBeVisible();
  await expect(page.locator(".sidebar-cart-badge")).toHaveText("0");
  await shot(page, "a8-orders-paid");

  // The staff API ships it; the shopper sees 已发货 and the package.
  const deliveryNo = `SF${orderId}FLOW`;
  expect((await shipThroughStaffApi(request, orderId, deliveryNo)).order_status).toBe(3);
  await page.reload();
  await expect(card.locator(".order-status")).toHaveText("已发货");
  await card.getByRole("link", { name: "查看物流" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/order/logistics\\?order_id=${orderId}`));
  const pkg = page.locator(".logistics-package");
  await expect(pkg).toHaveCount(1);
  await expect(pkg.locator(".logistics-package-no")).toHaveText(deliveryNo);
  await expect(pkg.locator(".logistics-package-goods li")).toHaveCount(1);
  await expect(pkg).toContainText("快件已揽收，正发往转运中心");
  await shot(page, "a9-logistics");

  // 确认收货 from the list → 已收货, on the list and on the detail with its timeline.
  await page.goBack();
  await card.getByRole("button", { name: "确认收货" }).click();
  await page.getByRole("dialog", { name: "确认收货" }).getByRole("button", { name: "确认收货" }).click();
  await expect(page.locator(".ant-message")).toContainText("已确认收货");
  await expect(card.locator(".order-status")).toHaveText("已收货");
  await card.getByRole("link", { name: "订单详情" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/member/order_detail\\?order_id=${orderId}`));
  await expect(page.locator(".order-status-name")).toHaveText("已收货");
  await expect(page.locator(".order-timeline")).toContainText("买家确认收货");
  await expect(page.locator(".order-amounts-total")).toContainText(`¥${(payCents / 100).toFixed(2)}`);
  await shot(page, "a10-received");
  expect(errors).toEqual([]);
});

test("the demo member pays with 余额 at the cashier: the balance shown drops by exactly the amount", async ({ page }) => {
  const errors = watchErrors(page);
  await logInThroughApi(page.request, DEMO_MEMBER);
  // A default address of its own (the seed gives the demo none; the new address form is the first test's).
  await api(page.request, "/api/memberaddress/add", {
    name: "孙小八", mobile: "13500135000", province_id: 110000, city_id: 110100, district_id: 110105, address: "余额路 1 号", is_default: 1,
  });
  const before = await shownBalance(page);
  expect(before).toBeGreaterThan(0);
  const sku = (await cheapSkus(page.request)).find((row) => centsOf(row.discount_price) * 2 < before);
  expect(sku, "a SKU the balance can pay").toBeTruthy();

  await buyNow(page, sku!);
  await expect(page.locator(".checkout-summary__pay")).toContainText("余额路 1 号（孙小八 收 135****5000）");
  await expect(page.getByRole("checkbox", { name: "使用余额" })).not.toBeChecked();
  await expect(checkoutPayMoney(page)).not.toHaveText("¥0.00");
  const payCents = centsOf((await checkoutPayMoney(page).textContent()) ?? "");
  await page.getByRole("button", { name: "提交订单" }).click();

  // The cashier offers the whole balance; paying with it is at once.
  await expect(page).toHaveURL(/\/web\/pay\?code=\d+$/);
  await expect(page.locator(".pay-head-amount")).toContainText(yuan(payCents));
  const balanceMethod = page.getByRole("radio", { name: /余额支付/ });
  await expect(balanceMethod).toContainText(`可用余额 ${yuan(before)}`);
  await balanceMethod.click();
  await expect(balanceMethod).toHaveAttribute("aria-checked", "true");
  await shot(page, "b1-cashier-balance");
  await page.getByRole("button", { name: "立即支付" }).click();
  await expect(page).toHaveURL(/\/web\/pay\/result\?code=\d+$/);
  const orderNo = await expectPaid(page, payCents, "余额支付");
  await shot(page, "b2-result");

  expect(await shownBalance(page)).toBe(before - payCents);
  await shot(page, "b3-member-balance");
  await page.goto(`/web/member/order_list?search=${orderNo}`);
  await expect(page.locator(".order-card")).toHaveCount(1);
  await expect(page.locator(".order-card .order-status")).toHaveText("待发货");
  expect(errors).toEqual([]);
});

test("a pickup order: 门店自提 → sandbox → pickup code and QR → staff verify → 已提货", async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await registerShopper(page.request, "pick");
  const [sku] = await cheapSkus(page.request);

  await buyNow(page, sku!);
  await choosePickup(page);
  await expect(summaryAmount(page, "运费")).toHaveText("¥0.00");
  const storeName = /自提门店：(.+?)（/.exec((await page.locator(".checkout-summary__pay").textContent()) ?? "")?.[1] ?? "";
  expect(storeName).not.toBe("");
  const goodsCents = centsOf((await summaryAmount(page, "商品金额").textContent()) ?? "");
  await expect(checkoutPayMoney(page)).toHaveText(yuan(goodsCents));
  await expect(page.getByRole("button", { name: "提交订单" })).toBeEnabled();
  await shot(page, "c1-checkout-pickup");
  await page.getByRole("button", { name: "提交订单" }).click();

  await expect(page).toHaveURL(/\/web\/pay\?code=\d+$/);
  await payInSandbox(page, { payCents: goodsCents, gatewayShot: "/tmp/flow-c2-gateway.png" });
  const orderNo = await expectPaid(page, goodsCents, "演示支付");

  // The paid pickup order's detail: 待提货, the store, the code and its QR image.
  await page.goto(`/web/member/order_list?search=${orderNo}`);
  const card = page.locator(".order-card");
  await expect(card).toHaveCount(1);
  await expect(card.locator(".order-status")).toHaveText("待提货");
  const orderId = Number(await card.getAttribute("data-order-id"));
  await card.getByRole("link", { name: "订单详情" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/member/order_detail_pickup\\?order_id=${orderId}`));
  await expect(page.locator(".order-status-name")).toHaveText("待提货");
  await expect(page.locator(".order-info")).toContainText(storeName);
  await expect(page.getByRole("heading", { name: "提货码" })).toBeVisible();
  const code = page.getByTestId("verify-code");
  await expect(code).toHaveText(/^\w{6,32}$/);
  const verifyCode = (await code.textContent())!;
  const qrcode = page.getByRole("img", { name: "提货码二维码" });
  await expect(qrcode).toBeVisible();
  expect(await qrcode.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await shot(page, "c3-pickup-code");

  // The store's staff verify the code; the shopper's page shows 已提货.
  const staff = await staffSession(request);
  const verified = await staff<{ order_id: number; order_status_name: string }>("/shopapi/order/verify", { verify_code: verifyCode });
  expect(verified).toMatchObject({ order_id: orderId, order_status_name: "已提货" });
  await page.reload();
  await expect(page.locator(".order-status-name")).toHaveText("已提货");
  await expect(page.locator(".order-verify")).toContainText("已提货");
  await shot(page, "c4-picked-up");
  expect(errors).toEqual([]);
});
