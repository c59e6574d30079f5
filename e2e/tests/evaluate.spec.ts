import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { api, cheapSkus, hydrated, registerShopper, shipThroughStaffApi, staffSession, watchErrors, withServerDb } from "./support.ts";
import { describeViolations, runAxe } from "./axe.ts";

/**
 * Evaluations as a shopper writes them (SPEC §2 /order/evaluate, issue 9): buy → staff ship → 确认收货 →
 * 评价 with a picture, anonymous → the order says 已评价 → the shop approves (evaluate_audit is on in
 * the seed) and replies → the SKU page shows it with its picture, 匿名 and the masked name, 商家回复,
 * the text inert → 追评 → shown with its date. Staff steps go through the staff API.
 */

const MARKUP = `<img src=x onerror="window.__evaluateXss=1">`;

/** Buys one unit of the SKU as the storefront does (address, checkout preview, create, pay with balance): the order id. */
async function buy(request: APIRequestContext, memberId: number, skuId: number): Promise<number> {
  withServerDb(`await fixtures.grantAccount(db, ${memberId}, "balance", 1000000, "e2e-evaluate-" + Date.now());`);
  const addressId = await api<number>(request, "/api/memberaddress/add", {
    name: "张三", mobile: "13800138000", province_id: 110000, city_id: 110100, district_id: 110101, address: "长安街 1 号", is_default: 1,
  });
  const { order_key } = await api<{ order_key: string }>(request, "/api/ordercreate/payment", { sku_id: skuId, num: 1 });
  const outTradeNo = await api<string>(request, "/api/ordercreate/create", {
    order_key, delivery: JSON.stringify({ delivery_type: "express" }), member_address: JSON.stringify({ id: addressId }), is_balance: 0, is_point: 0,
  });
  await api(request, "/api/pay/pay", { out_trade_no: outTradeNo, pay_type: "balance", return_url: "" });
  const info = await api<{ order_id: number }>(request, "/api/pay/info", { out_trade_no: outTradeNo });
  return info.order_id;
}

/** A real picture to upload: the SKU's own (served by the shop). */
async function pictureOf(page: Page, skuId: number): Promise<Buffer> {
  const info = await api<{ sku_image: string }>(page.request, "/api/goodssku/info", { sku_id: skuId });
  const response = await page.request.get(`/${info.sku_image}`);
  expect(response.ok()).toBe(true);
  return response.body();
}

async function approveAndReply(request: APIRequestContext, orderId: number, reply?: string): Promise<void> {
  const staff = await staffSession(request);
  const waiting = await staff<{ list: Array<{ evaluate_id: number; order_id: number }> }>("/shopapi/goodsevaluate/lists", { is_audit: 0, page_size: 100 });
  const mine = waiting.list.find((item) => item.order_id === orderId);
  expect(mine, "the evaluation waits for review").toBeTruthy();
  await staff("/shopapi/goodsevaluate/audit", { evaluate_id: mine!.evaluate_id, is_audit: 1 });
  if (reply) await staff("/shopapi/goodsevaluate/reply", { evaluate_id: mine!.evaluate_id, explain_first: reply });
}

