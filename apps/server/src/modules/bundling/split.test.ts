import { describe, expect, it } from "vitest";
import { cents } from "@shop/contract";
import { BizError } from "../../core/errors.ts";
import { canSplit, splitPackagePrice, SPLIT_IMPOSSIBLE, type SplitItem } from "./split.ts";

const total = (units: number[], items: SplitItem[]) => units.reduce((sum, unit, index) => sum + unit * items[index]!.num, 0);

/** The package price split to whole-cent unit prices (ADR 0022): exact, near the weights, refused when impossible. */
describe("splitPackagePrice", () => {
  it("splits in proportion to price × num and adds up to the package price exactly", () => {
    const items = [{ num: 1, priceCents: 10000 }, { num: 1, priceCents: 3333 }, { num: 2, priceCents: 999 }];
    const units = splitPackagePrice(cents(15000), items);
    expect(total(units, items)).toBe(15000);
    // Shares of 10000 : 3333 : 1998 of 15331 → about 9784, 3261, 977.5 per unit.
    expect(Math.abs(units[0]! - 9784)).toBeLessThanOrEqual(2);
    expect(Math.abs(units[1]! - 3261)).toBeLessThanOrEqual(2);
    expect(Math.abs(units[2]! - 977)).toBeLessThanOrEqual(2);
  });

  it("is exact for every price over many shapes, and every unit price is a whole cent ≥ 0", () => {
    const shapes: SplitItem[][] = [
      [{ num: 1, priceCents: 1 }, { num: 1, priceCents: 1 }],
      [{ num: 3, priceCents: 1999 }, { num: 2, priceCents: 4999 }],
      [{ num: 2, priceCents: 500 }, { num: 3, priceCents: 700 }, { num: 5, priceCents: 100 }],
      [{ num: 7, priceCents: 12345 }, { num: 1, priceCents: 1 }, { num: 4, priceCents: 999 }],
    ];
    for (const items of shapes) {
      for (let price = 100; price < 60_000; price += 137) {
        if (!canSplit(price, items.map((item) => item.num))) continue;
        const units = splitPackagePrice(cents(price), items);
        expect(total(units, items), `${price} over ${JSON.stringify(items)}`).toBe(price);
        for (const unit of units) expect(Number.isSafeInteger(unit) && unit >= 0).toBe(true);
      }
    }
  });

  it("moves the fewest cents when no goods is one per package", () => {
    const items = [{ num: 2, priceCents: 5000 }, { num: 3, priceCents: 5000 }];
    const units = splitPackagePrice(cents(20001), items);
    expect(total(units, items)).toBe(20001);
  });

  it("refuses a price the numbers per package cannot make (their gcd does not divide it)", () => {
    expect(canSplit(1001, [2, 4])).toBe(false);
    expect(() => splitPackagePrice(cents(1001), [{ num: 2, priceCents: 100 }, { num: 4, priceCents: 100 }])).toThrow(BizError);
    expect(() => splitPackagePrice(cents(1001), [{ num: 2, priceCents: 100 }, { num: 4, priceCents: 100 }])).toThrow(SPLIT_IMPOSSIBLE);
    expect(canSplit(1000, [2, 4])).toBe(true);
  });
});
