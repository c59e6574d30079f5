import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { describeViolations, runAxe } from "./axe.ts";
import {
  api, centsOf, chooseFirstOption, placeOrders, registerShopper, shipThroughStaffApi, staffSession, watchErrors, withServerDb, yuan,
  type TestOrder,
} from "./support.ts";

/**
 * Refunds, returns and complaints as a shopper meets them (SPEC §2 /order/refund, batchrefund,
 * orderbatch_refund, refund_detail, complain, /member/activist), against the real server: the
 * shopper asks on the pages, the shop answers through the staff API (agree, refuse, receive,
 * transfer; the platform handles complaints). Orders come from the order test fixture (as
 * checkout leaves them); one is paid at the cashier with the balance, so its refund goes back there.
 */

function grantBalance(memberId: number, cents: number): void {
  withServerDb(`await fixtures.grantAccount(db, ${memberId}, "balance", ${cents}, "e2e-refund-" + Date.now());`);
}

/** The order's lines, as the member's order detail lists them. */
async function orderLines(request: APIRequestContext, orderId: number): Promise<Array<{ order_goods_id: number; sku_id: number }>> {
  return (await api<{ order_goods: Array<{ order_goods_id: number; sku_id: number }> }>(request, "/api/order/detail", { order_id: orderId })).order_goods;
}

/** A real picture to upload: a seeded goods image of the line's SKU. */
async function pictureOf(page: Page, skuId: number): Promise<Buffer> {
  const info = await api<{ sku_image: string }>(page.request, "/api/goodssku/info", { sku_id: skuId });
  const response = await page.request.get(`/${info.sku_image}`);
  expect(response.ok()).toBe(true);
  return response.body();
}

/** Uploads a picture through the form's uploader and waits for its thumbnail. */
async function attachPicture(page: Page, picture: Buffer): Promise<void> {
  const uploader = page.locator(".image-uploader");
  await uploader.locator("input[type=file]").setInputFiles({ name: "evidence.jpg", mimeType: "image/jpeg", buffer: picture });
  await expect(uploader.getByRole("list", { name: "已上传的图片" }).locator("img")).toHaveCount(1);
}

/** The shown balance of /member (账户余额（元）) in cents. */
async function shownBalance(page: Page): Promise<number> {
  await page.goto("/web/member");
  const figure = page.locator(".member-summary-figures li", { hasText: "账户余额（元）" }).locator("strong");
  await expect(figure).toHaveText(/^[\d,]+\.\d{2}$/);
  return centsOf((await figure.textContent()) ?? "");
}

const status = (page: Page) => page.getByTestId("refund-status");
/** A form field's message (the select's placeholder may hold the same words). */
const fieldError = (page: Page, message: string) => page.locator(".ant-form-item-explain-error", { hasText: message });

