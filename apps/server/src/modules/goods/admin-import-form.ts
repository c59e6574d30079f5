import type { z } from "zod";
import { addGoodsBody, type GoodsFormInput } from "@shop/contract/domains/goods-admin";
import { describeIssue } from "../../core/validation.ts";
import { headerOf, GOODS_COLUMNS, type ColumnKey, type SheetRow } from "./admin-import-sheet.ts";
import type { ImportLookups } from "./admin-import-lookups.ts";
import { normalizePicture } from "./admin-form.ts";

/**
 * One goods of the import sheet (its rows: one per SKU) → the goods editor's form, as addgoods
 * takes it, parsed by the same schema (addGoodsBody). What the sheet writes as names (category
 * path, brand, freight template, 是/否, 规格 text) is resolved here, each problem recorded on the
 * row and column it comes from. The business rules are the editor's own (prepareGoods, run by the caller).
 */

/** The problems of the sheet, by line. */
export class RowErrors {
  readonly list: Array<{ line: number; field: string; reason: string; order: number }> = [];
  readonly lines = new Set<number>();
  private readonly told = new Set<string>();
  add(line: number, column: ColumnKey | "商品", reason: string): void {
    const field = column === "商品" ? "商品" : headerOf(column);
    this.list.push({ line, field, reason, order: this.list.length });
    this.lines.add(line);
    this.told.add(`${line}:${field}`);
  }
  /** whether this cell's problem was told already */
  has(line: number, column: ColumnKey | "商品"): boolean {
    return this.told.has(`${line}:${column === "商品" ? "商品" : headerOf(column)}`);
  }
}

export const TRADE_TYPE_NAMES = { express: "快递", store: "门店自提", local: "同城配送", virtual: "无需物流" } as const;
const TRADE_TYPE_WORDS: Record<string, keyof typeof TRADE_TYPE_NAMES> = {
  快递: "express", 物流: "express", 快递发货: "express", express: "express",
  门店自提: "store", 自提: "store", store: "store",
  同城配送: "local", 同城: "local", local: "local",
  无需物流: "virtual", 虚拟: "virtual", virtual: "virtual",
};
const YES = new Set(["是", "1", "y", "yes", "true", "上架", "销售中", "包邮"]);
const NO = new Set(["否", "0", "n", "no", "false", "下架", "仓库中", "不包邮"]);
/** "是" → 1, "否" → 0, "" → the default, else undefined */
const yesNo = (text: string, empty: 0 | 1): 0 | 1 | undefined => (text === "" ? empty : YES.has(text.toLowerCase()) ? 1 : NO.has(text.toLowerCase()) ? 0 : undefined);

/** "颜色:红色;尺码:L" → [["颜色","红色"],["尺码","L"]]; a string is the reason it is not. */
function parseSpec(text: string): Array<[string, string]> | string {
  const pairs: Array<[string, string]> = [];
  for (const part of text.split(/[;；\n]/).map((entry) => entry.trim()).filter(Boolean)) {
    const match = /^(.+?)\s*[:：]\s*(.+)$/.exec(part);
    if (!match) return "应写成 规格名:规格值，多个用 ; 分隔（如 颜色:红色;尺码:L）";
    if (pairs.some(([name]) => name === match[1])) return `规格名「${match[1]}」重复`;
    pairs.push([match[1]!, match[2]!]);
  }
  return pairs;
}

/** Maps a form field (as the schema's issues name it) to its column. */
const FIELD_COLUMNS: Record<string, ColumnKey> = {
  goods_name: "goods_name", goods_class: "goods_class", category_id: "category", brand_id: "brand", goods_image: "goods_image",
  introduction: "introduction", keywords: "keywords", unit: "unit", goods_state: "on_sale", support_trade_type: "trade_type",
  is_free_shipping: "free_shipping", shipping_template: "shipping_template", goods_spec_format: "spec", sku_spec_format: "spec",
  price: "price", market_price: "market_price", cost_price: "cost_price", stock: "stock", stock_alarm: "stock_alarm",
  sku_no: "sku_no", weight: "weight", volume: "volume",
};

function recordIssues(rows: SheetRow[], issues: z.core.$ZodIssue[], raw: unknown, errors: RowErrors): void {
  for (const issue of issues) {
    const [field, index, skuField] = issue.path;
    const onSku = field === "goods_sku_data" && typeof index === "number";
    const line = (onSku ? rows[index] : rows[0])?.line ?? rows[0]!.line;
    const column = FIELD_COLUMNS[String(onSku ? skuField : field)] ?? (field === "goods_sku_data" ? "spec" : "商品");
    const reason = describeIssue(issue, raw).replace(`参数 ${issue.path.join(".")} `, "");
    // Already told in the sheet's own words (an unknown category leaves the form's path empty).
    if (errors.has(line, column)) continue;
    errors.add(line, column, field === "goods_sku_data" && !onSku ? `一件商品的 SKU ${reason}` : reason);
  }
}

