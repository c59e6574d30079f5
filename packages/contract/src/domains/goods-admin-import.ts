import { z } from "zod";
import { endpoint, noBody } from "../endpoint.ts";
import { goodsListFilterFields } from "./goods-admin.ts";

/**
 * Excel import and export of goods in the back office (/shopapi/goods/*, permission goods.manage;
 * docs/api/console-goods.md). Niushop's shop admin names them `import` (the workbook in the
 * multipart field `xlsx`) and `exportGoods`; the template is ours.
 *
 * - `importtemplate` and `exportgoods` answer the .xlsx file itself (Content-Disposition with its
 *   Chinese name), not an envelope; a refusal (session, permission, bad filter) is still an envelope.
 * - `import` takes multipart/form-data: the workbook in `xlsx` and the fields below; a JSON body
 *   is validated and answered with 请上传 Excel 文件. The console posts a FormData (routes/goods/import.tsx).
 */
export const GOODS_IMPORT_FILE_FIELD = "xlsx";
export const GOODS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Data rows (SKUs) of one workbook. */
export const GOODS_IMPORT_MAX_ROWS = 10_000;
/** Bad rows listed in a report (all are counted in `error_count`). */
export const GOODS_IMPORT_MAX_ERRORS = 500;
export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * What a download call answers when it succeeds: the file's bytes, not an envelope. Only a name for
 * the contract's response type: clients fetch these calls as files (the console's lib/download.ts).
 */
export interface FileDownload {
  readonly __file: "download";
}

/** A bad row of the sheet: its line as the spreadsheet numbers it (the header is line 1), the column, why. */
export interface GoodsImportError {
  line: number;
  /** the column's header (商品名称, 销售价 …); "商品" for what concerns the whole goods */
  field: string;
  reason: string;
}

export interface GoodsImportReport {
  dry_run: 0 | 1;
  /** data rows read (the header and empty rows not counted) */
  total: number;
  /** rows that are (or in a dry run would be) imported */
  valid: number;
  /** goods the valid rows make */
  goods_valid: number;
  /** goods saved; 0 in a dry run */
  imported: number;
  /** bad rows, by line; at most GOODS_IMPORT_MAX_ERRORS listed */
  errors: GoodsImportError[];
  /** every bad row's problem, listed or not */
  error_count: number;
}

export const goodsImportEndpoints = {
  /** the import template (.xlsx): the goods sheet's header and example rows, the notes, the shop's categories, brands and freight templates */
  "/shopapi/goods/importtemplate": endpoint<FileDownload>()(noBody),
  /**
   * multipart: the workbook in `xlsx` (≤5 MB, ≤10,000 rows); `dry_run: 1` checks every row and saves
   * nothing; else the good rows' goods are saved in one unit of work and the bad rows reported, not saved
   */
  "/shopapi/goods/import": endpoint<GoodsImportReport>()(
    z.object({ dry_run: z.coerce.number().int().min(0).max(1).default(0) }),
  ),
  /** the goods the list's filters select (order and paging aside), one row per SKU in the template's columns (.xlsx, streamed) */
  "/shopapi/goods/exportgoods": endpoint<FileDownload>()(z.object(goodsListFilterFields)),
};