test("仅退款: the amount is checked, the shop refuses, the buyer complains and sees the platform's answer", async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const { memberId } = await registerShopper(page.request, "rfd");
  const [order] = placeOrders(memberId, [{ paid: true }]) as [TestOrder];
  const [line] = await orderLines(page.request, order.orderId);
  const paid = yuan(order.payMoneyCents);

  // The order list offers 申请退款 on the (unshipped) line.
  await page.goto("/web/member/order_list");
  const card = page.locator(`.order-card[data-order-id="${order.orderId}"]`);
  await card.getByRole("link", { name: "申请退款" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/order/refund\\?order_goods_id=${line!.order_goods_id}$`));
  await expect(page).toHaveTitle(/^申请退款 - /);
  await expect(page.getByRole("heading", { name: "申请退款", level: 1 })).toBeVisible();
  await expect(page.locator(".refund-goods-table tbody tr")).toHaveCount(1);

  // Not shipped: only 仅退款; the amount defaults to all of it and cannot go above.
  await expect(page.getByRole("radio", { name: /仅退款/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /退货退款/ })).toHaveCount(0);
  const amount = page.getByRole("textbox", { name: "退款金额" });
  await expect(amount).toHaveValue(paid.slice(1));
  await expect(page.getByText(`最多可退 ${paid}`)).toBeVisible();
  await page.getByRole("button", { name: "提交申请" }).click();
  await expect(fieldError(page, "请选择退款原因")).toBeVisible();
  await chooseFirstOption(page, "退款原因");
  await amount.fill(((order.payMoneyCents + 1) / 100).toFixed(2));
  await page.getByRole("button", { name: "提交申请" }).click();
  await expect(fieldError(page, `退款金额不能超过 ${paid}`)).toBeVisible();
  await amount.fill("5.00");
  await page.getByRole("textbox", { name: "退款说明" }).fill("少发了一件赠品");
  await attachPicture(page, await pictureOf(page, line!.sku_id));
  await page.getByRole("button", { name: "提交申请" }).click();

  // The refund's page: asked, waiting for the shop; the evidence and the timeline are there.
  await expect(page).toHaveURL(new RegExp(`/web/order/refund_detail\\?order_goods_id=${line!.order_goods_id}$`));
  await expect(status(page)).toHaveText("申请退款");
  await expect(page.getByText("您已提交退款申请，请等待商家处理")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "¥5.00" }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "查看退款凭证 1" })).toBeVisible();
  await expect(page.locator(".refund-timeline")).toContainText("买家");

  // The shop refuses with a reason.
  const staff = await staffSession(page.request);
  await staff("/shopapi/orderrefund/refuse", { order_goods_id: line!.order_goods_id, refund_refuse_reason: "赠品活动已结束，不予退款" });
  await page.reload();
  await expect(status(page)).toHaveText("退款被拒绝");
  await expect(page.locator(".refund-status-refuse")).toContainText("赠品活动已结束，不予退款");
  await expect(page.getByRole("link", { name: "重新申请" })).toBeVisible();
  await expect(page.getByRole("button", { name: "撤销申请" })).toBeVisible();

  // 申请平台介入: a reason, a description, a picture, once.
  await page.getByRole("link", { name: "申请平台介入" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/order/complain\\?order_goods_id=${line!.order_goods_id}$`));
  await expect(page.getByRole("heading", { name: "平台投诉", level: 1 })).toBeVisible();
  await expect(page.getByText("赠品活动已结束，不予退款")).toBeVisible();
  await chooseFirstOption(page, "投诉原因");
  await page.getByRole("textbox", { name: "问题描述" }).fill("商品页写明买即送赠品，实际未收到。");
  await attachPicture(page, await pictureOf(page, line!.sku_id));
  await page.getByRole("button", { name: "提交投诉" }).click();
  await expect(page.getByTestId("complain-status")).toHaveText("待平台处理");
  await expect(page.getByText("商品页写明买即送赠品，实际未收到。")).toBeVisible();
  await expect(page.getByRole("button", { name: "查看投诉凭证 1" })).toBeVisible();
  await expect(page.getByRole("button", { name: "提交投诉" })).toHaveCount(0);

  // The refund's page shows the complaint too; the platform answers; the buyer sees it.
  await page.goto(`/web/order/refund_detail?order_goods_id=${line!.order_goods_id}`);
  await expect(page.locator(".refund-complain-summary")).toContainText("待平台处理");
  const detail = await staff<{ complain: { complain_id: number } | null }>("/shopapi/orderrefund/detail", { order_goods_id: line!.order_goods_id });
  await staff("/shopapi/ordercomplain/handle", { complain_id: detail.complain!.complain_id, handle_remark: "经核实，赠品活动已于下单前结束，维持商家处理。", agree_refund: 0 });
  await page.getByRole("link", { name: "查看投诉" }).first().click();
  await expect(page.getByTestId("complain-status")).toHaveText("已处理");
  await expect(page.getByRole("note", { name: "平台答复" })).toContainText("经核实，赠品活动已于下单前结束，维持商家处理。");
  expect(errors).toEqual([]);
});

