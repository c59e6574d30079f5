import { describe, expect, it } from "vitest";
import { couponSaving, eligibleMoney, typeExpired, typeSoldOut, validityOf, wireState, type CouponRule, type RuleLine } from "./rules.ts";

/** The coupon rules without a database: what a coupon is worth on lines, and when it is valid. */
const reward = (money: number, atLeast = 0, goodsType = 1): CouponRule => ({
  type: "reward", money_cents: money, discount_percent: 0, discount_limit_cents: 0, at_least_cents: atLeast, goods_type: goodsType,
});
const discount = (percent: number, cap = 0, atLeast = 0, goodsType = 1): CouponRule => ({
  type: "discount", money_cents: 0, discount_percent: percent, discount_limit_cents: cap, at_least_cents: atLeast, goods_type: goodsType,
});
const line = (goodsId: number, money: number, categoryIds: number[] = []): RuleLine => ({ goodsId, goodsMoneyCents: money, categoryIds });
const scope = (goods: number[], categories: number[] = []) => ({ goodsIds: new Set(goods), categoryIds: new Set(categories) });

describe("coupon saving", () => {
  it("满减: its money once the threshold is reached (equal counts), never more than the goods", () => {
    expect(couponSaving(reward(2000, 19900), undefined, [line(1, 19899)])).toBeNull();
    expect(couponSaving(reward(2000, 19900), undefined, [line(1, 19900)])).toBe(2000);
    expect(couponSaving(reward(2000, 19900), undefined, [line(1, 10000), line(2, 9900)])).toBe(2000);
    // 无门槛 ¥5 on ¥3 of goods: ¥3, the order never goes below zero
    expect(couponSaving(reward(500), undefined, [line(1, 300)])).toBe(300);
  });

  it("折扣: the eligible money × (100 − percent)%, rounded half up to a cent, at most the cap", () => {
    expect(couponSaving(discount(85), undefined, [line(1, 10000)])).toBe(1500);
    expect(couponSaving(discount(90), undefined, [line(1, 12345)])).toBe(1235); // 1234.5 → 1235
    expect(couponSaving(discount(90, 1000), undefined, [line(1, 50000)])).toBe(1000);
    expect(couponSaving(discount(90, 0, 5000), undefined, [line(1, 4999)])).toBeNull();
    expect(couponSaving(discount(0), undefined, [line(1, 4999)])).toBeNull();
    expect(couponSaving(discount(100), undefined, [line(1, 4999)])).toBeNull();
  });

  it("chosen goods: only their lines count, towards the threshold and the discount", () => {
    const lines = [line(1, 15000), line(2, 8000), line(3, 20000)];
    expect(eligibleMoney(reward(1000, 0, 2), scope([1, 2]), lines)).toBe(23000);
    expect(couponSaving(reward(5000, 30000, 2), scope([1, 2]), lines)).toBeNull();
    expect(couponSaving(discount(50, 0, 0, 2), scope([2]), lines)).toBe(4000);
    expect(couponSaving(reward(1000, 0, 2), scope([9]), lines)).toBeNull();
    expect(couponSaving(reward(1000, 0, 2), undefined, lines)).toBeNull();
  });

  it("chosen categories: a line counts when any level of its goods' category path is chosen", () => {
    const lines = [line(1, 10000, [1, 12, 123]), line(2, 5000, [2, 21, 211])];
    expect(eligibleMoney(reward(1000, 0, 3), scope([], [12]), lines)).toBe(10000);
    expect(eligibleMoney(reward(1000, 0, 3), scope([], [2]), lines)).toBe(5000);
    expect(eligibleMoney(reward(1000, 0, 3), scope([], [123, 211]), lines)).toBe(15000);
    expect(couponSaving(reward(1000, 0, 3), scope([], [3]), lines)).toBeNull();
    // a goods without category (0) is never in a category scope
    expect(eligibleMoney(reward(1000, 0, 3), scope([], [0]), [line(3, 100, [0, 0, 0])])).toBe(0);
  });
});

describe("coupon validity", () => {
  const at = 1_800_000_000;
  it("runs N days from receipt, or on the type's fixed dates", () => {
    expect(validityOf({ validity_type: 1, start_time: 0, end_time: 0, fixed_term: 7 }, at)).toEqual({ start: at, end: at + 7 * 86400 });
    expect(validityOf({ validity_type: 0, start_time: at - 5, end_time: at + 5, fixed_term: 0 }, at)).toEqual({ start: at - 5, end: at + 5 });
  });

  it("is expired from its end on (unused only); used stays used", () => {
    expect(wireState({ state: 1, end_time: at + 1 }, at)).toBe(1);
    expect(wireState({ state: 1, end_time: at }, at)).toBe(3);
    expect(wireState({ state: 2, end_time: at - 100 }, at)).toBe(2);
  });

  it("stops a fixed-date type from giving after its end; a used-up type is the total reached", () => {
    expect(typeExpired({ validity_type: 0, end_time: at }, at)).toBe(true);
    expect(typeExpired({ validity_type: 0, end_time: at + 1 }, at)).toBe(false);
    expect(typeExpired({ validity_type: 1, end_time: 0 }, at)).toBe(false);
    expect(typeSoldOut({ total_count: 0, lead_count: 99 })).toBe(false);
    expect(typeSoldOut({ total_count: 2, lead_count: 2 })).toBe(true);
  });
});
