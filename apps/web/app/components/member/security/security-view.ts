import type { MemberInfo } from "@shop/contract";

/** The account security overview and the page of its step-by-step forms (SPEC §2). */
export const SECURITY_PATH = "/member/security";
export const SECURITY_FORM_PATH = "/member/security/security";

/** What the form page changes (`?type=`). */
export type SecurityType = "password" | "mobile" | "paypassword";
export const SECURITY_TYPES: SecurityType[] = ["password", "mobile", "paypassword"];

/**
 * The form a member gets, from `type`, the `way` asked for and what the account has:
 * - password-old: old password + new one; password-sms: code to the bound mobile + new one (the only
 *   way without a password, or when the old one is forgotten);
 * - mobile-bind: the first mobile; mobile-change: old number's code, then the new number's;
 * - pay-set: the first pay password; pay-change: old + new; pay-reset: bound mobile's code, then new.
 */
export type SecurityFlow = "password-old" | "password-sms" | "mobile-bind" | "mobile-change" | "pay-set" | "pay-change" | "pay-reset";

type AccountState = Pick<MemberInfo, "password" | "mobile" | "pay_password">;

export function securityFlow(type: SecurityType, way: string | null, member: AccountState): SecurityFlow {
  if (type === "mobile") return member.mobile ? "mobile-change" : "mobile-bind";
  if (type === "paypassword") {
    if (way === "reset") return "pay-reset";
    return member.pay_password ? "pay-change" : "pay-set";
  }
  return way === "sms" || !member.password ? "password-sms" : "password-old";
}

/** `?type=` of the form page, password when missing or unknown. */
export function parseSecurityType(value: string | null): SecurityType {
  return SECURITY_TYPES.includes(value as SecurityType) ? (value as SecurityType) : "password";
}

/** Link to the form page for a type (and a way: "sms" for the login password, "reset" for the pay password). */
export function securityHref(type: SecurityType, way?: "sms" | "reset"): string {
  return `${SECURITY_FORM_PATH}?type=${type}${way ? `&way=${way}` : ""}`;
}

export const FLOW_TITLES: Record<SecurityFlow, string> = {
  "password-old": "修改登录密码",
  "password-sms": "通过手机验证修改登录密码",
  "mobile-bind": "绑定手机",
  "mobile-change": "更换绑定手机",
  "pay-set": "设置支付密码",
  "pay-change": "修改支付密码",
  "pay-reset": "找回支付密码",
};

/** The steps shown above each form (the last is always 完成). */
export const FLOW_STEPS: Record<SecurityFlow, string[]> = {
  "password-old": ["修改密码", "完成"],
  "password-sms": ["验证手机", "设置新密码", "完成"],
  "mobile-bind": ["绑定手机", "完成"],
  "mobile-change": ["验证原手机", "绑定新手机", "完成"],
  "pay-set": ["设置支付密码", "完成"],
  "pay-change": ["修改支付密码", "完成"],
  "pay-reset": ["验证手机", "设置支付密码", "完成"],
};

/** Flows that need a bound mobile before they can start. */
export const NEEDS_MOBILE: ReadonlySet<SecurityFlow> = new Set(["password-sms", "pay-reset"]);

/** 安全等级 from what is set (login password, mobile, pay password): 低 / 中 / 高. */
export function securityLevel(member: AccountState): { score: number; name: "低" | "中" | "高" } {
  const score = [member.password === 1, Boolean(member.mobile), member.pay_password === 1].filter(Boolean).length;
  return { score, name: score >= 3 ? "高" : score === 2 ? "中" : "低" };
}