test("退货退款: paid with the balance, shipped, returned with a tracking number, received, transferred → back in the balance", async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const { memberId } = await registerShopper(page.request, "rfd");
  grantBalance(memberId, 20_000);
  const [order] = placeOrders(memberId, [{}]) as [TestOrder];

  // Bought at the cashier with the balance, then shipped by the shop.
  await page.goto(`/web/pay?code=${order.outTradeNo}`);
  await page.getByRole("radio", { name: /余额支付/ }).click();
  await page.getByRole("button", { name: "立即支付" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/pay/result\\?code=${order.outTradeNo}$`));
  await shipThroughStaffApi(request, order.orderId, `SF${order.orderId}RFD`);
  const afterPaying = await shownBalance(page);
  expect(afterPaying).toBe(20_000 - order.payMoneyCents);

  // The order's page: the 售后 column offers 申请退款 for the shipped line.
  await page.goto(`/web/member/order_detail?order_id=${order.orderId}`);
  const goods = page.locator(".order-goods-table");
  await expect(goods.getByRole("columnheader", { name: "售后" })).toBeVisible();
  await goods.getByRole("link", { name: "申请退款" }).click();
  await expect(page).toHaveURL(/\/web\/order\/refund\?order_goods_id=\d+$/);
  const orderGoodsId = Number(new URL(page.url()).searchParams.get("order_goods_id"));
  // antd draws the radio button over its input: the shopper clicks the label.
  await page.locator(".refund-type-option", { hasText: "退货退款" }).click();
  await expect(page.getByRole("radio", { name: /退货退款/ })).toBeChecked();
  await chooseFirstOption(page, "退款原因");
  await page.getByRole("button", { name: "提交申请" }).click();
  await expect(status(page)).toHaveText("申请退款");
  await expect(page.locator(".refund-status-steps")).toContainText("买家退货");

  // The shop asks for the goods back: the address and the package form appear.
  const staff = await staffSession(request);
  await staff("/shopapi/orderrefund/agree", {
    order_goods_id: orderGoodsId, shop_remark: "请保持包装完好",
    refund_address: { name: "售后仓 王五", mobile: "021-55550000", address: "上海市 浦东新区 测试路 1 号" },
  });
  await page.reload();
  await expect(status(page)).toHaveText("待买家退货");
  const returns = page.getByRole("region", { name: "退货信息" });
  await expect(returns.getByLabel("退货地址")).toContainText("上海市 浦东新区 测试路 1 号");
  await expect(returns.getByLabel("退货地址")).toContainText("售后仓 王五");
  await returns.getByRole("button", { name: "提交退货物流" }).click();
  await expect(fieldError(page, "请填写物流公司")).toBeVisible();
  await returns.getByRole("combobox", { name: "物流公司" }).fill("顺丰速运");
  await returns.getByRole("textbox", { name: "物流单号" }).fill("SF 12345");
  await returns.getByRole("button", { name: "提交退货物流" }).click();
  await expect(fieldError(page, "物流单号只能包含字母、数字和横线")).toBeVisible();
  await returns.getByRole("textbox", { name: "物流单号" }).fill(`SF${orderGoodsId}BACK`);
  await returns.getByRole("button", { name: "提交退货物流" }).click();
  await expect(status(page)).toHaveText("待卖家收货");
  await expect(returns.getByLabel("退货物流")).toContainText(`SF${orderGoodsId}BACK`);
  await expect(returns.getByRole("button", { name: "提交退货物流" })).toHaveCount(0);

  // The shop receives the goods and sends the money: back to the balance, 退款完成.
  await staff("/shopapi/orderrefund/receive", { order_goods_id: orderGoodsId });
  await staff("/shopapi/orderrefund/transfer", { order_goods_id: orderGoodsId });
  await page.reload();
  await expect(status(page)).toHaveText("退款完成");
  await expect(page.getByText(`共退 ${yuan(order.payMoneyCents)}`)).toBeVisible();
  await expect(page.locator(".refund-timeline")).toContainText(`SF${orderGoodsId}BACK`);
  expect(await shownBalance(page)).toBe(afterPaying + order.payMoneyCents);

  await page.goto("/web/member/activist?status=finished");
  await expect(page.locator(`.refund-card[data-order-goods-id="${orderGoodsId}"]`)).toContainText("退款完成");
  expect(errors).toEqual([]);
});

test("several lines: choose some (the total follows the server), then the rest of the order, then 撤销申请", async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const { memberId } = await registerShopper(page.request, "rfd");
  const [order] = placeOrders(memberId, [{ paid: true, lines: 3 }]) as [TestOrder];

  await page.goto(`/web/member/order_detail?order_id=${order.orderId}`);
  await page.locator(".order-goods-refund-links").getByRole("link", { name: "批量退款" }).click();
  await expect(page).toHaveURL(/\/web\/order\/batchrefund\?order_goods_ids=\d+,\d+,\d+$/);
  const rows = page.locator(".refund-goods-table tbody tr");
  await expect(rows).toHaveCount(3);
  const total = page.getByTestId("refund-total");
  await expect(total).toHaveText(yuan(order.payMoneyCents));

  // Leave the first line out: the total is what the other two may refund.
  const refundable = async (index: number) => centsOf((await rows.nth(index).locator(".refund-money").textContent()) ?? "");
  const expected = (await refundable(1)) + (await refundable(2));
  await rows.nth(0).getByRole("checkbox").uncheck();
  await expect(page.getByText("已选 2 / 3 件")).toBeVisible();
  await expect(total).toHaveText(yuan(expected));
  await chooseFirstOption(page, "退款原因");
  await page.getByRole("button", { name: "提交申请" }).click();
  await expect(page).toHaveURL(/\/web\/member\/activist\?status=doing$/);
  await expect(page.locator(".refund-card")).toHaveCount(2);
  await expect(page.getByRole("navigation", { name: "退款状态" }).getByRole("link", { name: "处理中 2" })).toHaveAttribute("aria-current", "page");

  // The whole order: only the line left is offered; the other two are named as not refundable now.
  await page.goto(`/web/order/orderbatch_refund?order_id=${order.orderId}`);
  await expect(page.getByRole("heading", { name: "整单退款", level: 1 })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.locator(".refund-skipped")).toContainText("2 件商品暂不能退款");
  await chooseFirstOption(page, "退款原因");
  await page.getByRole("button", { name: "提交申请" }).click();
  await expect(page).toHaveURL(/\/web\/order\/refund_detail\?order_goods_id=\d+$/);
  await expect(status(page)).toHaveText("申请退款");

  // 撤销申请 asks first; then the refund is closed and may be asked again.
  await page.getByRole("button", { name: "撤销申请" }).click();
  const dialog = page.getByRole("dialog", { name: "撤销退款申请" });
  await dialog.getByRole("button", { name: "确认撤销" }).click();
  await expect(status(page)).toHaveText("退款已关闭");
  await expect(page.getByRole("link", { name: "重新申请" })).toBeVisible();
  await page.goto("/web/member/activist?status=closed");
  await expect(page.locator(".refund-card")).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("a line already refunding leads to its refund; another member's line is not found; guests go to login", async ({ page, browser }) => {
  const { memberId } = await registerShopper(page.request, "rfd");
  const [order] = placeOrders(memberId, [{ paid: true }]) as [TestOrder];
  const [line] = await orderLines(page.request, order.orderId);
  await api(page.request, "/api/orderrefund/refund", { order_goods_ids: [line!.order_goods_id], refund_type: 1, refund_reason: "其他" });

  // Asking again for a line already refunding: the server's reason, and the way to the refund.
  const again = await page.goto(`/web/order/refund?order_goods_id=${line!.order_goods_id}`);
  expect(again?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: /退款/ })).toBeVisible();
  await page.getByRole("link", { name: "查看退款详情" }).click();
  await expect(status(page)).toHaveText("申请退款");

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerShopper(otherPage.request, "rfd");
  for (const target of [
    `/web/order/refund?order_goods_id=${line!.order_goods_id}`,
    `/web/order/refund_detail?order_goods_id=${line!.order_goods_id}`,
    `/web/order/complain?order_goods_id=${line!.order_goods_id}`,
    `/web/order/orderbatch_refund?order_id=${order.orderId}`,
    `/web/order/batchrefund?order_goods_ids=${line!.order_goods_id}`,
    "/web/order/refund_detail?order_goods_id=abc",
  ]) {
    const response = await otherPage.goto(target);
    expect(response?.status(), target).toBe(404);
    await expect(otherPage.getByRole("link", { name: "查看退款/售后" }), target).toBeVisible();
  }
  await other.close();

  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  for (const target of ["/web/member/activist?status=doing", `/web/order/refund_detail?order_goods_id=${line!.order_goods_id}`]) {
    await guestPage.goto(target);
    await expect(guestPage, target).toHaveURL(/\/web\/auth\/login\?redirect=/);
  }
  await guest.close();
});

test.describe("accessibility of the after-sales pages", () => {
  // axe arrives as an inline script tag, which the pages' CSP blocks (as in a11y.spec.ts).
  test.use({ bypassCSP: true });

  test("refund form, refund detail, complaint, 退款/售后: no serious violation", async ({ page }) => {
    test.setTimeout(90_000);
    const { memberId } = await registerShopper(page.request, "rfd");
    const [order] = placeOrders(memberId, [{ paid: true, lines: 2 }]) as [TestOrder];
    const [first, second] = await orderLines(page.request, order.orderId);
    await api(page.request, "/api/orderrefund/refund", { order_goods_ids: [first!.order_goods_id], refund_type: 1, refund_reason: "其他" });
    const staff = await staffSession(page.request);
    await staff("/shopapi/orderrefund/refuse", { order_goods_id: first!.order_goods_id, refund_refuse_reason: "不符合退款条件" });

    for (const path of [
      `/web/order/refund?order_goods_id=${second!.order_goods_id}`,
      `/web/order/batchrefund?order_goods_ids=${second!.order_goods_id}`,
      `/web/order/refund_detail?order_goods_id=${first!.order_goods_id}`,
      `/web/order/complain?order_goods_id=${first!.order_goods_id}`,
      "/web/member/activist",
      `/web/member/order_detail?order_id=${order.orderId}`,
      "/web/member/order_list",
    ]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const { failures } = await runAxe(page);
      expect(failures.length, `${path} has serious accessibility violations:\n${describeViolations(failures)}`).toBe(0);
    }
  });
});
