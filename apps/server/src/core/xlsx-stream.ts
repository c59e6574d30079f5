import { PassThrough, type Writable } from "node:stream";
import ExcelJS from "exceljs";
import { XLSX_CONTENT_TYPE } from "@shop/contract/domains/goods-admin-import";
import { FileAnswer } from "./file-calls.ts";
import { now, shopIsoString } from "./time.ts";

/**
 * The one streaming Excel writer of the staff exports (goods/admin-export.ts, order/order-export.ts):
 * a workbook of one sheet whose rows come in batches from an async iterable (a module reads its
 * records by key in pages, with their children fetched by IN). Each batch is written with exceljs'
 * streaming WorkbookWriter (rows committed as added; no shared strings, no styles: a style per cell
 * costs a third of the writing) and handed to the client before the next batch is read, waiting
 * while the client is slower than the database — so memory holds one batch whatever the export's size.
 * The first batch is read before answering, so a failing query is still an envelope, not a broken file.
 */

export type SheetCell = string | number;
export type SheetRow = Record<string, SheetCell>;

export interface StreamedSheet {
  /** the download's name before its time stamp: "订单导出" → 订单导出-20261207-193000.xlsx */
  fileName: string;
  sheetName: string;
  columns: Array<Partial<ExcelJS.Column>>;
  /** the rows, a batch at a time */
  batches: AsyncIterable<SheetRow[]>;
  /** where a failure after the answer started goes (the download is then cut short) */
  log: (error: unknown) => void;
}

/** Resolves once the stream has room again (or is gone: the client left). */
function room(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}

/**
 * The zip's inputs of a sheet: exceljs' sheet stream (a StreamBuf) writes into the zip without
 * waiting for it, so when deflating is slower than the rows come, the zip's input buffers them all
 * (an export of 100k orders grew the process by 300 MB). Waiting for these to drain too keeps the
 * buffered data to about one batch.
 */
function zipInputs(sheet: object): Writable[] {
  return (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];
}

export async function streamSheet(options: StreamedSheet): Promise<FileAnswer> {
  const batches = options.batches[Symbol.asyncIterator]();
  let batch = await batches.next();

  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = options.columns;
  sheet.getRow(1).commit();
  void (async () => {
    while (!batch.done && !output.destroyed) {
      for (const row of batch.value) sheet.addRow(row).commit();
      await Promise.all([output, ...zipInputs(sheet)].map(room));
      if (!output.destroyed) batch = await batches.next();
    }
    if (output.destroyed) {
      await batches.return?.(); // the client left: read and write nothing more
      return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    options.log(error);
    output.destroy(error as Error);
  });
  const stamp = shopIsoString(now()).slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return new FileAnswer(`${options.fileName}-${stamp}.xlsx`, XLSX_CONTENT_TYPE, output);
}

/** Key-ordered pages of a query as an async iterable: `read(after)` answers the page after that key, `keyOf` a row's key. */
export async function* keysetPages<Row, Key>(read: (after: Key | undefined) => Promise<Row[]>, keyOf: (row: Row) => Key, batch: number): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const page = await read(after);
    if (page.length > 0) yield page;
    if (page.length < batch) return;
    after = keyOf(page.at(-1)!);
  }
}
