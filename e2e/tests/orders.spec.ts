import { test, expect, type Page } from "@playwright/test";
import { placeOrders, registerShopper, shipThroughStaffApi, watchErrors, type TestOrder } from "./support.ts";

/**
 * The member's orders as a shopper sees them (SPEC §2 /member/order_list, order_detail and its
 * pickup / virtual variants, /order/logistics): tabs with counts, search, the actions of each status
 * (取消订单 with a reason, 去支付, 确认收货, 查看物流, 删除订单), the detail with its timeline,
 * amounts and verification code, the packages' trace. Orders come from the order test fixture
 * written into the e2e server's database (as checkout leaves them); payment goes through the
 * fixture as a gateway's notify would, shipping through the staff API.
 */

const card = (page: Page, order: TestOrder) => page.locator(`.order-card[data-order-id="${order.orderId}"]`);

test("order list: tabs with counts, search, cancel with a reason, delete, pay link", async ({ page }) => {
  const errors = watchErrors(page);
  const { memberId } = await registerShopper(page.request, "ord");
  const [unpaid, toCancel, paid] = placeOrders(memberId, [{ lines: 2 }, {}, { paid: true }]);

  await page.goto("/web/member/order_list");
  await expect(page).toHaveTitle(/^我的订单 - /);
  await expect(page.getByRole("heading", { name: "我的订单", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "会员中心菜单" }).getByRole("link", { name: "我的订单" })).toHaveAttribute("aria-current", "page");
  const tabs = page.getByRole("navigation", { name: "订单状态" });
  await expect(tabs.getByRole("link", { name: "全部订单" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "待付款 2" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "待发货 1" })).toBeVisible();
  await expect(page.locator(".order-card")).toHaveCount(3);
  await expect(card(page, unpaid!).locator(".order-card-goods")).toHaveCount(2);
  await expect(card(page, paid!).getByText("待发货", { exact: true })).toBeVisible();
  await expect(card(page, paid!).getByRole("button")).toHaveCount(0);

  // Tab: only the unpaid ones, each with 去支付 and 取消订单; the tab is in the URL.
  await tabs.getByRole("link", { name: /待付款/ }).click();
  await expect(page).toHaveURL(/status=waitpay/);
  await expect(page.locator(".order-card")).toHaveCount(2);
  await expect(card(page, unpaid!).getByRole("button", { name: "去支付" })).toBeVisible();

  // Search by order number (the tab stays).
  const search = page.locator("form.order-search");
  await search.getByRole("textbox", { name: "搜索订单" }).fill(toCancel!.orderNo);
  await search.locator("button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`status=waitpay&search=${toCancel!.orderNo}`));
  await expect(page.locator(".order-card")).toHaveCount(1);

  // 取消订单: a reason of one's own.
  await card(page, toCancel!).getByRole("button", { name: "取消订单" }).click();
  const dialog = page.getByRole("dialog", { name: "取消订单" });
  await dialog.getByRole("radio", { name: "其他原因" }).check();
  await dialog.getByPlaceholder("请填写取消原因").fill("买错规格了");
  await dialog.getByRole("button", { name: "确定取消" }).click();
  await expect(page.getByText("订单已取消")).toBeVisible();
  await expect(dialog).toBeHidden();
  // Still the waitpay tab: the cancelled order left it.
  await expect(page.getByText(`没有找到与“${toCancel!.orderNo}”相关的订单`)).toBeVisible();
  await expect(tabs.getByRole("link", { name: "待付款 1" })).toBeVisible();

  // On 全部 it shows 已关闭 with 删除订单; deleting it removes it from the list.
  await page.goto(`/web/member/order_list?search=${toCancel!.orderNo}`);
  await expect(card(page, toCancel!).getByText("已关闭")).toBeVisible();
  await page.getByRole("link", { name: "订单详情" }).click();
  await expect(page.getByText("关闭原因：买家取消订单：买错规格了")).toBeVisible();
  await page.goBack();
  await card(page, toCancel!).getByRole("button", { name: "删除订单" }).click();
  // antd spaces out two-character button texts ("删 除").
  await page.getByRole("dialog", { name: "删除订单" }).getByRole("button", { name: /^删\s*除$/ }).click();
  await expect(page.getByText("订单已删除")).toBeVisible();
  await expect(page.locator(".order-card")).toHaveCount(0);

  // 去支付 goes to the cashier with the order's open trade.
  await page.goto("/web/member/order_list?status=waitpay");
  await card(page, unpaid!).getByRole("button", { name: "去支付" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/pay\\?code=${unpaid!.outTradeNo}`));
  expect(errors).toEqual([]);
});

test("shipped order: staff ship → 查看物流 shows the package → 确认收货 → 已收货 with its timeline", async ({ page }) => {
  const errors = watchErrors(page);
  const { memberId } = await registerShopper(page.request, "ord");
  const [order] = placeOrders(memberId, [{ paid: true, lines: 2 }]);
  await shipThroughStaffApi(page.request, order!.orderId, `SF${order!.orderId}E2E`);

  await page.goto("/web/member/order_list?status=waitconfirm");
  await expect(card(page, order!).getByText("已发货")).toBeVisible();
  await card(page, order!).getByRole("link", { name: "查看物流" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/order/logistics\\?order_id=${order!.orderId}`));
  await expect(page.getByRole("heading", { name: "物流详情" })).toBeVisible();
  const pkg = page.locator(".logistics-package");
  await expect(pkg).toHaveCount(1);
  await expect(pkg.getByText(`SF${order!.orderId}E2E`)).toBeVisible();
  await expect(pkg.locator(".logistics-package-goods li")).toHaveCount(2);
  await expect(pkg.getByText("快件已揽收，正发往转运中心")).toBeVisible();

  await page.getByRole("link", { name: "订单详情" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/member/order_detail\\?order_id=${order!.orderId}`));
  await expect(page.getByRole("heading", { name: "订单详情", level: 1 })).toBeAttached();
  await expect(page.locator(".order-status-name")).toHaveText("已发货");
  await page.getByRole("button", { name: "确认收货" }).click();
  await page.getByRole("dialog", { name: "确认收货" }).getByRole("button", { name: "确认收货" }).click();
  // The toast (the status panel's hint 您已确认收货… holds the words too).
  await expect(page.locator(".ant-message")).toContainText("已确认收货");
  await expect(page.locator(".order-status-name")).toHaveText("已收货");
  const timeline = page.locator(".order-timeline");
  await expect(timeline).toContainText("买家确认收货");
  await expect(timeline).toContainText(`商家发货：`);
  await expect(page.locator(".order-amounts-total")).toContainText(`¥${(order!.payMoneyCents / 100).toFixed(2)}`);
  expect(errors).toEqual([]);
});

test("pickup and virtual orders show their code and its QR image once paid", async ({ page }) => {
  const errors = watchErrors(page);
  const { memberId } = await registerShopper(page.request, "ord");
  const suffix = String(Date.now()).slice(-6);
  const [pickup, virtual] = placeOrders(memberId, [
    { orderType: 2, verifyCode: `81${suffix}`, paid: true },
    { orderType: 4, verifyCode: `82${suffix}`, paid: true },
  ]);

  await page.goto("/web/member/order_list");
  await card(page, pickup!).getByRole("link", { name: "订单详情" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/member/order_detail_pickup\\?order_id=${pickup!.orderId}`));
  await expect(page.locator(".order-status-name")).toHaveText("待提货");
  await expect(page.getByRole("heading", { name: "提货码" })).toBeVisible();
  await expect(page.getByTestId("verify-code")).toHaveText(`81${suffix}`);
  const qrcode = page.getByRole("img", { name: "提货码二维码" });
  await expect(qrcode).toBeVisible();
  expect(await qrcode.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  await page.goto(`/web/member/order_detail_virtual?order_id=${virtual!.orderId}`);
  await expect(page.locator(".order-status-name")).toHaveText("待使用");
  await expect(page.getByTestId("verify-code")).toHaveText(`82${suffix}`);
  await expect(page.getByRole("img", { name: "核销码二维码" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the welcome page counts orders; another member's order is not found; guests go to login", async ({ page, browser }) => {
  const { memberId } = await registerShopper(page.request, "ord");
  const [mine] = placeOrders(memberId, [{}, { paid: true }]);
  await page.goto("/web/member");
  await expect(page.getByRole("link", { name: "待付款 1" })).toBeVisible();
  await expect(page.getByRole("link", { name: "待发货 1" })).toBeVisible();
  await page.getByRole("link", { name: "待付款 1" }).click();
  await expect(page).toHaveURL(/\/web\/member\/order_list\?status=waitpay$/);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerShopper(otherPage.request, "ord");
  for (const target of [`/web/member/order_detail?order_id=${mine!.orderId}`, `/web/order/logistics?order_id=${mine!.orderId}`]) {
    const response = await otherPage.goto(target);
    expect(response?.status(), target).toBe(404);
    await expect(otherPage.getByText("订单不存在")).toBeVisible();
  }
  await other.close();

  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto("/web/member/order_list?status=waitpay");
  await expect(guestPage).toHaveURL(/\/web\/auth\/login\?redirect=/);
  await guest.close();
});
