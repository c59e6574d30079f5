import { describe, expect, it } from "vitest";
import { parseSecurityType, securityFlow, securityHref, securityLevel } from "./security-view.ts";

const full = { password: 1 as const, mobile: "13800138000", pay_password: 1 as const };
const bare = { password: 0 as const, mobile: "", pay_password: 0 as const };

describe("security forms", () => {
  it("picks the form from the type, the way asked for and what the account has", () => {
    expect(securityFlow("password", null, full)).toBe("password-old");
    expect(securityFlow("password", "sms", full)).toBe("password-sms");
    expect(securityFlow("password", null, { ...full, password: 0 })).toBe("password-sms");
    expect(securityFlow("mobile", null, full)).toBe("mobile-change");
    expect(securityFlow("mobile", "whatever", bare)).toBe("mobile-bind");
    expect(securityFlow("paypassword", null, full)).toBe("pay-change");
    expect(securityFlow("paypassword", "reset", full)).toBe("pay-reset");
    expect(securityFlow("paypassword", null, bare)).toBe("pay-set");
  });

  it("reads ?type= safely and links to it", () => {
    expect(parseSecurityType("mobile")).toBe("mobile");
    expect(parseSecurityType("<script>")).toBe("password");
    expect(parseSecurityType(null)).toBe("password");
    expect(securityHref("paypassword", "reset")).toBe("/member/security/security?type=paypassword&way=reset");
    expect(securityHref("mobile")).toBe("/member/security/security?type=mobile");
  });

  it("grades the account by what is set", () => {
    expect(securityLevel(full)).toEqual({ score: 3, name: "高" });
    expect(securityLevel({ ...full, pay_password: 0 })).toEqual({ score: 2, name: "中" });
    expect(securityLevel(bare)).toEqual({ score: 0, name: "低" });
  });
});
