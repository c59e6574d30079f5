import { Code } from "@shop/contract/codes";
import { ORDER_IMPORT_FILE_FIELD, ORDER_IMPORT_MAX_ROWS, RefundStatus, type OrderImportReport, type OrderImportRow } from "@shop/contract";
import { XLSX_CONTENT_TYPE } from "@shop/contract/domains/goods-admin-import";
import type { StaffCaller } from "../../core/context.ts";
import { BizError, fail } from "../../core/errors.ts";
import { FileAnswer, type UploadedFile } from "../../core/file-calls.ts";
import { now, shopIsoString } from "../../core/time.ts";
import { readSheetRows } from "../../core/xlsx-sheet.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { isOpenRefund } from "../refund/rules.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { shipOrder } from "./ship.ts";
import { READ_COLUMNS, shipTemplateWorkbook, type ShipSheetRow } from "./ship-import-sheet.ts";
import { OrderStatus, OrderType, orderStatusName } from "./state-machine.ts";

/**
 * 批量发货 by Excel (/shopapi/orderimportfile/exportdeliveryorder and /importorder, after the
 * reference's Orderimportfile): the template lists the orders waiting to ship; staff fill in each
 * one's express company and tracking number and upload it.
 *
 * Every row is checked first, by reads only (a dry run stops there): the order exists, travels by
 * express or local delivery, waits to be shipped, has lines to send and none in an open refund; the
 * company is the shop's; the number is filled; the order is not on an earlier row. Then each good
 * row's order ships all its lines still to send through shipOrder — the single ship's own unit of
 * work, state machine, events (the buyer's SMS), auto-receive timer and staff_log — one order at a
 * time, so a refused or failing order never holds back or half-ships another. An order shipped
 * meanwhile is refused by shipOrder and reported; the same file uploaded again ships nothing twice.
 */

interface Company {
  company_id: number;
  company_name: string;
  code: string;
}

interface CheckedRow {
  report: OrderImportRow;
  /** what to ship, for a good row */
  ship?: { orderId: number; companyId: number; deliveryNo: string; lineIds: number[] };
}

const SHIPPED_STATUSES: number[] = [OrderStatus.SHIPPED, OrderStatus.RECEIVED, OrderStatus.COMPLETE];
const NOT_SHIPPED_TYPES: Record<number, string> = {
  [OrderType.PICKUP]: "自提订单由买家到店提货，无需发货",
  [OrderType.VIRTUAL]: "虚拟订单无需物流，不能在此发货",
};

/** The shop's companies by name and by code (the first by the list's order when two share one). */
async function readCompanies(db: Db): Promise<(text: string) => Company | undefined> {
  const companies = await db.selectFrom("express_company").select(["company_id", "company_name", "code"]).orderBy("sort").orderBy("company_id").execute();
  const byName = new Map<string, Company>();
  const byCode = new Map<string, Company>();
  for (const company of companies) {
    if (!byName.has(company.company_name)) byName.set(company.company_name, company);
    if (company.code && !byCode.has(company.code.toLowerCase())) byCode.set(company.code.toLowerCase(), company);
  }
  return (text) => byName.get(text) ?? byCode.get(text.toLowerCase());
}

/** The orders of the sheet by number, and the lines of those waiting to ship. */
async function readOrders(db: Db, orderNos: string[]) {
  const found = orderNos.length
    ? await db.selectFrom("orders").select(["order_id", "order_no", "order_name", "order_type", "order_status"]).where("order_no", "in", orderNos).execute()
    : [];
  const waiting = found.filter((order) => order.order_status === OrderStatus.WAIT_SEND).map((order) => order.order_id);
  const lineRows = waiting.length
    ? await db.selectFrom("order_goods").select(["order_id", "order_goods_id", "sku_name", "delivery_status", "refund_status"]).where("order_id", "in", waiting).orderBy("order_goods_id").execute()
    : [];
  const lines = new Map<number, typeof lineRows>();
  for (const line of lineRows) lines.set(line.order_id, [...(lines.get(line.order_id) ?? []), line]);
  return { orders: new Map(found.map((order) => [order.order_no, order])), lines };
}

/** Why an order number is not found: a long number Excel stored as a number has lost its last digits. */
const unknownOrder = (orderNo: string) =>
  /^\d{16,}$/.test(orderNo) || /e\+/i.test(orderNo) ? "订单不存在（订单编号被存成了数字，超过 15 位会丢失末尾：请把该列设为文本格式后重新填写）" : "订单不存在";

