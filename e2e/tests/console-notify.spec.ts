import { test, expect, type APIRequestContext } from "@playwright/test";
import { api, logInToConsole, placeOrders, registerShopper, shipThroughStaffApi, watchErrors, withServerDb } from "./support.ts";

/**
 * Notifications (issue 23, ADR 0030): a member pays an order → the staff bell in the console shows
 * it without a reload; the order ships → 设置 › 消息通知's send log has the buyer's 发货 SMS (the
 * test shop's SMS provider records messages instead of sending them). Screenshots:
 * .cache/console-notify-bell.png, .cache/console-notify-templates.png, .cache/console-notify-log.png.
 */
async function buyerWithUnpaidOrder(request: APIRequestContext, mobile: string) {
  const shopper = await registerShopper(request, "notify");
  withServerDb(`
    await db.updateTable("member").set({ mobile: ${JSON.stringify(mobile)} }).where("member_id", "=", ${shopper.memberId}).execute();
    await fixtures.grantAccount(db, ${shopper.memberId}, "balance", 100000, "e2e-notify-" + Date.now());`);
  const [order] = placeOrders(shopper.memberId, [{ paid: false }]);
  return order!;
}

const unreadOf = async (label: string | null) => Number(/(\d+) 条未读/.exec(label ?? "")?.[1] ?? NaN);

test("a paid order reaches the staff bell live, and its shipping texts the buyer", async ({ page, request }) => {
  // The job runner sweeps every 5 s and the bell asks every 4 s, on a machine the seed keeps busy.
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  await logInToConsole(page);
  await page.goto("/console/order");
  const bell = page.getByTestId("notice-bell");
  await expect(bell).toHaveAttribute("aria-label", /条未读/);
  const before = await unreadOf(await bell.getAttribute("aria-label"));

  const mobile = `139${String(Date.now()).slice(-8)}`;
  const order = await buyerWithUnpaidOrder(request, mobile);
  const paid = await api<{ type: string }>(request, "/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "balance" });
  expect(paid.type).toBe("paid");

  // No reload: the bell finds it (job runner + the bell's polling).
  await expect(async () => expect(await unreadOf(await bell.getAttribute("aria-label"))).toBeGreaterThan(before)).toPass({ timeout: 30_000 });
  await bell.click();
  const notice = page.getByText(new RegExp(`订单 ${order.orderNo} 已支付`));
  // The open list refreshes itself too (the seed's own paid orders may have raised the count first).
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: ".cache/console-notify-bell.png" });
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/console/order/detail/${order.orderId}`));

  await shipThroughStaffApi(request, order.orderId, `SF${Date.now()}`);
  await page.goto("/console/settings/notify");
  await expect(page.getByText("ORDER_DELIVERY", { exact: true })).toBeVisible();
  await page.screenshot({ path: ".cache/console-notify-templates.png", fullPage: true });
  await page.getByRole("tab", { name: "发送记录" }).click();
  await expect(page).toHaveURL(/tab=log/);
  await page.getByLabel("手机号").fill(mobile);
  await page.getByRole("button", { name: /查\s*询/ }).click();
  const shipped = page.getByRole("row", { name: new RegExp(`订单发货.*您的订单${order.orderNo}已发货`) });
  await expect(async () => {
    await page.getByRole("button", { name: /刷\s*新/ }).click();
    await expect(shipped).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(shipped.getByText("已发送")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`订单支付成功.*${order.orderNo}`) })).toBeVisible();
  await page.screenshot({ path: ".cache/console-notify-log.png", fullPage: true });
  expect(errors).toEqual([]);
});
