import { describe, expect, it } from "vitest";
import { cents } from "@shop/contract";
import { chargedUnits, expressFee, feeForUnits, FEE_BY_COUNT, FEE_BY_WEIGHT, ruleFor, type FreightTemplate } from "./freight.ts";
import { isValidTaxpayerNumber } from "./invoice.ts";
import { maxPointDeduction } from "./points.ts";
import { openingMinutes, pickupDays, pickupTimeProblem } from "./pickup.ts";
import type { PricedLine } from "./order-lines.ts";

/** The pure rules of checkout, at their edges. */
describe("freight rules", () => {
  const rule = { region_ids: "", first_unit: 1000, first_cents: 800, continue_unit: 500, continue_cents: 200 };

  it("charges the first unit, then every started continue unit", () => {
    expect(feeForUnits(rule, 0)).toBe(0);
    expect(feeForUnits(rule, 1)).toBe(800);
    expect(feeForUnits(rule, 1000)).toBe(800);
    expect(feeForUnits(rule, 1001)).toBe(1000);
    expect(feeForUnits(rule, 1500)).toBe(1000);
    expect(feeForUnits(rule, 1501)).toBe(1200);
    expect(feeForUnits({ ...rule, continue_unit: 0 }, 9000)).toBe(800);
  });

  it("picks the province's rule, else the catch-all, else none", () => {
    const remote = { ...rule, region_ids: ",650000,540000,", first_cents: 2000 };
    const template: FreightTemplate = { fee_type: FEE_BY_COUNT, rules: [remote, rule] };
    expect(ruleFor(template, 650000)).toBe(remote);
    expect(ruleFor(template, 110000)).toBe(rule);
    expect(ruleFor(template, 65000)).toBe(rule);
    expect(ruleFor({ fee_type: FEE_BY_COUNT, rules: [remote] }, 110000)).toBeUndefined();
  });

  it("counts grams or items of the goods that are not free shipping", () => {
    const lines = [
      { num: 2, weight: 1200, isFreeShipping: false },
      { num: 5, weight: 100, isFreeShipping: true },
    ];
    expect(chargedUnits(FEE_BY_WEIGHT, lines)).toBe(2400);
    expect(chargedUnits(FEE_BY_COUNT, lines)).toBe(2);
    const freeOnly = [{ num: 1, weight: 1, isFreeShipping: true }] as PricedLine[];
    expect(expressFee({ fee_type: FEE_BY_COUNT, rules: [] }, 110000, freeOnly)).toEqual({ deliverable: true, fee: 0 });
    expect(expressFee({ fee_type: FEE_BY_COUNT, rules: [] }, 110000, [{ num: 1, weight: 1, isFreeShipping: false }] as PricedLine[])).toEqual({ deliverable: false });
    expect(expressFee(null, 110000, freeOnly)).toEqual({ deliverable: true, fee: 0 });
  });
});

describe("taxpayer numbers", () => {
  it("checks the unified social credit code's check character", () => {
    expect(isValidTaxpayerNumber("91350100M000100Y43")).toBe(true);
    expect(isValidTaxpayerNumber("91350100m000100y43")).toBe(true);
    expect(isValidTaxpayerNumber("91350100M000100Y44")).toBe(false);
    expect(isValidTaxpayerNumber("9135010OM000100Y43")).toBe(false);
    expect(isValidTaxpayerNumber("91350100M000100Y4")).toBe(false);
  });

  it("accepts older 15- and 20-character numbers", () => {
    expect(isValidTaxpayerNumber("110108MA01ABCDE")).toBe(true);
    expect(isValidTaxpayerNumber("11010819900101123X00")).toBe(true);
    expect(isValidTaxpayerNumber("")).toBe(false);
  });
});

describe("points deduction", () => {
  const config = { is_enable: 1, points_per_yuan: 100, max_percent: 50 };

  it("is limited by the cap, what is left to pay and the member's points", () => {
    expect(maxPointDeduction(config, 1280, cents(8550), cents(10050))).toEqual({ points: 1280, money: 1280 });
    expect(maxPointDeduction(config, 99_999, cents(8550), cents(10050))).toEqual({ points: 4275, money: 4275 });
    expect(maxPointDeduction(config, 99_999, cents(8550), cents(3000))).toEqual({ points: 3000, money: 3000 });
    expect(maxPointDeduction({ ...config, is_enable: 0 }, 1280, cents(8550), cents(10050))).toEqual({ points: 0, money: 0 });
    expect(maxPointDeduction(config, 0, cents(8550), cents(10050))).toEqual({ points: 0, money: 0 });
  });

  it("never charges more points than the member has, rounding them up", () => {
    const odd = { ...config, points_per_yuan: 150 };
    expect(maxPointDeduction(odd, 1280, cents(100_000), cents(100_000))).toEqual({ points: 1280, money: 853 });
    expect(maxPointDeduction(odd, 1, cents(100_000), cents(100_000))).toEqual({ points: 0, money: 0 });
    expect(maxPointDeduction(odd, 2, cents(100_000), cents(100_000))).toEqual({ points: 2, money: 1 });
  });
});

describe("pickup times", () => {
  // 2026-03-01 08:00 in shop time (UTC+8).
  const at = Date.parse("2026-03-01T08:00:00+08:00") / 1000;
  const store = { store_id: 1, store_name: "门店", telphone: "", full_address: "", open_date: "09:00-21:00", longitude: "", latitude: "" };

  it("offers seven days in shop time", () => {
    expect(pickupDays(Date.parse("2026-03-01T23:30:00+08:00") / 1000)).toEqual([
      "2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07",
    ]);
  });

  it("accepts a future time within the store's hours and the seven days", () => {
    expect(pickupTimeProblem("2026-03-01 09:00", store, at)).toBe("");
    expect(pickupTimeProblem("2026-03-07 20:59", store, at)).toBe("");
    expect(pickupTimeProblem("2026-03-01 21:00", store, at)).toBe("提货时间须在门店营业时间（09:00-21:00）内");
    expect(pickupTimeProblem("2026-03-01 08:59", store, at)).toBe("提货时间须在门店营业时间（09:00-21:00）内");
    expect(pickupTimeProblem("2026-03-08 10:00", store, at)).toBe("提货日期须在 7 天之内，请重新选择");
    expect(pickupTimeProblem("2026-03-01 10:00", store, Date.parse("2026-03-01T10:30:00+08:00") / 1000)).toBe("提货时间已过，请重新选择");
    expect(pickupTimeProblem("2026-3-1 10:00", store, at)).toBe("提货时间格式不正确，请重新选择");
    expect(pickupTimeProblem(undefined, store, at)).toBe("请选择提货时间");
  });

  it("reads opening hours, all day when unreadable", () => {
    expect(openingMinutes("08:30-22:00")).toEqual({ open: 510, close: 1320 });
    expect(openingMinutes("全天")).toEqual({ open: 0, close: 1440 });
  });
});
