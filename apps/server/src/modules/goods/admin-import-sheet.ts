import ExcelJS from "exceljs";
import { GOODS_IMPORT_MAX_ROWS } from "@shop/contract/domains/goods-admin-import";
import { readSheetRows, type SheetColumn, type SheetRow as SheetRowOf } from "../../core/xlsx-sheet.ts";

/**
 * The goods sheet of the Excel import, template and export (admin-import.ts, admin-export.ts): its
 * columns, reading an uploaded workbook into rows of text, and writing the template.
 *
 * One row per SKU. Rows with the same 商品编号 make one goods (in any order; the goods' own columns
 * are read from its first row, later rows may leave them empty and must not differ); a row without
 * 商品编号 is a goods of its own. The workbook is read by core/xlsx-sheet.ts (first worksheet, header
 * matched by name).
 */
export const IMPORT_COLUMNS = [
  { key: "goods_key", header: "商品编号", width: 12, note: "同一商品的多个 SKU 填同一编号（一行一个 SKU）；留空则该行单独成为一件商品。只用于本文件内分组，不保存" },
  { key: "goods_name", header: "商品名称", required: true, goods: true, width: 30, note: "1–100 个字" },
  { key: "goods_class", header: "商品类型", goods: true, note: "实物（默认）或 虚拟" },
  { key: "category", header: "商品分类", required: true, goods: true, width: 26, note: "分类名称路径，如 服装/男装/T恤（见「可选值」表），或分类 ID" },
  { key: "brand", header: "品牌", goods: true, note: "品牌名称或品牌 ID，可留空" },
  { key: "spec", header: "规格", width: 24, note: "如 颜色:红色;尺码:L（规格名:规格值，多个用 ; 分隔，最多 3 个）；同一商品各行的规格名相同、组合不重复；只有一个 SKU 的商品可留空" },
  { key: "price", header: "销售价", required: true, note: "元，最多两位小数" },
  { key: "market_price", header: "市场价", note: "元，可留空" },
  { key: "cost_price", header: "成本价", note: "元，可留空" },
  { key: "stock", header: "库存", required: true, note: "整数" },
  { key: "stock_alarm", header: "库存预警", note: "整数，0 或留空 = 不预警" },
  { key: "sku_no", header: "SKU编码", width: 18, note: "全店唯一，可留空（长数字请用文本格式）" },
  { key: "weight", header: "重量(kg)", note: "最多 3 位小数" },
  { key: "volume", header: "体积(m³)", note: "最多 6 位小数" },
  { key: "goods_image", header: "商品图片", goods: true, width: 30, note: "图片路径，多张用英文逗号分隔，第一张为主图：商品编辑页上传过的图片或本店商品已有的图片；留空则用默认商品图" },
  { key: "unit", header: "单位", goods: true, note: "如 件、个" },
  { key: "keywords", header: "关键词", goods: true, note: "搜索用，多个用逗号分隔" },
  { key: "introduction", header: "促销语", aliases: ["简介"], goods: true, width: 24, note: "最多 100 字" },
  { key: "trade_type", header: "配送方式", goods: true, note: "快递、门店自提、同城配送，多个用逗号分隔；实物默认 快递；虚拟商品为 无需物流" },
  { key: "free_shipping", header: "包邮", goods: true, note: "是/否；留空时未填运费模板即包邮" },
  { key: "shipping_template", header: "运费模板", goods: true, note: "快递且不包邮时必填：模板名称或 ID" },
  { key: "on_sale", header: "上架", goods: true, note: "是（默认）或 否" },
] as const satisfies ReadonlyArray<{ key: string; header: string; required?: boolean; goods?: boolean; width?: number; note: string; aliases?: string[] }>;

export type ColumnKey = (typeof IMPORT_COLUMNS)[number]["key"];
type Column = (typeof IMPORT_COLUMNS)[number];

const columnFacts = (column: Column) => column as Column & { required?: boolean; goods?: boolean; width?: number; aliases?: readonly string[] };
export const isRequired = (column: Column) => columnFacts(column).required === true;
/** Columns of the goods itself (the rest are the SKU's). */
export const GOODS_COLUMNS: ColumnKey[] = IMPORT_COLUMNS.filter((column) => columnFacts(column).goods).map((column) => column.key);
export const headerOf = (key: ColumnKey): string => IMPORT_COLUMNS.find((column) => column.key === key)!.header;
/** The header as written (required columns marked "*"). */
const writtenHeader = (column: Column) => (isRequired(column) ? `${column.header}*` : column.header);

