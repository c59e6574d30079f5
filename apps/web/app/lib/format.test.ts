import { describe, expect, it } from "vitest";
import { formatPrice, formatTime } from "./format.ts";

describe("formatPrice", () => {
  it("shows two decimals", () => {
    expect(formatPrice(99)).toBe("99.00");
    expect(formatPrice("99.5")).toBe("99.50");
    expect(formatPrice("1234.56")).toBe("1234.56");
    expect(formatPrice(" 19.90 ")).toBe("19.90");
    expect(formatPrice("-3.05")).toBe("-3.05");
  });
  it("reads amounts as cents, without floating-point drift", () => {
    // As floats 0.1 + 0.2 is 0.30000000000000004.
    expect(formatPrice(0.1 + 0.2)).toBe("0.30");
    expect(formatPrice(1.1 * 3)).toBe("3.30");
    expect(formatPrice("99999999.99")).toBe("99999999.99");
  });
  it("shows junk as 0.00 rather than a guess", () => {
    expect(formatPrice("")).toBe("0.00");
    expect(formatPrice(undefined)).toBe("0.00");
    expect(formatPrice(null)).toBe("0.00");
    expect(formatPrice("abc")).toBe("0.00");
    expect(formatPrice("0x10")).toBe("0.00");
    // A wire amount has two decimals at most: a third is not rounded away.
    expect(formatPrice("0.005")).toBe("0.00");
  });
});

describe("formatTime", () => {
  it("formats unix seconds in shop time (UTC+8), whatever the machine's zone", () => {
    expect(formatTime(0 + 1700000000)).toBe("2023-11-15 06:13:20");
    expect(formatTime("1700000000", "YYYY-MM-DD")).toBe("2023-11-15");
    // 2023-12-31 16:30:05 UTC is already the new year in shop time
    expect(formatTime(1704040205, "MM-DD HH:mm")).toBe("01-01 00:30");
    expect(formatTime(1704040205, "YYYY-MM-DD HH:mm")).toBe("2024-01-01 00:30");
  });
  it("gives an empty string for no time", () => {
    expect(formatTime(0)).toBe("");
    expect(formatTime(null)).toBe("");
  });
});
