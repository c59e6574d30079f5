import fs from "node:fs";
import ExcelJS from "exceljs";
import { test, expect } from "@playwright/test";
import { logInToConsole, watchErrors } from "./support.ts";

/**
 * The owner's Excel import in the console (issue 22): the template downloaded from 商品导入, filled
 * with 200 rows of which 3 are bad (a price, a category, a repeated SKU number), checked (预检: the
 * three lines named with their reasons), imported (the 177 good goods), found in the goods list; the
 * list's 导出 downloads the filtered goods.
 */
const SHOTS = ".cache/console-goods-import";

/** The template with its example rows replaced by 170 goods of one SKU and 10 of three; rows 11, 61 and 121 (lines) bad. */
async function filledTemplate(template: Buffer, prefix: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet("商品")!;
  // Columns by header (the template marks required ones "*"); exceljs numbers cells from 1.
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map((value) => String(value ?? "").replace(/\*$/, ""));
  const column = (name: string) => header.indexOf(name) + 1;
  const category = String(sheet.getRow(2).getCell(column("商品分类")).value);
  const rows: Array<Record<string, string | number>> = [];
  for (let index = 1; index <= 170; index += 1) {
    rows.push({ 商品名称: `${prefix}单品${index}`, 商品分类: category, 销售价: index === 10 ? "12.345" : 10 + index, 库存: 100, SKU编码: `${prefix}-S${index === 120 ? 20 : index}` });
  }
  for (let goods = 1; goods <= 10; goods += 1) {
    for (const size of ["S", "M", "L"]) {
      rows.push({ 商品编号: `K${goods}`, ...(size === "S" ? { 商品名称: `${prefix}围巾${goods}`, 商品分类: category } : {}), 规格: `颜色:灰色;尺码:${size}`, 销售价: 88, 库存: 20 });
    }
  }
  rows[59]!.商品分类 = "不存在的分类";
  // Over the example rows (a row's values replace all its cells).
  rows.forEach((cells, index) => {
    sheet.getRow(index + 2).values = header.map((name) => cells[name] ?? null);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test("an owner imports 200 goods rows from the template: the dry run names the 3 bad lines, the import saves the rest, the list shows them", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const prefix = `导入${Date.now().toString(36).slice(-5)}`;
  await logInToConsole(page);

  await page.goto("/console/goods/import");
  await expect(page.getByRole("heading", { name: "商品导入", level: 1 })).toBeVisible();
  const [templateDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "下载导入模板" }).click()]);
  expect(templateDownload.suggestedFilename()).toBe("商品导入模板.xlsx");
  const workbook = await filledTemplate(fs.readFileSync(await templateDownload.path()), prefix);

  await page.locator("input[type=file]").setInputFiles({ name: "商品导入.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: workbook });
  await expect(page.getByText("商品导入.xlsx")).toBeVisible();
  await page.getByRole("button", { name: /^预\s*检$/ }).click();
  const report = page.locator(".ant-card", { hasText: "预检结果" });
  await expect(report.locator(".ant-statistic", { hasText: "总行数" })).toContainText("200");
  await expect(report.locator(".ant-statistic", { hasText: "可导入行数" })).toContainText("197");
  const bad = report.locator(".ant-table-row");
  await expect(bad).toHaveCount(3);
  await expect(bad.nth(0)).toContainText("11销售价格式不正确");
  await expect(bad.nth(1)).toContainText("61商品分类商品分类「不存在的分类」不存在");
  await expect(bad.nth(2)).toContainText(`121SKU编码SKU编码「${prefix}-S20」与第 21 行重复`);
  await bad.nth(2).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}-report.png`, fullPage: true });

  await page.getByRole("button", { name: /^导\s*入$/ }).click();
  await page.getByRole("button", { name: /确\s*定|OK/ }).click();
  await expect(page.getByText("已导入 177 件商品，3 处问题未导入")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".ant-card", { hasText: "导入结果" }).locator(".ant-table-row")).toHaveCount(3);
  await page.getByRole("link", { name: "查看商品列表" }).click();
  await expect(page).toHaveURL(/\/console\/goods$/);

  // Newest first: the last goods of the file heads the list.
  await page.getByPlaceholder("商品名称或 SKU 编码").fill(prefix);
  await page.getByRole("button", { name: /^查\s*询$/ }).click();
  await expect(page.locator(".ant-table-row").first()).toContainText(`${prefix}围巾10`, { timeout: 20_000 });
  await expect(page.locator(".ant-table-row", { hasText: `${prefix}单品170` })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}-list.png`, fullPage: true });

  // 导出 with the list's filters (the goods of one SKU): 167 rows, none of the bad rows' goods.
  await page.getByPlaceholder("商品名称或 SKU 编码").fill(`${prefix}单品`);
  await page.getByRole("button", { name: /^查\s*询$/ }).click();
  // The export takes the filters the page shows: wait for the list to show them (a loaded machine is slow).
  await expect(page.locator(".ant-table-row").first()).toContainText(`${prefix}单品170`, { timeout: 20_000 });
  const [exportDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /^导\s*出$/ }).click()]);
  expect(exportDownload.suggestedFilename()).toMatch(/^商品导出-\d{8}-\d{6}\.xlsx$/);
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.load(fs.readFileSync(await exportDownload.path()) as unknown as ArrayBuffer);
  const names: string[] = [];
  exported.worksheets[0]!.eachRow((row, line) => line > 1 && names.push(String(row.getCell(2).value)));
  expect(names).toHaveLength(167);
  for (const missing of [10, 60, 120]) expect(names).not.toContain(`${prefix}单品${missing}`);
  expect(errors).toEqual([]);
});