/** The goods' own cells must be the same on each of its rows (or left empty after the first). */
function checkSameGoods(rows: SheetRow[], errors: RowErrors): void {
  const [first, ...others] = rows;
  for (const row of others) {
    for (const key of GOODS_COLUMNS) {
      if (row.cells[key] !== "" && row.cells[key] !== first!.cells[key]) errors.add(row.line, key, `与本商品第 ${first!.line} 行的「${headerOf(key)}」不一致`);
    }
  }
}

/** The specs of the goods' rows: spec_format and each SKU's sku_spec_format (ids are the goods' own: spec i+1, value (i+1)·100 + j+1). */
function specsOf(rows: SheetRow[], errors: RowErrors) {
  const parsed = rows.map((row) => ({ row, pairs: parseSpec(row.cells.spec) }));
  const named = parsed.find(({ pairs }) => typeof pairs !== "string" && pairs.length > 0);
  const names = named ? (named.pairs as Array<[string, string]>).map(([name]) => name) : [];
  const values = names.map(() => [] as string[]);
  const seen = new Map<string, number>();
  const skuSpecs = parsed.map(({ row, pairs }) => {
    if (typeof pairs === "string") return errors.add(row.line, "spec", pairs);
    if (names.length === 0) return [];
    if (pairs.length === 0) return errors.add(row.line, "spec", "同一商品有多个 SKU 时，每行都要填写规格");
    const rowNames = pairs.map(([name]) => name);
    if (rowNames.length !== names.length || names.some((name) => !rowNames.includes(name))) {
      return errors.add(row.line, "spec", `规格名须与本商品第 ${named!.row.line} 行相同（${names.join("、")}）`);
    }
    const chosen = names.map((name, specIndex) => {
      const value = pairs.find(([pairName]) => pairName === name)![1];
      if (!values[specIndex]!.includes(value)) values[specIndex]!.push(value);
      const valueIndex = values[specIndex]!.indexOf(value);
      return { spec_id: specIndex + 1, spec_name: name, spec_value_id: (specIndex + 1) * 100 + valueIndex + 1, spec_value_name: value };
    });
    const combination = chosen.map((value) => value.spec_value_name).join("\u0000");
    const earlier = seen.get(combination);
    if (earlier !== undefined) return errors.add(row.line, "spec", `规格组合与第 ${earlier} 行重复`);
    seen.set(combination, row.line);
    return chosen;
  });
  if (names.length === 0 && rows.length > 1) rows.forEach((row) => row.cells.spec === "" && errors.add(row.line, "spec", "同一商品有多个 SKU 时，每行都要填写规格"));
  const specFormat = names.map((name, specIndex) => ({
    spec_id: specIndex + 1,
    spec_name: name,
    value: values[specIndex]!.map((value, valueIndex) => ({ spec_value_id: (specIndex + 1) * 100 + valueIndex + 1, spec_value_name: value })),
  }));
  return { specFormat, skuSpecs };
}

/** The goods' pictures: each one the shop already has (see ImportLookups.pictures), or its default goods picture. */
function picturesOf(row: SheetRow, lookups: ImportLookups, errors: RowErrors): string[] {
  const listed = row.cells.goods_image.split(/[,，\s]+/).map(normalizePicture).filter(Boolean);
  if (listed.length === 0) {
    if (!lookups.defaultPicture) errors.add(row.line, "goods_image", "请填写商品图片（本店未设置默认商品图）");
    return lookups.defaultPicture ? [lookups.defaultPicture] : [];
  }
  const unknown = listed.find((path) => !lookups.pictures.has(path));
  if (unknown) errors.add(row.line, "goods_image", `图片「${unknown.slice(0, 60)}」不是本店的商品图片：请先在商品编辑页上传，或留空使用默认商品图`);
  return listed;
}

