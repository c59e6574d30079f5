import { describe, expect, it } from "vitest";
import { formatPrice, formatTime } from "./format.ts";

describe("formatPrice", () => {
  it("shows two decimals", () => {
    expect(formatPrice(99)).toBe("99.00");
    expect(formatPrice("99.5")).toBe("99.50");
    expect(formatPrice("0.005")).toBe("0.01");
  });
  it("shows junk as 0.00", () => {
    expect(formatPrice("")).toBe("0.00");
    expect(formatPrice(undefined)).toBe("0.00");
    expect(formatPrice("abc")).toBe("0.00");
  });
});

describe("formatTime", () => {
  it("formats unix seconds in shop time (UTC+8), whatever the machine's zone", () => {
    expect(formatTime(0 + 1700000000)).toBe("2023-11-15 06:13:20");
    expect(formatTime("1700000000", "YYYY-MM-DD")).toBe("2023-11-15");
  });
  it("gives an empty string for no time", () => {
    expect(formatTime(0)).toBe("");
    expect(formatTime(null)).toBe("");
  });
});
