import type { PromotionSpecRow } from "@shop/contract";
import { parseJsonArray } from "../goods/detail-spec.ts";

/** goods_spec_format as the goods stores it: its values may carry the sku_id / selected / disabled of one SKU. */
interface StoredSpec {
  spec_id: number;
  spec_name: string;
  value: Array<{ spec_value_id: number; spec_value_name: string; image?: string }>;
}

/**
 * A promotion page's goods_spec_format (PromotionSpecRow[] as JSON, "[]" without specs): the goods'
 * specs with every value and the first spec's pictures, without the per-SKU fields the stored
 * format carries (they point at SKUs the promotion may not offer; the page picks among its own).
 */
export function promotionSpecRows(goodsSpecFormat: string | null | undefined): string {
  const rows = parseJsonArray<StoredSpec>(goodsSpecFormat)
    .filter((spec) => Array.isArray(spec.value) && spec.value.length > 0)
    .map(
      (spec): PromotionSpecRow => ({
        spec_id: Number(spec.spec_id),
        spec_name: String(spec.spec_name ?? ""),
        value: spec.value
          .filter((value) => value !== null && typeof value === "object")
          .map((value) => ({
            spec_id: Number(spec.spec_id),
            spec_name: String(spec.spec_name ?? ""),
            spec_value_id: Number(value.spec_value_id),
            spec_value_name: String(value.spec_value_name ?? ""),
            image: String(value.image ?? ""),
          })),
      }),
    );
  return JSON.stringify(rows);
}
