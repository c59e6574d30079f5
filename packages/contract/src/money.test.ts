import { describe, expect, it } from "vitest";
import { addCents, allocateCents, cents, centsFromWire, formatYuan, multiplyCents, parseYuan, percentOfCents } from "./money.ts";
import { yuanInput } from "./money-input.ts";

describe("money in cents", () => {
  it("parses yuan strings exactly", () => {
    expect(parseYuan("12")).toBe(1200);
    expect(parseYuan("12.5")).toBe(1250);
    expect(parseYuan("12.05")).toBe(1205);
    expect(parseYuan("0.01")).toBe(1);
    expect(parseYuan("-3.05")).toBe(-305);
    expect(parseYuan(19.9)).toBe(1990);
    expect(parseYuan("99999999.99")).toBe(9_999_999_999);
  });

  it("refuses what is not an exact amount", () => {
    for (const bad of ["1.005", "0x10", "1e3", " 12", "12 ", "", "12.", ".5", "+1", "１２", "NaN", "Infinity", "123456789"]) {
      expect(parseYuan(bad), bad).toBeNull();
    }
    expect(parseYuan(0.105)).toBeNull();
    expect(parseYuan(Number.NaN)).toBeNull();
  });

  it("formats with two decimals, negative amounts too", () => {
    expect(formatYuan(cents(0))).toBe("0.00");
    expect(formatYuan(cents(5))).toBe("0.05");
    expect(formatYuan(cents(123456))).toBe("1234.56");
    expect(formatYuan(cents(-305))).toBe("-3.05");
  });

  it("reads wire prices without floating-point drift", () => {
    expect(centsFromWire("0.29")).toBe(29);
    expect(centsFromWire("bad")).toBe(0);
    expect(centsFromWire(undefined)).toBe(0);
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is 30.
    expect(addCents(centsFromWire("0.10"), centsFromWire("0.20"))).toBe(30);
    expect(multiplyCents(centsFromWire("19.99"), 3)).toBe(5997);
  });

  it("refuses fractional cents and absurd amounts", () => {
    expect(() => cents(1.5)).toThrow();
    expect(() => cents(Number.MAX_SAFE_INTEGER)).toThrow();
    expect(() => multiplyCents(cents(100), 1.5)).toThrow();
  });

  it("takes percentages rounded to the cent", () => {
    expect(percentOfCents(cents(999), 95)).toBe(949);
    expect(percentOfCents(cents(1000), 95)).toBe(950);
  });

  it("allocates a total over weights so the parts add up exactly", () => {
    const parts = allocateCents(cents(100), [1, 1, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(100);
    expect(parts).toEqual([34, 33, 33]);
    expect(allocateCents(cents(7), [0, 0])).toEqual([7, 0]);
    const uneven = allocateCents(cents(1000), [2999, 1, 7000]);
    expect(uneven.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it("validates a client's yuan amount into cents, refusing junk and amounts below the minimum", () => {
    const schema = yuanInput();
    expect(schema.parse("12.5")).toBe(1250);
    expect(schema.parse(" 19.99 ")).toBe(1999);
    expect(schema.parse(19.9)).toBe(1990);
    expect(schema.parse("0")).toBe(0);
    for (const bad of ["1.005", "0x10", "1e3", "便宜", "", "12.", 0.105]) {
      expect(schema.safeParse(bad).error?.issues[0]?.code, String(bad)).toBe("invalid_format");
    }
    expect(schema.safeParse(true).success).toBe(false);
    expect(schema.safeParse("-1").error?.issues[0]).toMatchObject({ code: "too_small", minimum: 0 });
    expect(yuanInput({ min: cents(1) }).safeParse("0").error?.issues[0]).toMatchObject({ code: "too_small", minimum: 0.01 });
  });
});
