import type { PromotionSpecRow, SkuSpecValue, SpecFormat } from "@shop/contract";

/**
 * The spec switcher of a promotion page (a seckill's or a group buy's SKUs, each goods of a combo),
 * for components/sku/SkuSpecs: the goods' spec rows (goods_spec_format, in its order, with the first
 * spec's pictures), each value leading to an offered SKU that has it — the one keeping the current
 * SKU's other values when the promotion offers it, else another — so that every offered SKU can be
 * reached. Unlike the SKU page's (computed by the server per SKU), the choice is limited to the SKUs
 * the promotion offers: a value no offered SKU has, or whose SKUs are sold out, is disabled.
 */

/** A SKU the promotion offers: its id, its own values (JSON, as the goods' SKUs carry it) and stock (the pool's for a seckill). */
export interface OfferedSku {
  sku_id: number;
  sku_spec_format: string;
  stock: number;
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
function specRows(goodsSpecFormat: string, skus: readonly OfferedSku[]): PromotionSpecRow[] {
  const own = parseJsonArray<PromotionSpecRow>(goodsSpecFormat).filter((row) => Array.isArray(row.value) && row.value.length > 0);
  if (own.length > 0) return own;
  const rows = new Map<number, PromotionSpecRow>();
  for (const sku of skus) {
    for (const value of parseJsonArray<SkuSpecValue>(sku.sku_spec_format)) {
      const row = rows.get(value.spec_id) ?? { spec_id: value.spec_id, spec_name: value.spec_name, value: [] };
      if (!row.value.some((known) => known.spec_value_id === value.spec_value_id)) row.value.push({ ...value, image: "" });
      rows.set(value.spec_id, row);
    }
  }
  return [...rows.values()];
}

const inStock = (sku: OfferedSku | undefined): sku is OfferedSku => sku !== undefined && sku.stock > 0;

/** SpecFormat rows for `selectedSkuId` among `skus`; [] when the goods has no specs or the SKU is not offered. */
export function specChoice(goodsSpecFormat: string, skus: readonly OfferedSku[], selectedSkuId: number): SpecFormat[] {
  const selected = skus.find((sku) => sku.sku_id === selectedSkuId);
  if (!selected) return [];
  const current = valuesOf(selected);
  const offered = skus.map((sku) => ({ sku, values: valuesOf(sku) }));
  return specRows(goodsSpecFormat, skus).map((row) => ({
    spec_id: row.spec_id,
    spec_name: row.spec_name,
    value: row.value.map((value) => {
      const isSelected = current.get(row.spec_id) === value.spec_value_id;
      const withValue = offered.filter(({ values }) => values.get(row.spec_id) === value.spec_value_id);
      // The offered SKU with this value and the current SKU's other values, else another with this value (one in stock first).
      const exact = withValue.find(({ values }) => [...current].every(([specId, valueId]) => specId === row.spec_id || values.get(specId) === valueId))?.sku;
      const target = isSelected ? selected : inStock(exact) ? exact : (withValue.map(({ sku }) => sku).find(inStock) ?? exact ?? withValue[0]?.sku);
      return {
        spec_id: row.spec_id,
        spec_name: row.spec_name,
        spec_value_id: value.spec_value_id,
        spec_value_name: value.spec_value_name,
        sku_id: target?.sku_id ?? 0,
        image: value.image ?? "",
        selected: isSelected,
        disabled: !inStock(target),
      };
    }),
  }));
}
