import ExcelJS from "exceljs";
import type { Envelope } from "@shop/contract";
import type { GoodsImportReport } from "@shop/contract/domains/goods-admin-import";
import type { TestApp } from "../../test/harness.ts";
import { multipartBody } from "../upload/test-helpers.ts";
import { IMPORT_COLUMNS, type ColumnKey } from "./admin-import-sheet.ts";

/**
 * Helpers of the Excel import and export tests (admin-import*.test.ts, admin-export.test.ts) and the
 * bench: workbooks written and read by column key, the multipart import call, downloads. Not imported
 * by production code.
 */
export type SheetCells = Partial<Record<ColumnKey, string | number>>;

/** An .xlsx of the goods sheet: the template's header (as the template writes it), then `rows`. */
export async function goodsWorkbook(rows: SheetCells[], options: { header?: string[] } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("商品");
  sheet.addRow(options.header ?? IMPORT_COLUMNS.map((column) => column.header));
  for (const row of rows) sheet.addRow(IMPORT_COLUMNS.map((column) => row[column.key] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet of a workbook as rows by column key (header → key as the import reads it), and the sheet names. */
export async function readWorkbook(bytes: Buffer): Promise<{ sheets: string[]; rows: Array<Record<string, string>> }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? "").replace(/\*$/, ""));
  const keys = header.map((text) => IMPORT_COLUMNS.find((column) => column.header === text)?.key ?? text);
  const rows: Array<Record<string, string>> = [];
  sheet.eachRow((row, line) => {
    if (line === 1) return;
    const values = row.values as unknown[];
    rows.push(Object.fromEntries(keys.map((key, index) => [key, values[index] === null || values[index] === undefined ? "" : String(values[index])]).filter(([key]) => key)));
  });
  return { sheets: workbook.worksheets.map((each) => each.name), rows };
}

export interface ImportAs {
  token?: string;
  dryRun?: boolean;
  filename?: string;
  contentType?: string;
}

/** POSTs a workbook to /shopapi/goods/import as the console does (multipart, the file in `xlsx`). */
export async function postImport(t: TestApp, bytes: Uint8Array, as: ImportAs = {}): Promise<Envelope<GoodsImportReport>> {
  const fields: Record<string, string> = { dry_run: as.dryRun ? "1" : "0", ...(as.token ? { token: as.token } : {}) };
  const { payload, contentType } = await multipartBody(fields, [
    { bytes, field: "xlsx", filename: as.filename ?? "商品导入.xlsx", contentType: as.contentType ?? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  ]);
  const response = await t.app.inject({ method: "POST", url: "/shopapi/goods/import", payload, headers: { "content-type": contentType } });
  return response.json();
}

/** POSTs to a download call: the file's bytes and headers when it answered one, else the envelope. */
export async function download(t: TestApp, path: string, body: object, token: string) {
  const response = await t.app.inject({ method: "POST", url: path, payload: JSON.stringify({ ...body, token }), headers: { "content-type": "application/json" } });
  const type = String(response.headers["content-type"] ?? "");
  return {
    status: response.statusCode,
    type,
    disposition: String(response.headers["content-disposition"] ?? ""),
    bytes: response.rawPayload,
    envelope: type.includes("application/json") ? (response.json() as Envelope) : undefined,
  };
}
