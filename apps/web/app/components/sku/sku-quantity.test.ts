import { describe, expect, it } from "vitest";
import { clampQuantity, quantityRange } from "./sku-quantity.ts";

describe("SKU quantity", () => {
  it("stays within stock and the goods' min/max buy", () => {
    expect(quantityRange({ stock: 10, min_buy: 0, max_buy: 0 })).toEqual({ min: 1, max: 10, available: true });
    expect(quantityRange({ stock: 10, min_buy: 2, max_buy: 5 })).toEqual({ min: 2, max: 5, available: true });
    expect(quantityRange({ stock: 3, min_buy: 0, max_buy: 5 })).toEqual({ min: 1, max: 3, available: true });
    expect(quantityRange({ stock: 1, min_buy: 2, max_buy: 0 }).available).toBe(false);
    expect(quantityRange({ stock: 0, min_buy: 0, max_buy: 0 }).available).toBe(false);
  });

  it("clamps typed values", () => {
    const range = quantityRange({ stock: 8, min_buy: 2, max_buy: 0 });
    expect([clampQuantity(1, range), clampQuantity(5.7, range), clampQuantity(99, range), clampQuantity(null, range), clampQuantity(NaN, range)]).toEqual([2, 5, 8, 2, 2]);
  });
});
