import type { SkuSpecValue, SpecFormat } from "@shop/contract";

/** A SKU as the spec switcher sees it. */
export interface SpecSku {
  sku_id: number;
  /** JSON string of SkuSpecValue[] */
  sku_spec_format: string;
  stock: number;
}

/** goods_spec_format as stored: specs with their values (sku_id/selected/disabled are recomputed). */
interface StoredSpec {
  spec_id: number;
  spec_name: string;
  value: Array<{ spec_id?: number; spec_name?: string; spec_value_id: number; spec_value_name: string; image?: string }>;
}

/** Parses a JSON array column; anything unreadable is an empty list (back-office data may be broken). */
export function parseJsonArray<T>(json: string | null | undefined): T[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    // Back-office JSON may hold nulls or scalars: keep the objects only.
    return Array.isArray(parsed) ? (parsed.filter((item) => item !== null && typeof item === "object") as T[]) : [];
  } catch {
    return [];
  }
}

/** spec_id → spec_value_id of one SKU. */
const choiceOf = (sku: SpecSku): Map<number, number> =>
  new Map(parseJsonArray<SkuSpecValue>(sku.sku_spec_format).map((entry) => [Number(entry.spec_id), Number(entry.spec_value_id)]));

/** A combination of values as a lookup key, in the goods' spec order. */
const comboKey = (specIds: number[], choice: Map<number, number>) => specIds.map((specId) => `${specId}:${choice.get(specId) ?? ""}`).join("|");

/**
 * The goods' specs as seen from `current`: each value carries the SKU reached by choosing it while
 * keeping the current SKU's other values, `selected` when the current SKU has it, and `disabled`
 * when that combination does not exist or is out of stock. Stored sku_ids are ignored: they are
 * only right for the SKU they were written for.
 */
export function specFormatFor(goodsSpecFormat: string, current: SpecSku, skus: SpecSku[]): SpecFormat[] {
  const specs = parseJsonArray<StoredSpec>(goodsSpecFormat).filter((spec) => Array.isArray(spec?.value));
  const specIds = specs.map((spec) => Number(spec.spec_id));
  const byCombo = new Map(skus.map((sku) => [comboKey(specIds, choiceOf(sku)), sku]));
  const currentChoice = choiceOf(current);

  return specs.map((spec) => ({
    spec_id: Number(spec.spec_id),
    spec_name: String(spec.spec_name ?? ""),
    value: spec.value.filter((value) => value !== null && typeof value === "object").map((value) => {
      const wanted = new Map(currentChoice).set(Number(spec.spec_id), Number(value.spec_value_id));
      const target = byCombo.get(comboKey(specIds, wanted));
      return {
        spec_id: Number(spec.spec_id),
        spec_name: String(spec.spec_name ?? ""),
        spec_value_id: Number(value.spec_value_id),
        spec_value_name: String(value.spec_value_name ?? ""),
        sku_id: target?.sku_id ?? 0,
        image: String(value.image ?? ""),
        selected: currentChoice.get(Number(spec.spec_id)) === Number(value.spec_value_id),
        disabled: !target || Number(target.stock) <= 0,
      };
    }),
  }));
}