/** A data row of the goods sheet: its line (the header is line 1) and its cells as trimmed text ("" when empty). */
export type SheetRow = SheetRowOf<ColumnKey>;

/** The data rows of the workbook's first worksheet; refuses a file that is no .xlsx, lacks a required column, has no goods row or too many rows. */
export async function readGoodsSheet(bytes: Buffer): Promise<SheetRow[]> {
  return readSheetRows(bytes, IMPORT_COLUMNS as ReadonlyArray<SheetColumn<ColumnKey>>, { maxRows: GOODS_IMPORT_MAX_ROWS, noun: "商品" });
}

/** The goods sheet's columns for a workbook being written (the template, an export). */
export function goodsSheetColumns(): Array<Partial<ExcelJS.Column>> {
  return IMPORT_COLUMNS.map((column) => ({
    header: writtenHeader(column),
    key: column.key,
    width: columnFacts(column).width ?? 12,
    // SKU numbers and picture paths as text: Excel would turn a long number into 6.9E+12.
    ...(column.key === "sku_no" || column.key === "goods_key" ? { style: { numFmt: "@" } } : {}),
    ...(column.key === "price" || column.key === "market_price" || column.key === "cost_price" ? { style: { numFmt: "0.00" } } : {}),
  }));
}

export interface TemplateChoices {
  categories: Array<{ id: number; path: string }>;
  brands: Array<{ id: number; name: string }>;
  templates: Array<{ id: number; name: string }>;
  /** rows of the goods sheet showing the format (a goods of two SKUs, one of one) */
  examples: Array<Partial<Record<ColumnKey, string>>>;
}

/** The import template: the goods sheet (header, example rows), the notes, and what the shop offers to choose. */
export async function templateWorkbook(choices: TemplateChoices): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const goods = workbook.addWorksheet("商品", { views: [{ state: "frozen", ySplit: 1 }] });
  goods.columns = goodsSheetColumns();
  goods.getRow(1).font = { bold: true };
  for (const example of choices.examples) goods.addRow(example).font = { color: { argb: "FF888888" } };

  const notes = workbook.addWorksheet("填写说明");
  notes.columns = [{ width: 14 }, { width: 8 }, { width: 100 }];
  for (const line of [
    "只读取第一个工作表（商品），第 1 行为表头；灰色的示例行导入前请删除。",
    "一行一个 SKU：同一商品的多个 SKU 填同一「商品编号」，商品自身的列（名称、分类、品牌、图片……）按该编号的第一行读取，其余行可留空，填写时须与第一行一致。",
    `一个文件最多 ${GOODS_IMPORT_MAX_ROWS} 行、5 MB。先「预检」：逐行列出有问题的行号与原因，不保存；「导入」时没有问题的商品在同一事务中保存，有问题的行（及其所属商品）不保存，修改后可再次导入。`,
    "导入只新增商品；修改已有商品的价格、库存请用商品列表的批量操作。详情、服务、标签、限购与定时上下架导入后在商品编辑页设置。",
    "",
  ]) notes.addRow([line]);
  notes.addRow(["列名", "必填", "说明"]).font = { bold: true };
  for (const column of IMPORT_COLUMNS) notes.addRow([column.header, isRequired(column) ? "是" : "", column.note]);

  const lists = workbook.addWorksheet("可选值");
  lists.columns = [{ width: 10 }, { width: 36 }, { width: 4 }, { width: 10 }, { width: 20 }, { width: 4 }, { width: 12 }, { width: 24 }];
  lists.addRow(["分类 ID", "商品分类", "", "品牌 ID", "品牌", "", "运费模板 ID", "运费模板"]).font = { bold: true };
  const length = Math.max(choices.categories.length, choices.brands.length, choices.templates.length);
  for (let index = 0; index < length; index += 1) {
    const category = choices.categories[index];
    const brand = choices.brands[index];
    const template = choices.templates[index];
    lists.addRow([category?.id, category?.path, "", brand?.id, brand?.name, "", template?.id, template?.name]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
