import { test, expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { api, centsOf, chooseFirstOption, logInToConsole, placeOrders, registerShopper, shipThroughStaffApi, staffSession, watchErrors, withServerDb, yuan, type TestOrder } from "./support.ts";

/**
 * 售后 in the back office (issue 23): a member pays and asks for a refund in the storefront, staff
 * find it in 退款维权 (待处理), agree and send the money on its detail page, and the member sees the
 * refund done and the balance back; an evaluation with a picture is audited and replied to in
 * 评价管理 and then shows on the SKU page. Screenshots: .cache/console-aftersale-*.png.
 */

const SHOTS = ".cache/console-aftersale";

async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInToConsole(page);
  return page;
}

/** The shown balance of /member (账户余额（元）) in cents. */
async function shownBalance(page: Page): Promise<number> {
  await page.goto("/web/member");
  const figure = page.locator(".member-summary-figures li", { hasText: "账户余额（元）" }).locator("strong");
  await expect(figure).toHaveText(/^[\d,]+\.\d{2}$/);
  return centsOf((await figure.textContent()) ?? "");
}

/** A member picture for an evaluation: the SKU's own image, uploaded as the member. */
async function uploadEvaluatePicture(request: APIRequestContext, skuImage: string): Promise<string> {
  const picture = await (await request.get(`/${skuImage}`)).body();
  const answer = (await (await request.post("/api/upload/evaluateimg", { multipart: { file: { name: "photo.jpg", mimeType: "image/jpeg", buffer: picture } } })).json()) as { code: number; data: { pic_path: string } };
  expect(answer.code).toBe(0);
  return answer.data.pic_path;
}

const toast = (page: Page, text: string | RegExp) => page.locator(".ant-message").getByText(text);

