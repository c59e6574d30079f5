import { describe, expect, it } from "vitest";
import { toCents, yuan } from "./money.ts";

describe("server money helpers over the contract's cents", () => {
  it("formats cents as the wire's yuan string", () => {
    expect(yuan(9900)).toBe("99.00");
    expect(yuan(5)).toBe("0.05");
    expect(yuan(0)).toBe("0.00");
    expect(yuan(-305)).toBe("-3.05");
  });

  it("parses exact amounts and throws on anything else (no float rounding, no hex)", () => {
    expect(toCents("12.5")).toBe(1250);
    expect(toCents(19.99)).toBe(1999);
    // The old float version turned "1.005" into 100 and "0x10" into 1600.
    for (const bad of ["1.005", "0x10", "1e3", "", "abc"]) expect(() => toCents(bad), bad).toThrow(RangeError);
  });
});
