import type { StaffGoodsInfo } from "@shop/contract/domains/goods-admin";
import { MAX_SPECS } from "@shop/contract/domains/goods-admin";

/**
 * The goods editor's specs and SKU table as the page holds them: up to three specs with their
 * values, and one SKU row per combination of values (the cartesian product). Rows are keyed by
 * their value ids, so adding or removing a value keeps what was typed into the other rows.
 */
export interface SpecValue {
  spec_value_id: number;
  spec_value_name: string;
  /** the value's picture (the storefront's spec switcher shows it), kept as stored */
  image?: string;
}
export interface Spec {
  spec_id: number;
  spec_name: string;
  values: SpecValue[];
}
export interface SkuRow {
  /** value ids joined by ":" ("" for goods without specs) */
  key: string;
  sku_id: number;
  values: Array<{ spec: Spec; value: SpecValue }>;
  price: string;
  market_price: string;
  cost_price: string;
  stock: number | null;
  stock_alarm: number | null;
  sku_no: string;
  weight: string;
  volume: string;
  sku_image: string;
  is_default: number;
}

/** The numeric fields the batch fill can set on every row. */
export const BATCH_FIELDS = ["price", "market_price", "cost_price", "stock", "stock_alarm", "weight", "volume"] as const;
export type BatchField = (typeof BATCH_FIELDS)[number];

export const emptyRow = (key: string, values: SkuRow["values"]): SkuRow => ({
  key, sku_id: 0, values, price: "", market_price: "", cost_price: "", stock: null, stock_alarm: null, sku_no: "", weight: "", volume: "", sku_image: "", is_default: 0,
});

/** Specs with at least one value take part in the combinations. */
const usedSpecs = (specs: Spec[]) => specs.filter((spec) => spec.spec_name.trim() && spec.values.length > 0).slice(0, MAX_SPECS);

/** One row per combination, keeping the rows already there (by key); the first row is the default when none is. */
export function combineRows(specs: Spec[], previous: SkuRow[]): SkuRow[] {
  const used = usedSpecs(specs);
  let combos: Array<SkuRow["values"]> = [[]];
  for (const spec of used) combos = combos.flatMap((combo) => spec.values.map((value) => [...combo, { spec, value }]));
  const byKey = new Map(previous.map((row) => [row.key, row]));
  const rows = combos.map((values) => {
    const key = values.map(({ value }) => value.spec_value_id).join(":");
    const kept = byKey.get(key);
    return kept ? { ...kept, values } : emptyRow(key, values);
  });
  if (rows.length > 0 && !rows.some((row) => row.is_default === 1)) rows[0] = { ...rows[0]!, is_default: 1 };
  return rows;
}

/** Sets `field` on every row (the batch fill). */
export const fillRows = (rows: SkuRow[], field: BatchField, value: string | number | null): SkuRow[] =>
  rows.map((row) => ({ ...row, [field]: field === "stock" || field === "stock_alarm" ? (value === null || value === "" ? null : Number(value)) : String(value ?? "") }));

/** The next free id above every id in use (new specs and values). */
export const nextId = (specs: Spec[]) => Math.max(0, ...specs.flatMap((spec) => [spec.spec_id, ...spec.values.map((value) => value.spec_value_id)])) + 1;

/** The first problem of the SKU table, in words for the shop owner, or null. */
export function skuTableProblem(specs: Spec[], rows: SkuRow[]): string | null {
  for (const spec of specs) {
    if (!spec.spec_name.trim()) return "请填写规格名";
    if (spec.values.length === 0) return `请为规格「${spec.spec_name}」添加规格值`;
  }
  if (rows.length === 0) return "请至少设置一个 SKU";
  for (const row of rows) {
    const name = row.values.map(({ value }) => value.spec_value_name).join(" ") || "默认规格";
    if (!/^\d+(\.\d{1,2})?$/.test(row.price.trim())) return `请填写「${name}」的销售价（最多两位小数）`;
    if (row.stock === null || !Number.isInteger(row.stock) || row.stock < 0) return `请填写「${name}」的库存`;
    for (const [label, price] of [["划线价", row.market_price], ["成本价", row.cost_price]] as const) {
      if (price.trim() && !/^\d+(\.\d{1,2})?$/.test(price.trim())) return `「${name}」的${label}最多两位小数`;
    }
  }
  const numbers = rows.map((row) => row.sku_no.trim()).filter(Boolean);
  const duplicate = numbers.find((number, index) => numbers.indexOf(number) !== index);
  return duplicate ? `SKU 编码「${duplicate}」重复` : null;
}

/** goods_spec_format and goods_sku_data as the server takes them (JSON strings, the reference's way). */
export function specPayload(specs: Spec[], rows: SkuRow[]): { goods_spec_format: string; goods_sku_data: string } {
  const used = usedSpecs(specs);
  return {
    goods_spec_format: JSON.stringify(used.map((spec) => ({ spec_id: spec.spec_id, spec_name: spec.spec_name.trim(), value: spec.values }))),
    goods_sku_data: JSON.stringify(
      rows.map((row) => ({
        sku_id: row.sku_id,
        sku_spec_format: row.values.map(({ spec, value }) => ({ spec_id: spec.spec_id, spec_name: spec.spec_name.trim(), spec_value_id: value.spec_value_id, spec_value_name: value.spec_value_name })),
        price: row.price.trim(),
        market_price: row.market_price.trim() || "0",
        cost_price: row.cost_price.trim() || "0",
        stock: row.stock ?? 0,
        stock_alarm: row.stock_alarm ?? 0,
        sku_no: row.sku_no.trim(),
        weight: row.weight.trim(),
        volume: row.volume.trim(),
        sku_image: row.sku_image,
        is_default: row.is_default,
      })),
    ),
  };
}

interface StoredSpec {
  spec_id: number;
  spec_name: string;
  value: SpecValue[];
}

/** The specs and rows of stored goods (editgetgoodsinfo). */
export function fromGoodsInfo(info: StaffGoodsInfo): { specs: Spec[]; rows: SkuRow[] } {
  const stored = info.goods_spec_format ? (JSON.parse(info.goods_spec_format) as StoredSpec[]) : [];
  const specs: Spec[] = stored.map((spec) => ({
    spec_id: Number(spec.spec_id),
    spec_name: spec.spec_name,
    values: spec.value.map((value) => ({ spec_value_id: Number(value.spec_value_id), spec_value_name: value.spec_value_name, image: value.image ?? "" })),
  }));
  const rows = info.sku_list.map((sku): SkuRow => {
    const chosen = sku.sku_spec_format ? (JSON.parse(sku.sku_spec_format) as Array<{ spec_id: number; spec_value_id: number }>) : [];
    const values = specs.flatMap((spec) => {
      const pick = chosen.find((entry) => Number(entry.spec_id) === spec.spec_id);
      const value = pick && spec.values.find((candidate) => candidate.spec_value_id === Number(pick.spec_value_id));
      return value ? [{ spec, value }] : [];
    });
    return {
      key: values.map(({ value }) => value.spec_value_id).join(":"),
      sku_id: sku.sku_id,
      values,
      price: sku.price,
      market_price: sku.market_price,
      cost_price: sku.cost_price,
      stock: sku.stock,
      stock_alarm: sku.stock_alarm,
      sku_no: sku.sku_no,
      weight: sku.weight === "0" ? "" : sku.weight,
      volume: sku.volume === "0" ? "" : sku.volume,
      sku_image: sku.sku_image,
      is_default: sku.is_default,
    };
  });
  return { specs, rows };
}
