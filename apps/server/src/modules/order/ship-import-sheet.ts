import ExcelJS from "exceljs";
import { ORDER_IMPORT_MAX_ROWS } from "@shop/contract";
import type { SheetColumn, SheetRow } from "../../core/xlsx-sheet.ts";

/**
 * The sheet of 批量发货 (ship-import.ts): its columns and the template. Like the reference's
 * exportDeliveryOrder, the template is the list of orders waiting to ship, one row each, with their
 * contents and receivers for the eye; staff fill in 物流公司 (a drop-down of the shop's companies,
 * listed on the second sheet) and 物流单号. Only 订单编号, 物流公司 and 物流单号 are read back.
 */
export const SHIP_COLUMNS = [
  { key: "order_no", header: "订单编号", required: true, aliases: ["订单号"], width: 24 },
  { key: "order_name", header: "订单内容", width: 36 },
  { key: "receiver", header: "收件人姓名", width: 12 },
  { key: "mobile", header: "收件人电话", width: 14 },
  { key: "address", header: "收件人地址", width: 40 },
  { key: "company", header: "物流公司", required: true, aliases: ["物流公司名称", "快递公司"], width: 16 },
  { key: "delivery_no", header: "物流单号", required: true, aliases: ["快递单号", "运单号"], width: 24 },
] as const satisfies ReadonlyArray<SheetColumn & { width: number }>;

export type ShipColumnKey = (typeof SHIP_COLUMNS)[number]["key"];
export type ShipSheetRow = SheetRow<ShipColumnKey>;
/** The columns the import reads (the others are for the eye). */
export const READ_COLUMNS: ReadonlyArray<SheetColumn<ShipColumnKey>> = SHIP_COLUMNS.filter((column) => "required" in column);

export const COMPANY_SHEET = "物流公司";

export interface WaitingOrder {
  order_no: string;
  order_name: string;
  name: string;
  mobile: string;
  full_address: string;
  address: string;
}

/** Rows below the orders that still offer the company drop-down (orders typed in by hand). */
const SPARE_ROWS = 200;

/** The template: the orders waiting to ship, the notes, and the companies (the 物流公司 column's drop-down). */
export async function shipTemplateWorkbook(orders: WaitingOrder[], companies: Array<{ company_name: string; code: string }>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("待发货订单", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = SHIP_COLUMNS.map((column) => ({
    header: "required" in column ? `${column.header}*` : column.header,
    key: column.key,
    width: column.width,
    // Order and tracking numbers as text: Excel would turn 20 digits into 2.02612E+19.
    ...(column.key === "order_no" || column.key === "delivery_no" ? { style: { numFmt: "@" } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const order of orders) {
    sheet.addRow({ order_no: order.order_no, order_name: order.order_name, receiver: order.name, mobile: order.mobile, address: `${order.full_address} ${order.address}`.trim() });
  }
  const companyColumn = SHIP_COLUMNS.findIndex((column) => column.key === "company") + 1;
  if (companies.length > 0) {
    for (let line = 2; line <= orders.length + SPARE_ROWS + 1; line += 1) {
      sheet.getRow(line).getCell(companyColumn).dataValidation = {
        type: "list",
        allowBlank: true,
        formulae: [`'${COMPANY_SHEET}'!$A$2:$A$${companies.length + 1}`],
        showErrorMessage: true,
        errorTitle: "物流公司",
        error: `请从「${COMPANY_SHEET}」表中选择`,
      };
    }
  }

  const notes = workbook.addWorksheet("填写说明");
  notes.columns = [{ width: 110 }];
  for (const line of [
    "只读取第一个工作表，第 1 行为表头；读取「订单编号」「物流公司」「物流单号」三列，其余列仅供核对。",
    "表中已列出下载时所有待发货的快递、同城配送订单（最早的在前）；为要发货的订单选择物流公司、填写物流单号，暂不发货的行请删除（留空的行会列为未发货）。",
    `物流公司填写「${COMPANY_SHEET}」表中的名称或编码。订单编号、物流单号请保持文本格式（长数字在数字格式下会丢失末尾）。`,
    `一个文件最多 ${ORDER_IMPORT_MAX_ROWS} 行、2 MB。先「预检」：逐行列出能否发货及原因，不发货；确认后每个订单单独发货（发出订单中所有待发的商品），有问题的行不发货，修改后可再次导入，已发货的订单不会重复发货。`,
    "自提订单、虚拟订单无需物流，不能在此发货。",
  ]) notes.addRow([line]);

  const list = workbook.addWorksheet(COMPANY_SHEET);
  list.columns = [{ header: "物流公司", key: "company_name", width: 24 }, { header: "物流公司编码", key: "code", width: 16 }];
  list.getRow(1).font = { bold: true };
  for (const company of companies) list.addRow(company);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
