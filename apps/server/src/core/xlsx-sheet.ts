import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { Code } from "@shop/contract/codes";
import { BizError, fail } from "./errors.ts";

/**
 * Reading an uploaded Excel workbook (.xlsx) into rows of text, for the back office's imports (goods:
 * modules/goods/admin-import-sheet.ts; shipping: modules/order/ship-import-sheet.ts). Generic: the
 * columns and what the rows mean are the module's business.
 *
 * The first worksheet is read; its first non-empty row is the header, matched by name (order free,
 * unknown columns ignored, "*" and a unit in brackets optional); empty rows are skipped. A file that
 * is no .xlsx (an .xls, a CSV renamed, a picture, a zip bomb) is refused with a Chinese reason before
 * anything is unzipped.
 */

/** A column an import reads: its key, its header as the template writes it, other names it may have. */
export interface SheetColumn<K extends string = string> {
  key: K;
  header: string;
  required?: boolean;
  aliases?: readonly string[];
}

/** A data row: its line in the sheet (the header is line 1) and its cells as trimmed text ("" when empty). */
export interface SheetRow<K extends string = string> {
  line: number;
  cells: Record<K, string>;
}

export interface ReadSheetOptions {
  /** data rows the file may hold (more is refused) */
  maxRows: number;
  /** what the sheet holds, for the messages: "商品", "订单" */
  noun: string;
}

const NOT_XLSX = "请上传 Excel 文件（.xlsx）";
/** Uncompressed bytes a workbook may hold (10,000 rows of the goods template are about 5 MB). */
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

/**
 * The entries of a zip archive (from its central directory): names and uncompressed sizes, or
 * undefined when `bytes` is no zip. Read before unzipping, so a small file that expands to
 * gigabytes is refused up front.
 */
function zipEntries(bytes: Buffer): Array<{ name: string; size: number }> | undefined {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > bytes.length) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: Array<{ name: string; size: number }> = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return undefined;
    const nameLength = bytes.readUInt16LE(at + 28);
    entries.push({ name: bytes.toString("utf8", at + 46, at + 46 + nameLength), size: bytes.readUInt32LE(at + 24) });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** Refuses what is not an .xlsx workbook (an .xls, a CSV renamed, a picture) with a clear reason. */
export function checkXlsx(bytes: Buffer): void {
  if (bytes.length === 0) fail("上传的文件是空的", Code.PARAM);
  if (bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) fail("不支持 .xls 格式，请在 Excel 中另存为 .xlsx 后上传", Code.PARAM);
  const entries = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) ? zipEntries(bytes) : undefined;
  if (!entries?.some((entry) => entry.name === "xl/workbook.xml")) fail(NOT_XLSX, Code.PARAM);
  if (entries!.reduce((sum, entry) => sum + entry.size, 0) > MAX_UNZIPPED_BYTES) fail("文件内容过大，请分批导入", Code.PARAM);
}

/** A cell's value as text: numbers without float noise, formulas by their result, rich text joined. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : "";
  if (typeof value === "boolean") return value ? "是" : "否";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const cell = value as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown };
    if (Array.isArray(cell.richText)) return cell.richText.map((run) => run.text).join("").trim();
    if ("result" in cell) return cellText(cell.result);
    if ("text" in cell) return cellText(cell.text);
  }
  return "";
}

/** "销售价*", " 重量（kg）" → "销售价", "重量" */
const headerKey = (text: string) => text.replace(/[\s*＊]/g, "").replace(/[(（][^)）]*[)）]/g, "");

function headerColumns<K extends string>(values: unknown[], columns: ReadonlyArray<SheetColumn<K>>): Map<number, K> {
  const byHeader = new Map<string, K>(columns.flatMap((column) => [column.header, ...(column.aliases ?? [])].map((name) => [headerKey(name), column.key] as const)));
  const found = new Map<number, K>();
  values.forEach((value, index) => {
    const key = byHeader.get(headerKey(cellText(value)));
    if (key && ![...found.values()].includes(key)) found.set(index, key);
  });
  const missing = columns.filter((column) => column.required && ![...found.values()].includes(column.key));
  if (missing.length > 0) fail(`表头缺少必填列：${missing.map((column) => column.header).join("、")}（请使用导入模板）`, Code.PARAM);
  return found;
}

/** The data rows of the workbook's first worksheet; refuses a file that is no .xlsx, lacks a required column or has too many rows. */
export async function readSheetRows<K extends string>(bytes: Buffer, columns: ReadonlyArray<SheetColumn<K>>, options: ReadSheetOptions): Promise<Array<SheetRow<K>>> {
  checkXlsx(bytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), { sharedStrings: "cache", hyperlinks: "ignore", styles: "ignore", worksheets: "emit", entries: "ignore" });
  const emptyCells = () => Object.fromEntries(columns.map((column) => [column.key, ""])) as Record<K, string>;
  try {
    for await (const worksheet of reader) {
      let found: Map<number, K> | undefined;
      const rows: Array<SheetRow<K>> = [];
      for await (const row of worksheet) {
        const values = (Array.isArray(row.values) ? row.values : []) as unknown[];
        if (!values.some((value) => cellText(value) !== "")) continue;
        if (!found) {
          found = headerColumns(values, columns);
          continue;
        }
        const cells = emptyCells();
        for (const [index, key] of found) cells[key] = cellText(values[index]);
        rows.push({ line: row.number, cells });
        if (rows.length > options.maxRows) fail(`一次最多导入 ${options.maxRows} 行，请分批导入`, Code.PARAM);
      }
      if (!found) fail("第一个工作表是空的，请使用导入模板填写", Code.PARAM);
      if (rows.length === 0) fail(`表头下没有${options.noun}行：请按模板填写后再上传`, Code.PARAM);
      return rows;
    }
  } catch (error) {
    if (error instanceof BizError) throw error;
    fail(`文件无法读取：${NOT_XLSX}`, Code.PARAM);
  }
  return fail("文件中没有工作表，请使用导入模板填写", Code.PARAM);
}