async function checkRows(db: Db, rows: ShipSheetRow[]): Promise<CheckedRow[]> {
  const company = await readCompanies(db);
  const { orders, lines } = await readOrders(db, [...new Set(rows.map((row) => row.cells.order_no).filter(Boolean))]);
  const firstLine = new Map<string, number>();
  return rows.map(({ line, cells }) => {
    const order = orders.get(cells.order_no);
    const report: OrderImportRow = {
      line, order_no: cells.order_no, order_id: order?.order_id ?? 0, order_name: order?.order_name ?? "",
      express_company_name: cells.company, delivery_no: cells.delivery_no, status: -1, reason: "",
    };
    const refuse = (reason: string): CheckedRow => ({ report: { ...report, reason } });
    if (!cells.order_no) return refuse("订单编号为空");
    const earlier = firstLine.get(cells.order_no);
    if (earlier !== undefined) return refuse(`与第 ${earlier} 行是同一订单，不能重复发货`);
    firstLine.set(cells.order_no, line);
    if (!order) return refuse(unknownOrder(cells.order_no));
    if (NOT_SHIPPED_TYPES[order.order_type]) return refuse(NOT_SHIPPED_TYPES[order.order_type]!);
    if (SHIPPED_STATUSES.includes(order.order_status)) return refuse("订单已发货");
    if (order.order_status !== OrderStatus.WAIT_SEND) return refuse(`订单当前状态为「${orderStatusName(order.order_status, order.order_type)}」，不能发货`);
    if (!cells.company && !cells.delivery_no) return refuse("未填写物流公司和物流单号，未发货");
    if (!cells.company) return refuse("请填写物流公司");
    const chosen = company(cells.company);
    if (!chosen) return refuse(`物流公司「${cells.company}」不存在，请填写「物流公司」表中的名称`);
    if (!cells.delivery_no) return refuse("物流单号为空");
    if (cells.delivery_no.length > 50) return refuse("物流单号不能超过 50 个字符");
    if (!/^[A-Za-z0-9-]+$/.test(cells.delivery_no)) return refuse("物流单号只能包含字母、数字和 -");
    const orderLines = lines.get(order.order_id) ?? [];
    const inRefund = orderLines.find((each) => each.delivery_status === 0 && isOpenRefund(each.refund_status));
    if (inRefund) return refuse(`商品「${inRefund.sku_name}」退款处理中，不能发货`);
    const toSend = orderLines.filter((each) => each.delivery_status === 0 && each.refund_status !== RefundStatus.COMPLETE);
    if (toSend.length === 0) return refuse("订单商品已全部发货或退款");
    return {
      report: { ...report, express_company_name: chosen.company_name, status: 0 },
      ship: { orderId: order.order_id, companyId: chosen.company_id, deliveryNo: cells.delivery_no, lineIds: toSend.map((each) => each.order_goods_id) },
    };
  });
}

/** Ships each good row's order in its own unit of work (shipOrder's); a refusal is reported on its row. */
async function shipRows(db: Db, caller: StaffCaller, checked: CheckedRow[]): Promise<OrderImportRow[]> {
  const reports: OrderImportRow[] = [];
  for (const { report, ship } of checked) {
    if (!ship) {
      reports.push(report);
      continue;
    }
    try {
      await shipOrder(db, caller, ship.orderId, [{ delivery_type: 1, express_company_id: ship.companyId, delivery_no: ship.deliveryNo, order_goods_ids: ship.lineIds, trace: [] }]);
      reports.push(report);
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      reports.push({ ...report, status: -1, reason: error.message });
    }
  }
  return reports;
}

function summary(rows: OrderImportRow[], dryRun: boolean): OrderImportReport {
  const success = rows.filter((row) => row.status === 0).length;
  return { dry_run: dryRun ? 1 : 0, order_num: rows.length, success_num: success, error_num: rows.length - success, rows };
}

/** /shopapi/orderimportfile/importorder: every row's outcome; unless a dry run, the good rows' orders shipped. */
export async function importShipWorkbook(db: Db, caller: StaffCaller, file: UploadedFile | undefined, dryRun: boolean): Promise<OrderImportReport> {
  if (!file) return fail(`请上传 Excel 文件（multipart/form-data，文件字段 ${ORDER_IMPORT_FILE_FIELD}）`, Code.PARAM);
  const rows = await readSheetRows(file.bytes, READ_COLUMNS, { maxRows: ORDER_IMPORT_MAX_ROWS, noun: "订单" });
  const checked = await checkRows(db, rows);
  if (dryRun) return summary(checked.map((row) => row.report), true);
  const report = summary(await shipRows(db, caller, checked), false);
  const shipped = report.rows.filter((row) => row.status === 0).map((row) => row.order_id);
  await unitOfWork(db, (tx) =>
    logStaffAction(tx, caller, "order.importdelivery", { type: "order", id: shipped.length ? `${shipped[0]}-${shipped.at(-1)}` : "0" }, {
      file_name: file.filename, rows: report.order_num, shipped: report.success_num, refused: report.error_num, order_ids: shipped,
    }),
  );
  return report;
}

/** /shopapi/orderimportfile/exportdeliveryorder: the template, listing the orders waiting to be shipped (oldest first). */
export async function shipImportTemplate(db: Db): Promise<FileAnswer> {
  const orders = await db
    .selectFrom("orders")
    .select(["order_no", "order_name", "name", "mobile", "full_address", "address"])
    .where("order_status", "=", OrderStatus.WAIT_SEND)
    .where("order_type", "in", [OrderType.EXPRESS, OrderType.LOCAL])
    .orderBy("create_time")
    .orderBy("order_id")
    .limit(ORDER_IMPORT_MAX_ROWS)
    .execute();
  const companies = await db.selectFrom("express_company").select(["company_name", "code"]).orderBy("sort").orderBy("company_id").execute();
  const day = shopIsoString(now()).slice(0, 10);
  return new FileAnswer(`批量发货-待发货订单-${day}.xlsx`, XLSX_CONTENT_TYPE, await shipTemplateWorkbook(orders, companies));
}