/** The goods-level fields of the form, from its first row. */
function goodsFields(row: SheetRow, lookups: ImportLookups, errors: RowErrors) {
  const cells = row.cells;
  const goodsClass = ["", "实物", "实物商品", "1"].includes(cells.goods_class) ? 1 : ["虚拟", "虚拟商品", "2"].includes(cells.goods_class) ? 2 : 0;
  if (goodsClass === 0) errors.add(row.line, "goods_class", "只能填 实物 或 虚拟");
  const category = cells.category === "" ? undefined : lookups.categoryPath(cells.category);
  if (cells.category === "") errors.add(row.line, "category", "不能为空");
  else if (!category) errors.add(row.line, "category", `商品分类「${cells.category}」不存在：填名称路径（如 一级/二级/三级）或分类 ID，见模板「可选值」表`);
  const brandId = cells.brand === "" ? 0 : lookups.brand(cells.brand);
  if (brandId === undefined) errors.add(row.line, "brand", `品牌「${cells.brand}」不存在，见模板「可选值」表`);
  const template = cells.shipping_template === "" ? 0 : lookups.template(cells.shipping_template);
  if (template === undefined) errors.add(row.line, "shipping_template", `运费模板「${cells.shipping_template}」不存在，见模板「可选值」表`);
  const freeShipping = yesNo(cells.free_shipping, cells.shipping_template === "" ? 1 : 0);
  if (freeShipping === undefined) errors.add(row.line, "free_shipping", "只能填 是 或 否");
  const onSale = yesNo(cells.on_sale, 1);
  if (onSale === undefined) errors.add(row.line, "on_sale", "只能填 是 或 否");
  const words = cells.trade_type.split(/[,，、;；/\s]+/).filter(Boolean);
  const unknownWay = words.find((word) => !TRADE_TYPE_WORDS[word.toLowerCase()]);
  if (unknownWay) errors.add(row.line, "trade_type", `配送方式「${unknownWay}」无效：可填 快递、门店自提、同城配送（虚拟商品 无需物流）`);
  const ways = words.length > 0 ? words.map((word) => TRADE_TYPE_WORDS[word.toLowerCase()] ?? "express") : [goodsClass === 2 ? "virtual" : "express"];
  return {
    goods_name: cells.goods_name,
    goods_class: goodsClass || 1,
    category_id: category ?? [],
    brand_id: brandId ?? 0,
    goods_image: picturesOf(row, lookups, errors),
    introduction: cells.introduction,
    keywords: cells.keywords,
    unit: cells.unit,
    goods_state: onSale ?? 1,
    support_trade_type: [...new Set(ways)],
    is_free_shipping: freeShipping ?? 1,
    shipping_template: template ?? 0,
  };
}

/** SKU numbers: unique in the file (a later row repeating one is bad) and not used by goods of the shop. */
export function checkSkuNumbers(rows: SheetRow[], taken: ReadonlySet<string>, errors: RowErrors): void {
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    const number = row.cells.sku_no;
    if (!number) continue;
    const earlier = firstLine.get(number);
    if (earlier !== undefined) errors.add(row.line, "sku_no", `SKU编码「${number}」与第 ${earlier} 行重复`);
    else firstLine.set(number, row.line);
    if (taken.has(number)) errors.add(row.line, "sku_no", `SKU编码「${number}」已被本店其他商品使用`);
  }
}

const optional = (text: string) => (text === "" ? undefined : text);

/** The goods' form (parsed by addGoodsBody), or undefined when a row of it is bad (its problems are in `errors`). */
export function goodsForm(rows: SheetRow[], lookups: ImportLookups, errors: RowErrors): GoodsFormInput | undefined {
  checkSameGoods(rows, errors);
  const { specFormat, skuSpecs } = specsOf(rows, errors);
  const raw = {
    ...goodsFields(rows[0]!, lookups, errors),
    goods_spec_format: specFormat,
    goods_sku_data: rows.map(({ cells }, index) => ({
      sku_spec_format: skuSpecs[index] ?? [],
      price: optional(cells.price),
      market_price: optional(cells.market_price),
      cost_price: optional(cells.cost_price),
      stock: optional(cells.stock),
      stock_alarm: optional(cells.stock_alarm),
      sku_no: cells.sku_no,
      weight: cells.weight,
      volume: cells.volume,
      is_default: index === 0 ? 1 : 0,
    })),
  };
  const parsed = addGoodsBody.safeParse(raw);
  if (!parsed.success) recordIssues(rows, parsed.error.issues, raw, errors);
  return parsed.success && !rows.some((row) => errors.lines.has(row.line)) ? parsed.data : undefined;
}

/** A refusal of the editor's rules (prepareGoods) → the column it is about, the reason without the form's field name. */
export function columnOfRefusal(message: string): { column: ColumnKey | "商品"; reason: string } {
  const rules: Array<[RegExp, ColumnKey]> = [
    [/sku_no|编码/, "sku_no"], [/运费模板|shipping_template/, "shipping_template"], [/配送/, "trade_type"], [/分类/, "category"],
    [/品牌/, "brand"], [/图片/, "goods_image"], [/规格|goods_sku_data|SKU/, "spec"], [/上架|下架/, "on_sale"],
  ];
  const column = rules.find(([pattern]) => pattern.test(message))?.[1] ?? "商品";
  return { column, reason: message.replace(/（[a-z_.,]+）/g, "").replace(/\s*（\s*）/g, "") };
}
