import { cartQuantityProblem, isInvalidLine, type CartInvalidType, type CartLine } from "@shop/contract";

/** The label of an invalid line on the cart page. */
export const INVALID_LABELS: Record<Exclude<CartInvalidType, "">, string> = {
  deleted: "商品已删除",
  off_shelf: "商品已下架",
  no_stock: "商品已售罄",
};

/** Why a valid line cannot go to checkout as it is (its quantity no longer fits stock or limits), else null. */
export const lineProblem = (line: CartLine): string | null => cartQuantityProblem(line, line.num);

/** Lines that may be ticked for checkout: valid and with an acceptable quantity. */
export const isSelectable = (line: CartLine): boolean => !isInvalidLine(line) && lineProblem(line) === null;

/** Splits the lines as the page shows them: buyable lines first, invalid ones apart. */
export function splitLines(lines: readonly CartLine[]): { valid: CartLine[]; invalid: CartLine[] } {
  return { valid: lines.filter((line) => !isInvalidLine(line)), invalid: lines.filter(isInvalidLine) };
}

/**
 * The selection after the lines changed: lines still there and selectable keep their tick; lines
 * seen for the first time are ticked (the cart opens with everything selected).
 */
export function syncSelection(selected: ReadonlySet<number>, known: ReadonlySet<number>, lines: readonly CartLine[]): Set<number> {
  return new Set(lines.filter((line) => isSelectable(line) && (selected.has(line.cart_id) || !known.has(line.cart_id))).map((line) => line.cart_id));
}

/** SPEC route of checkout from the cart (the checkout page reads exactly this query). */
export const checkoutPath = (cartIds: readonly number[]): string => `/order/payment?cart_ids=${cartIds.join(",")}`;

interface SpecValue {
  spec_name?: unknown;
  spec_value_name?: unknown;
}

/** "颜色：白色；尺码：XL" from sku_spec_format ("" when there is none or it is malformed). */
export function specText(skuSpecFormat: string): string {
  try {
    const values: unknown = JSON.parse(skuSpecFormat || "[]");
    if (!Array.isArray(values)) return "";
    return (values as SpecValue[])
      .filter((value) => value && typeof value.spec_name === "string" && typeof value.spec_value_name === "string")
      .map((value) => `${String(value.spec_name)}：${String(value.spec_value_name)}`)
      .join("；");
  } catch {
    return "";
  }
}
