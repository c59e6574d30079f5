import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { api, logInToConsole, placeOrders, registerShopper, shipThroughStaffApi, watchErrors, withServerDb } from "./support.ts";

/**
 * Notifications (issue 23, ADR 0030, 0031): a member pays an order → the staff bell in the console
 * shows it within moments, pushed over its websocket (no list call in between); the order ships → 设置 › 消息通知's send log has the buyer's 发货 SMS (the
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

/** Counts the bell's list calls from now on (the socket, once open, makes them unnecessary). */
function countListCalls(page: Page) {
  const calls = { count: 0 };
  page.on("request", (request) => {
    if (request.url().includes("/shopapi/staffnotice/lists")) calls.count += 1;
  });
  return calls;
}

/** The bell's socket is open (the bell marks itself data-live="1" from its `init` until a drop). */
async function bellConnected(page: Page) {
  await expect(page.getByTestId("notice-bell")).toHaveAttribute("data-live", "1", { timeout: 15_000 });
}

test("a paid order reaches the staff bell within moments, pushed without a list call, and its shipping texts the buyer", async ({ page, request }) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  await logInToConsole(page);
  await page.goto("/console/order");
  const bell = page.getByTestId("notice-bell");
  await expect(bell).toHaveAttribute("aria-label", /条未读/);
  await bellConnected(page);
  const before = await unreadOf(await bell.getAttribute("aria-label"));

  const mobile = `139${String(Date.now()).slice(-8)}`;
  const order = await buyerWithUnpaidOrder(request, mobile);
  const lists = countListCalls(page);
  const paidAt = Date.now();
  const paid = await api<{ type: string }>(request, "/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "balance" });
  expect(paid.type).toBe("paid");

  // Pushed: the count rises within a couple of seconds of the payment, with no list call between.
  await expect(async () => expect(await unreadOf(await bell.getAttribute("aria-label"))).toBeGreaterThan(before)).toPass({ timeout: 5_000 });
  const tookMs = Date.now() - paidAt;
  expect(tookMs).toBeLessThan(2_500);
  expect(lists.count).toBe(0);
  test.info().annotations.push({ type: "push latency", description: `${tookMs} ms from the pay call to the bell` });
  console.log(`push latency: ${tookMs} ms from the pay call to the bell`);
  await bell.click();
  const notice = page.getByText(new RegExp(`订单 ${order.orderNo} 已支付`));
  await expect(notice).toBeVisible();
  expect(lists.count).toBe(0);
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
  // Part of the number finds it too (the rows of every number containing those digits).
  await page.getByLabel("手机号").fill(mobile.slice(3));
  await page.getByRole("button", { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(new RegExp(`mobile=${mobile.slice(3)}`));
  await expect(shipped).toBeVisible();
  await page.screenshot({ path: ".cache/console-notify-log.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("a notice arriving during a keyboard drag of the goods pictures leaves the drag alone", async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await logInToConsole(page);
  await page.goto("/console/goods/add");
  await expect(page.getByRole("heading", { name: "发布商品" })).toBeVisible();
  const bell = page.getByTestId("notice-bell");
  await bellConnected(page);
  const picture = await (await page.request.get("/upload/seed/site/logo-square.png")).body();
  const pictures = page.locator(".ant-form-item", { hasText: "商品图片" });
  await pictures.locator("input[type=file]").setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: picture },
    { name: "back.png", mimeType: "image/png", buffer: picture },
  ]);
  await expect(pictures.locator(".ant-upload-list-item")).toHaveCount(2);
  const uploadedOrder = await pictures.locator(".ant-upload-list-item img").evaluateAll((images) => images.map((image) => image.getAttribute("src") ?? ""));
  const order = await buyerWithUnpaidOrder(request, `138${String(Date.now()).slice(-8)}`);
  const before = await unreadOf(await bell.getAttribute("aria-label"));

  // Lift the second picture from the keyboard and move it left…
  const second = pictures.getByRole("button", { name: "移动第 2 张图片（共 2 张）" });
  await second.focus();
  await page.keyboard.press("Space");
  await expect(second).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowLeft");
  // dnd-kit learns the drop target in an effect after the move is drawn: dropping before that drops it
  // where it was. Its live region says the target once known (ImageField's announcements).
  await expect(page.locator("[id^='DndLiveRegion']")).toHaveText("第 2 张图片移到第 1 张的位置");
  await expect(second.locator("xpath=..")).toHaveAttribute("style", /translate3d\(-/);
  // …a notice arrives meanwhile (an order paid through the API)…
  await api(request, "/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "balance" });
  await expect(async () => expect(await unreadOf(await bell.getAttribute("aria-label"))).toBeGreaterThan(before)).toPass({ timeout: 5_000 });
  // …and the drag is still under way, focus on its handle: dropping it makes it the main picture.
  await expect(second).toHaveAttribute("aria-pressed", "true");
  await expect(second).toBeFocused();
  await page.keyboard.press("Space");
  await expect(pictures.locator(".ant-upload-list-item img").first()).toHaveAttribute("src", uploadedOrder[1]!);
  await expect(pictures.getByRole("button", { name: "移动第 1 张图片（共 2 张，主图）" })).toBeVisible();
  expect(errors).toEqual([]);
});
