import fs from "node:fs";
import ExcelJS from "exceljs";
import { test, expect } from "@playwright/test";
import { logInToConsole, placeOrders, registerShopper, watchErrors, type TestOrder } from "./support.ts";

/**
 * 批量发货(Excel) in the console (issue 23): two paid orders; the template downloaded from the order
 * list's button lists them; filled with a company and tracking numbers (and one repeated row), it is
 * checked (预检 names the bad line and its reason), confirmed, and both orders ship: the member sees
 * 已发货 with the tracking number.
 */
const SHOTS = new URL("../.cache/", import.meta.url).pathname;

/** The template with tracking numbers for `orders` (their rows as listed), every other order's row emptied, and `orders[0]` repeated below. */
async function filledTemplate(template: Buffer, orders: TestOrder[], numberOf: (order: TestOrder) => string): Promise<{ bytes: Buffer; company: string; repeatedLine: number }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const company = String(workbook.getWorksheet("物流公司")!.getRow(2).getCell(1).value);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map((value) => String(value ?? "").replace(/\*$/, ""));
  const column = (name: string) => header.indexOf(name) + 1;
  let last = 1;
  sheet.eachRow((row, line) => {
    if (line === 1) return;
    const order = orders.find((each) => each.orderNo === String(row.getCell(column("订单编号")).value));
    if (!order) {
      row.eachCell((cell) => {
        cell.value = null;
      });
      return;
    }
    row.getCell(column("物流公司")).value = company;
    row.getCell(column("物流单号")).value = numberOf(order);
    last = Math.max(last, line);
  });
  const repeated = sheet.getRow(last + 1);
  repeated.getCell(column("订单编号")).value = orders[0]!.orderNo;
  repeated.getCell(column("物流公司")).value = company;
  repeated.getCell(column("物流单号")).value = "DUPLICATE1";
  return { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), company, repeatedLine: last + 1 };
}

test("two paid orders shipped from the Excel template: dry run with reasons, confirm, the member sees 已发货 with the tracking number", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const shopperErrors = watchErrors(page);
  const { memberId } = await registerShopper(page.request, "xlsx");
  const orders = placeOrders(memberId, [{ paid: true }, { paid: true, lines: 2 }]);
  const numberOf = (order: TestOrder) => `YT${order.orderId}X${Date.now() % 100_000}`;

  const context = await browser.newContext({ acceptDownloads: true });
  const console = await context.newPage();
  const errors = watchErrors(console);
  await logInToConsole(console);
  await console.goto("/console/order");
  await console.getByRole("button", { name: "批量发货(Excel)" }).click();
  const modal = console.getByRole("dialog", { name: "批量发货（Excel）" });
  await expect(modal).toBeVisible();

  const [templateDownload] = await Promise.all([console.waitForEvent("download"), modal.getByRole("button", { name: "下载待发货订单模板" }).click()]);
  expect(templateDownload.suggestedFilename()).toMatch(/^批量发货-待发货订单-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const numbers = new Map(orders.map((order) => [order.orderId, numberOf(order)]));
  const filled = await filledTemplate(fs.readFileSync(await templateDownload.path()), orders, (order) => numbers.get(order.orderId)!);

  await modal.locator("input[type=file]").setInputFiles({ name: "今日发货.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: filled.bytes });
  await expect(modal.getByText("今日发货.xlsx")).toBeVisible();
  await console.screenshot({ path: `${SHOTS}console-orders-ship-import-start.png` });
  await modal.getByRole("button", { name: /^预\s*检$/ }).click();

  // The dry run: three rows, two to ship, the repeated one named with its line and reason.
  await expect(modal.locator(".ant-statistic", { hasText: "总行数" })).toContainText("3");
  await expect(modal.locator(".ant-statistic", { hasText: "可发货" })).toContainText("2");
  await expect(modal.locator(".ant-statistic", { hasText: "有问题" })).toContainText("1");
  const rows = modal.locator(".ant-table-row");
  await expect(rows).toHaveCount(3);
  for (const order of orders) await expect(rows.filter({ hasText: order.orderNo }).first()).toContainText("可发货");
  await expect(rows.filter({ hasText: "DUPLICATE1" })).toContainText(String(filled.repeatedLine));
  await expect(rows.filter({ hasText: "DUPLICATE1" })).toContainText("是同一订单，不能重复发货");
  await console.screenshot({ path: `${SHOTS}console-orders-ship-import-check.png` });

  await modal.getByRole("button", { name: /^确认发货（2）$/ }).click();
  await console.getByRole("tooltip").getByRole("button", { name: /^确\s*定$/ }).click();
  await expect(modal.locator(".ant-statistic", { hasText: "已发货" })).toContainText("2", { timeout: 20_000 });
  await expect(modal.locator(".ant-statistic", { hasText: "未发货" })).toContainText("1");
  await expect(modal.locator(".ant-table-row").filter({ hasText: "已发货" })).toHaveCount(2);
  await console.screenshot({ path: `${SHOTS}console-orders-ship-import-result.png` });
  await modal.getByRole("button", { name: /^完\s*成$/ }).click();
  await expect(modal).toBeHidden();

  // The member sees each order shipped, with its tracking number.
  for (const order of orders) {
    await page.goto(`/web/member/order_detail?order_id=${order.orderId}`);
    await expect(page.getByText("已发货").first()).toBeVisible();
    await expect(page.getByText(numbers.get(order.orderId)!).first()).toBeVisible();
  }
  await page.screenshot({ path: `${SHOTS}console-orders-ship-import-member.png`, fullPage: true });

  expect(errors).toEqual([]);
  expect(shopperErrors).toEqual([]);
  await context.close();
});
