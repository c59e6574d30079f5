import { describe, expect, it } from "vitest";
import { normalizeCode, parseVerifyListQuery, recordIdOf, verificationListHref, verificationPath } from "./verify-paths.ts";
import { groupedCode } from "./VerifyCodeCard.tsx";

const url = (query: string) => new URL(`http://shop.test/order/verification_list${query}`);

describe("verification paths", () => {
  it("reads the list's tab and page, falling back to 全部 / page 1 for anything else", () => {
    expect(parseVerifyListQuery(url(""))).toEqual({ type: "all", page: 1 });
    expect(parseVerifyListQuery(url("?type=pickup&page=3"))).toEqual({ type: "pickup", page: 3 });
    expect(parseVerifyListQuery(url("?type=virtualgoods"))).toEqual({ type: "virtualgoods", page: 1 });
    for (const query of ["?type=express", "?page=0", "?page=-2", "?page=1.5", "?page=abc", "?page=1000000"]) {
      expect(parseVerifyListQuery(url(query)), query).toEqual({ type: "all", page: 1 });
    }
  });

  it("builds the list's links without default values", () => {
    expect(verificationListHref("all")).toBe("/order/verification_list");
    expect(verificationListHref("pickup", 2)).toBe("/order/verification_list?type=pickup&page=2");
    expect(verificationPath()).toBe("/order/verification");
    expect(verificationPath("123456789012")).toBe("/order/verification?code=123456789012");
  });

  it("takes a code as typed or scanned: spaces dropped, bounded", () => {
    expect(normalizeCode(" 1234 5678\t9012 ")).toBe("123456789012");
    expect(normalizeCode(null)).toBe("");
    expect(normalizeCode("9".repeat(50))).toHaveLength(32);
    expect(groupedCode("123456789012")).toBe("1234 5678 9012");
    expect(groupedCode("12345")).toBe("1234 5");
  });

  it("reads a record id only when it is a positive integer", () => {
    expect(recordIdOf(new URL("http://shop.test/x?id=12"))).toBe(12);
    for (const id of ["", "0", "-1", "1.5", "abc", "99999999999"]) expect(recordIdOf(new URL(`http://shop.test/x?id=${id}`)), id).toBeNull();
  });
});
