import type { SkuSpecValue, SpecFormat } from "@shop/contract";

/**
 * The spec switcher of a promotion page (a group buy's SKUs, each goods of a combo), for
 * components/sku/SkuSpecs: the goods' spec rows (goods_spec_format, in its order, with the first
 * spec's pictures), each value leading to the offered SKU that keeps the current SKU's other values.
 * Unlike the SKU page's (computed by the server per SKU), the choice is limited to the SKUs the
 * promotion offers: a value without such a SKU, or whose SKU is sold out, is disabled.
 */

/** A SKU the promotion offers: its id, its own values (JSON, as the goods' SKUs carry it) and stock. */
export interface OfferedSku {
  sku_id: number;
  sku_spec_format: string;
  stock: number;
}

interface GoodsSpecRow {
  spec_id: number;
  spec_name: string;
  value: Array<{ spec_value_id: number; spec_value_name: string; image?: string }>;
}

function parseJsonArray<T>(json: string | null | undefined): T[] {
  try {
    const parsed: unknown = JSON.parse(json || "[]");
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

/** spec_id → spec_value_id of a SKU. */
function valuesOf(sku: OfferedSku): Map<number, number> {
  return new Map(parseJsonArray<SkuSpecValue>(sku.sku_spec_format).map((value) => [value.spec_id, value.spec_value_id]));
}

/** The rows: the goods' own (order and pictures), else gathered from the offered SKUs' values. */
function specRows(goodsSpecFormat: string, skus: readonly OfferedSku[]): GoodsSpecRow[] {
  const own = parseJsonArray<GoodsSpecRow>(goodsSpecFormat).filter((row) => Array.isArray(row.value) && row.value.length > 0);
  if (own.length > 0) return own;
  const rows = new Map<number, GoodsSpecRow>();
  for (const sku of skus) {
    for (const value of parseJsonArray<SkuSpecValue>(sku.sku_spec_format)) {
      const row = rows.get(value.spec_id) ?? { spec_id: value.spec_id, spec_name: value.spec_name, value: [] };
      if (!row.value.some((known) => known.spec_value_id === value.spec_value_id)) row.value.push({ spec_value_id: value.spec_value_id, spec_value_name: value.spec_value_name });
      rows.set(value.spec_id, row);
    }
  }
  return [...rows.values()];
}

/**
 * SpecFormat rows for `selectedSkuId` among `skus`. Values no offered SKU has are left out (a group
 * buy of two colours shows those two); [] when the goods has no specs.
 */
export function specChoice(goodsSpecFormat: string, skus: readonly OfferedSku[], selectedSkuId: number): SpecFormat[] {
  const selected = skus.find((sku) => sku.sku_id === selectedSkuId);
  if (!selected) return [];
  const current = valuesOf(selected);
  const offered = skus.map((sku) => ({ sku, values: valuesOf(sku) }));
  return specRows(goodsSpecFormat, skus)
    .map((row) => ({
      spec_id: row.spec_id,
      spec_name: row.spec_name,
      value: row.value
        .map((value) => {
          const isSelected = current.get(row.spec_id) === value.spec_value_id;
          // The offered SKU with this value and the current SKU's other values; else any offered SKU with it.
          const exact = offered.find(
            ({ values }) => values.get(row.spec_id) === value.spec_value_id && [...current].every(([specId, valueId]) => specId === row.spec_id || values.get(specId) === valueId),
          );
          const any = exact ?? offered.find(({ values }) => values.get(row.spec_id) === value.spec_value_id && values.size > 0);
          const target = isSelected ? selected : any?.sku;
          return {
            spec_id: row.spec_id,
            spec_name: row.spec_name,
            spec_value_id: value.spec_value_id,
            spec_value_name: value.spec_value_name,
            sku_id: target?.sku_id ?? 0,
            image: value.image ?? "",
            selected: isSelected,
            disabled: !target || target.stock <= 0,
          };
        })
        .filter((value) => value.selected || value.sku_id > 0),
    }))
    .filter((row) => row.value.length > 0);
}