test("buy → ship → receive → evaluate with a picture → the SKU page shows it; then 追评", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const shopper = await registerShopper(page.request, "eva");
  const [sku] = await cheapSkus(page.request);
  const orderId = await buy(page.request, shopper.memberId, sku!.sku_id);
  await shipThroughStaffApi(page.request, orderId, `SF${orderId}EVA`);

  // 确认收货 on the detail, then 评价 from the order list (the 待评价 tab).
  await page.goto(`/web/member/order_detail?order_id=${orderId}`);
  await page.getByRole("button", { name: "确认收货" }).click();
  await page.getByRole("dialog", { name: "确认收货" }).getByRole("button", { name: "确认收货" }).click();
  await expect(page.locator(".order-status-name")).toContainText("已收货");
  await page.goto("/web/member/order_list?status=waitrate");
  const card = page.locator(`.order-card[data-order-id="${orderId}"]`);
  await card.getByRole("link", { name: "评价" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/order/evaluate\\?order_id=${orderId}$`));
  await expect(page.getByRole("heading", { name: "评价晒单", level: 1 })).toBeVisible();

  // The form: 4 stars (好评), text with its counter, a picture, the shop scores, anonymous.
  const line = page.getByRole("region", { name: `评价 ${sku!.sku_name}` });
  await line.getByRole("group", { name: "商品评分" }).locator(".ant-rate-star").nth(3).click();
  await expect(line.locator(".evaluate-stars-kind")).toHaveText("好评");
  const text = `包装很好，和描述一致。${MARKUP}`;
  await line.getByRole("textbox", { name: `${sku!.sku_name} 的评价内容` }).fill(text);
  await expect(line.getByText(`${text.length} / 500`)).toBeVisible();
  await line.locator("input[type=file]").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: await pictureOf(page, sku!.sku_id) });
  await expect(line.getByRole("list", { name: "已上传的图片" }).locator("img")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "店铺评分" }).getByRole("group")).toHaveCount(3);
  await page.getByRole("checkbox", { name: "匿名评价" }).check();
  await page.getByRole("button", { name: "提交评价" }).click();

  // Back on the order: a success message, 已评价, 追评 offered; the 待评价 tab lost it.
  await expect(page).toHaveURL(new RegExp(`/web/member/order_detail\\?order_id=${orderId}$`));
  await expect(page.getByText("评价成功，审核通过后展示")).toBeVisible();
  await expect(page.locator(".order-status-name .order-evaluated")).toHaveText("已评价");
  await expect(page.locator(".order-status-panel").getByRole("link", { name: "追评" })).toBeVisible();
  await page.goto("/web/member/order_list?status=waitrate");
  await expect(card).toHaveCount(0);

  // The shop approves and replies; the SKU page shows it: picture, 匿名 with a masked name, 商家回复, text as text.
  await approveAndReply(page.request, orderId, "感谢您的认可，欢迎再次光临");
  const skuPage = await page.request.get(`/web/sku/${sku!.sku_id}`);
  const html = await skuPage.text();
  expect(html).toContain("&lt;img src=x onerror=");
  expect(html).not.toContain(MARKUP);
  await page.goto(`/web/sku/${sku!.sku_id}`);
  await page.getByRole("tab", { name: /商品评价/ }).click();
  const item = page.locator(".sku-eval").filter({ hasText: "包装很好，和描述一致。" });
  await expect(item).toHaveCount(1);
  await expect(item.locator(".sku-eval__content")).toHaveText(text);
  await expect(item.getByText("匿名", { exact: true })).toBeVisible();
  await expect(item.locator(".sku-eval__name")).toHaveText(/^.\*\*\*.$/);
  await expect(item.locator(".sku-eval__name")).not.toHaveText(shopper.username);
  await expect(item.getByText("商家回复：感谢您的认可，欢迎再次光临")).toBeVisible();
  const picture = item.locator(".sku-eval__picture img");
  await expect(picture).toHaveCount(1);
  expect(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __evaluateXss?: number }).__evaluateXss)).toBeUndefined();

  // 追评: the first evaluation is shown, the follow-up is asked for; approved, it shows with its date.
  await page.goto(`/web/order/evaluate?order_id=${orderId}`);
  await expect(page.getByRole("heading", { name: "追加评价", level: 1 })).toBeVisible();
  const againLine = page.getByRole("region", { name: `追评 ${sku!.sku_name}` });
  await expect(againLine.getByText("商家回复：感谢您的认可，欢迎再次光临")).toBeVisible();
  // The form is server-rendered: its check runs once React has hydrated it.
  await expect.poll(() => hydrated(page)).toBe(true);
  await page.getByRole("button", { name: "提交追评" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "请至少为一件商品填写追评内容" })).toBeVisible();
  await againLine.getByRole("textbox", { name: `${sku!.sku_name} 的追评内容` }).fill("用了一周，依然很满意");
  await page.getByRole("button", { name: "提交追评" }).click();
  await expect(page.getByText("追评成功，审核通过后展示")).toBeVisible();
  await expect(page.locator(".order-status-name .order-evaluated")).toHaveText("已追评");
  await approveAndReply(page.request, orderId);
  await page.goto(`/web/sku/${sku!.sku_id}`);
  await page.getByRole("tab", { name: /商品评价/ }).click();
  await expect(item.locator(".sku-eval__again")).toContainText("用了一周，依然很满意");
  await expect(item.locator(".sku-eval__again-title time")).toHaveText(/^\d{4}-\d{2}-\d{2}$/);

  // Done: the page shows what was written; a second follow-up is refused by the server.
  await page.goto(`/web/order/evaluate?order_id=${orderId}`);
  await expect(page.getByText("您已追评，感谢您的分享")).toBeVisible();
  expect(errors).toEqual([]);
});

test("another member's order and an order not received yet are not found on /order/evaluate", async ({ page, browser }) => {
  const shopper = await registerShopper(page.request, "eva");
  const [sku] = await cheapSkus(page.request);
  const orderId = await buy(page.request, shopper.memberId, sku!.sku_id);
  const notReceived = await page.goto(`/web/order/evaluate?order_id=${orderId}`);
  expect(notReceived?.status()).toBe(404);
  await expect(page.getByText("订单尚未收货，暂不能评价")).toBeVisible();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerShopper(otherPage.request, "eva");
  const response = await otherPage.goto(`/web/order/evaluate?order_id=${orderId}`);
  expect(response?.status()).toBe(404);
  await expect(otherPage.getByText("订单不存在")).toBeVisible();
  await other.close();
});

test.describe("accessibility", () => {
  // axe is injected as a script tag, which the storefront's CSP forbids (as a11y.spec.ts does).
  test.use({ bypassCSP: true });

  test("the evaluation form has no serious axe violations", async ({ page }) => {
    const shopper = await registerShopper(page.request, "eva");
    const [sku] = await cheapSkus(page.request);
    const orderId = await buy(page.request, shopper.memberId, sku!.sku_id);
    await shipThroughStaffApi(page.request, orderId, `SF${orderId}AXE`);
    await api(page.request, "/api/order/takedelivery", { order_id: orderId });
    await page.goto(`/web/order/evaluate?order_id=${orderId}`);
    await expect(page.getByRole("heading", { name: "评价晒单", level: 1 })).toBeVisible();
    const { failures } = await runAxe(page);
    expect(failures, describeViolations(failures)).toEqual([]);
  });
});