test("仅退款 answered in the console: 待处理 → 同意 → 确认退款 → the member sees 退款完成 and the balance back", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const { memberId } = await registerShopper(page.request, "ash");
  withServerDb(`await fixtures.grantAccount(db, ${memberId}, "balance", 20000, "e2e-aftersale-" + Date.now());`);
  const [order] = placeOrders(memberId, [{}]) as [TestOrder];

  // The member pays with the balance and asks for the whole line back.
  await page.goto(`/web/pay?code=${order.outTradeNo}`);
  await page.getByRole("radio", { name: /余额支付/ }).click();
  await page.getByRole("button", { name: "立即支付" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/pay/result\\?code=${order.outTradeNo}$`));
  const afterPaying = await shownBalance(page);
  const [line] = (await api<{ order_goods: Array<{ order_goods_id: number }> }>(page.request, "/api/order/detail", { order_id: order.orderId })).order_goods;
  const lineId = line!.order_goods_id;
  await page.goto(`/web/order/refund?order_goods_id=${lineId}`);
  await chooseFirstOption(page, "退款原因");
  await page.getByRole("textbox", { name: "退款说明" }).fill("拍错了规格");
  await page.getByRole("button", { name: "提交申请" }).click();
  await expect(page.getByTestId("refund-status")).toHaveText("申请退款");

  // 退款维权 → 待处理, found by its order number (the filter goes into the URL).
  const staff = await staffPage(browser);
  const staffErrors = watchErrors(staff);
  await staff.goto("/console/aftersale/refund?todo=1");
  await expect(staff.getByRole("heading", { name: "退款维权", level: 1 })).toBeVisible();
  await expect(staff.getByRole("radio", { name: "待处理" })).toBeChecked();
  await staff.getByLabel("订单号").fill(order.orderNo);
  await staff.getByRole("button", { name: /查\s*询/ }).click();
  await expect(staff).toHaveURL(new RegExp(`order_no=${order.orderNo}`));
  await expect(staff).toHaveURL(/todo=1/);
  const row = staff.locator(".ant-table-row", { hasText: order.orderNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("申请退款");
  await expect(row).toContainText(yuan(order.payMoneyCents));
  await staff.screenshot({ path: `${SHOTS}-refund-list.png`, fullPage: true });

  // The detail: the application, the money, the timeline; agree (仅退款 → 待转账), then send the money.
  await row.getByRole("link", { name: /处理/ }).click();
  await expect(staff).toHaveURL(new RegExp(`/console/aftersale/refund/${lineId}$`));
  await expect(staff.getByText("拍错了规格")).toBeVisible();
  await expect(staff.locator(".ant-card", { hasText: "协商记录" }).locator(".ant-timeline-item").first()).toContainText("买家");
  await staff.screenshot({ path: `${SHOTS}-refund-detail.png`, fullPage: true });
  await staff.getByRole("button", { name: "同意退款" }).click();
  const agreeDialog = staff.getByRole("dialog", { name: "同意退款" });
  await agreeDialog.getByRole("button", { name: /^同\s*意$/ }).click();
  await expect(toast(staff, /已同意退款/)).toBeVisible();
  await expect(staff.locator(".ant-tag", { hasText: "待转账" }).first()).toBeVisible();
  await staff.getByRole("button", { name: "确认退款" }).click();
  const transferDialog = staff.getByRole("dialog", { name: "确认退款" });
  await expect(transferDialog).toContainText(`将退款 ${yuan(order.payMoneyCents)} 给买家`);
  await staff.screenshot({ path: `${SHOTS}-refund-transfer.png` });
  await transferDialog.getByRole("button", { name: "确认退款" }).click();
  await expect(toast(staff, `已退款 ${yuan(order.payMoneyCents)}`)).toBeVisible();
  await expect(staff.locator(".ant-tag", { hasText: "退款完成" }).first()).toBeVisible();
  await expect(staff.getByRole("button", { name: "确认退款" })).toHaveCount(0);
  await staff.screenshot({ path: `${SHOTS}-refund-done.png`, fullPage: true });

  // Nothing left to do for it: 待处理 no longer lists it.
  await staff.goto(`/console/aftersale/refund?todo=1&order_no=${order.orderNo}`);
  await expect(staff.getByText("没有待处理的退款")).toBeVisible();

  // The member: 退款完成, the money back in the balance.
  await page.goto(`/web/order/refund_detail?order_goods_id=${lineId}`);
  await expect(page.getByTestId("refund-status")).toHaveText("退款完成");
  expect(await shownBalance(page)).toBe(afterPaying + order.payMoneyCents);
  expect(errors).toEqual([]);
  expect(staffErrors).toEqual([]);
});

test("an evaluation with a picture is audited and replied to in 评价管理, then shows on the SKU page", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { memberId } = await registerShopper(page.request, "ase");
  const [order] = placeOrders(memberId, [{ paid: true }]) as [TestOrder];
  await shipThroughStaffApi(page.request, order.orderId, `SF${order.orderId}ASE`);
  await api(page.request, "/api/order/takedelivery", { order_id: order.orderId });
  const [line] = (await api<{ order_goods: Array<{ order_goods_id: number; sku_id: number; sku_image: string }> }>(page.request, "/api/order/detail", { order_id: order.orderId })).order_goods;
  const picture = await uploadEvaluatePicture(page.request, line!.sku_image);
  const words = `做工不错，物流很快 ${order.orderNo}`;
  await api(page.request, "/api/goodsevaluate/add", {
    order_id: order.orderId,
    goods_evaluate: JSON.stringify([{ order_goods_id: line!.order_goods_id, content: words, images: picture, scores: 5 }]),
  });

  const staff = await staffPage(browser);
  const staffErrors = watchErrors(staff);
  await staff.goto("/console/aftersale/evaluate?is_audit=0");
  await expect(staff.getByRole("radio", { name: "待审核" })).toBeChecked();
  const row = staff.locator(".ant-table-row", { hasText: words });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("img", { name: "评价图片 1" })).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}-evaluate-waiting.png`, fullPage: true });
  await row.getByRole("button", { name: "通过" }).click();
  await expect(toast(staff, "审核通过，评价已在商品页展示")).toBeVisible();
  // Approved, it leaves 待审核.
  await expect(row).toHaveCount(0);

  // antd draws the radio button over its input: click the label.
  await staff.locator("label", { hasText: "已通过" }).click();
  await expect(staff).toHaveURL(/is_audit=1/);
  const approved = staff.locator(".ant-table-row", { hasText: words });
  await approved.getByRole("button", { name: "回复" }).click();
  const dialog = staff.getByRole("dialog", { name: "回复评价" });
  await dialog.getByRole("textbox", { name: "回复评价" }).fill("感谢支持，期待再次光临");
  await dialog.getByRole("button", { name: "保存回复" }).click();
  await expect(toast(staff, "回复已保存")).toBeVisible();
  await expect(approved).toContainText("商家回复：感谢支持，期待再次光临");
  await staff.screenshot({ path: `${SHOTS}-evaluate-replied.png`, fullPage: true });

  await page.goto(`/web/sku/${line!.sku_id}`);
  await page.getByRole("tab", { name: /商品评价/ }).click();
  const shown = page.locator(".sku-eval").filter({ hasText: words });
  await expect(shown).toHaveCount(1);
  await expect(shown.getByText("商家回复：感谢支持，期待再次光临")).toBeVisible();
  await expect(shown.locator(".sku-eval__picture img")).toHaveCount(1);
  expect(staffErrors).toEqual([]);
});

