import fs from "node:fs";
import { test, expect, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { chooseFirstOption, logInToConsole, placeOrders, registerShopper, watchErrors } from "./support.ts";

/**
 * 订单 in the console (issue 23): an order a member paid is found by the list's filters, given a
 * remark and shipped from its detail page, and the member then sees 已发货 in the storefront; the
 * list's export is the filtered orders (opened with exceljs). Orders come from the order fixture
 * written into the e2e server's database, paid as a gateway's notify would.
 */

const SHOTS = new URL("../.cache/", import.meta.url).pathname;

/** The rows of the first sheet of a downloaded workbook, keyed by header. */
async function sheetRows(file: string): Promise<Array<Record<string, string>>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ""));
  const rows: Array<Record<string, string>> = [];
  sheet.eachRow((row, line) => {
    if (line > 1) rows.push(Object.fromEntries(header.map((key, index) => [key, String((row.values as unknown[])[index] ?? "")]).filter(([key]) => key)));
  });
  return rows;
}

const searchByOrderNo = async (console: Page, orderNo: string) => {
  await console.getByLabel("订单号").fill(orderNo);
  await console.getByRole("button", { name: /^查\s*询$/ }).click();
  await expect(console).toHaveURL(new RegExp(`order_no=${orderNo}`));
  await expect(console.locator(".ant-table-row")).toHaveCount(1, { timeout: 20_000 });
  await expect(console.locator(".ant-table-row").first()).toContainText(orderNo);
};

test("a paid order found by filters, shipped in the console → the member sees 已发货; the export holds the filtered orders", async ({ page, browser }) => {
  const shopperErrors = watchErrors(page);
  const { memberId } = await registerShopper(page.request, "cord");
  const [toShip, toExport] = placeOrders(memberId, [{ paid: true, lines: 2 }, { paid: true }]);

  const context = await browser.newContext();
  const console = await context.newPage();
  const errors = watchErrors(console);
  await logInToConsole(console);

  // The dashboard's link: 待发货 (order_status=1) is the active tab, with its count.
  await console.goto("/console/order?order_status=1");
  await expect(console.getByRole("tab", { name: /^待发货/ })).toHaveAttribute("aria-selected", "true");
  await expect(console.getByRole("tab", { name: /^待发货 \(\d+\)$/ })).toBeVisible({ timeout: 20_000 });
  await searchByOrderNo(console, toShip!.orderNo);
  await expect(console.locator(".ant-table-row").first()).toContainText("待发货");
  await console.screenshot({ path: `${SHOTS}console-orders-list.png`, fullPage: true });

  // Detail: remark, then ship both lines by express.
  await console.locator(".ant-table-row").first().getByRole("link", { name: "详情" }).click();
  await expect(console).toHaveURL(new RegExp(`/console/order/detail/${toShip!.orderId}$`));
  await expect(console.getByText("订单信息")).toBeVisible();
  await console.getByRole("button", { name: /^备\s*注$/ }).click();
  const remark = console.getByRole("dialog", { name: "卖家备注" });
  await remark.getByLabel("备注（仅商家可见）").fill("周五前发出");
  await remark.getByRole("button", { name: /^保\s*存$/ }).click();
  await expect(console.getByText("备注已保存")).toBeVisible();
  await expect(console.locator(".ant-descriptions-item", { hasText: "卖家备注" })).toContainText("周五前发出");

  await console.getByRole("button", { name: /^发\s*货$/ }).click();
  const drawer = console.getByRole("dialog", { name: `发货 · 订单 ${toShip!.orderNo}` });
  await expect(drawer.getByRole("checkbox")).toHaveCount(2);
  await chooseFirstOption(console, "快递公司");
  await drawer.getByLabel("快递单号").fill(`SF${toShip!.orderId}C`);
  await drawer.getByRole("button", { name: /^保\s*存$/ }).click();
  await expect(console.getByText("已发货", { exact: true }).first()).toBeVisible();
  await expect(console.locator(".ant-descriptions-item-content", { hasText: `SF${toShip!.orderId}C` })).toHaveCount(1);
  await expect(console.getByRole("button", { name: /^发\s*货$/ })).toHaveCount(0);
  await console.screenshot({ path: `${SHOTS}console-orders-detail.png`, fullPage: true });

  // The member's list shows it shipped.
  await page.goto("/web/member/order_list?status=waitconfirm");
  await expect(page.locator(`.order-card[data-order-id="${toShip!.orderId}"]`).getByText("已发货")).toBeVisible();

  // Export with the list's filters: exactly the filtered order.
  await console.goto("/console/order");
  await searchByOrderNo(console, toExport!.orderNo);
  const [download] = await Promise.all([console.waitForEvent("download"), console.getByRole("button", { name: "导出订单", exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^订单导出-\d{8}-\d{6}\.xlsx$/);
  const rows = await sheetRows(await download.path());
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ 订单编号: toExport!.orderNo, 订单状态: "待发货", 实付金额: String(toExport!.payMoneyCents / 100) });

  expect(errors).toEqual([]);
  expect(shopperErrors).toEqual([]);
  await context.close();
});
