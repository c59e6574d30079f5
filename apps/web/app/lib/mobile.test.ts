import { describe, expect, it } from "vitest";
import { maskMobile } from "./mobile.ts";

describe("maskMobile", () => {
  it("hides the middle four digits of a mobile number", () => {
    expect(maskMobile("13812345678")).toBe("138****5678");
  });
  it("leaves anything else alone", () => {
    expect(maskMobile("")).toBe("");
    expect(maskMobile("1381234")).toBe("1381234");
  });
});