test("a complaint about a refused refund is handled in 交易投诉: the refund goes on; 异常支付退款 lists late payments", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { memberId } = await registerShopper(page.request, "asc");
  const [order] = placeOrders(memberId, [{ paid: true }]) as [TestOrder];
  const [line] = (await api<{ order_goods: Array<{ order_goods_id: number }> }>(page.request, "/api/order/detail", { order_id: order.orderId })).order_goods;
  const lineId = line!.order_goods_id;
  await api(page.request, "/api/orderrefund/refund", { order_goods_id: lineId, refund_reason: "商品与描述不符" });
  const staffApi = await staffSession(page.request);
  await staffApi("/shopapi/orderrefund/refuse", { order_goods_id: lineId, refund_refuse_reason: "不支持无理由退款" });
  await api(page.request, "/api/ordercomplain/complain", { order_goods_id: lineId, complain_reason: "商家无理拒绝退款", complain_remark: "商品有明显划痕" });

  const staff = await staffPage(browser);
  const errors = watchErrors(staff);
  await staff.goto("/console/aftersale/complain?complain_status=1");
  await expect(staff.getByRole("heading", { name: "交易投诉", level: 1 })).toBeVisible();
  const row = staff.locator(".ant-table-row", { hasText: order.orderNo });
  await expect(row).toContainText("商家无理拒绝退款");
  await expect(row).toContainText("待平台处理");
  await row.getByRole("button", { name: "处理" }).click();
  await expect(staff).toHaveURL(/complain_id=\d+/);
  const drawer = staff.getByRole("dialog", { name: "投诉详情" });
  await expect(drawer).toContainText("商品有明显划痕");
  await expect(drawer).toContainText("不支持无理由退款");
  await drawer.getByRole("button", { name: "提交处理结果" }).click();
  await expect(drawer.getByText("请填写处理结果")).toBeVisible();
  await drawer.getByLabel("处理结果（买家和商家可见）").fill("商品确有瑕疵，支持买家退款");
  await staff.screenshot({ path: `${SHOTS}-complain.png`, fullPage: true });
  await drawer.getByRole("button", { name: "提交处理结果" }).click();
  await staff.getByRole("dialog", { name: "支持买家，继续退款？" }).getByRole("button", { name: "提交处理结果" }).click();
  await expect(toast(staff, "已处理：支持买家，退款继续")).toBeVisible();
  await expect(staff.locator(".ant-table-row", { hasText: order.orderNo })).toHaveCount(0);
  // The refund went on as if the shop had agreed (仅退款 → 待转账).
  expect((await staffApi<{ refund_status: number }>("/shopapi/orderrefund/detail", { order_goods_id: lineId })).refund_status).toBe(2);

  await staff.goto("/console/aftersale/late-refund");
  await expect(staff.getByRole("heading", { name: "异常支付退款", level: 1 })).toBeVisible();
  await expect(staff.locator(".ant-table")).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}-late-refund.png`, fullPage: true });
  expect(errors).toEqual([]);
});
