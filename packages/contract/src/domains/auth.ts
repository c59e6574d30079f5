import { z } from "zod";
import { endpoint, noBody } from "../endpoint.ts";

// ---- field rules shared by the server and the forms ---------------------------------------

export const USERNAME_RULE = /^[A-Za-z0-9_\u4e00-\u9fa5]+$/;
export const MOBILE_RULE = /^1[3-9]\d{9}$/;

export const username = z
  .string({ error: "请输入用户名" })
  .trim()
  .min(1, "请输入用户名")
  .max(30, "用户名不能超过 30 个字符")
  .regex(USERNAME_RULE, "用户名只能包含字母、数字、下划线和汉字");
export const password = z.string({ error: "请输入密码" }).min(1, "请输入密码").max(64, "密码不能超过 64 个字符");
export const mobile = z.string({ error: "请输入手机号" }).trim().regex(MOBILE_RULE, "请输入正确的手机号");
export const captchaFields = {
  captcha_id: z.string({ error: "请先获取验证码" }).max(64),
  captcha_code: z.string({ error: "请输入验证码" }).trim().min(1, "请输入验证码").max(8, "验证码不正确"),
};
/**
 * Password login and username registration: the captcha is asked only while staff keep it on
 * (验证码设置, /api/config/getCaptchaConfig); the server says 请输入验证码 when it is on and missing.
 */
export const switchableCaptchaFields = {
  captcha_id: z.string().max(64).optional(),
  captcha_code: z.string().trim().max(8, "验证码不正确").optional(),
};
/** SMS code: 6 digits. */
export const smsCode = z.string({ error: "请输入动态码" }).trim().regex(/^\d{4,6}$/, "动态码格式不正确");
/** The key returned when a code was sent, proving which request the code answers. */
export const codeKey = z.string({ error: "请先获取动态码" }).min(1).max(64);
/** Auto-login range in days (SPEC §3 autoLoginRange); 0/absent = a one-day session. */
export const autoLoginRange = z.coerce.number().int().min(0).max(30).optional();

/** A username must not look like a mobile number: login accepts either in one field. */
export const looksLikeMobile = (value: string): boolean => MOBILE_RULE.test(value.trim());

/** Character classes register_config.pwd_complexity may require, with their Chinese names. */
export const PASSWORD_CLASSES = {
  number: { test: /[0-9]/, name: "数字" },
  letter: { test: /[A-Za-z]/, name: "字母" },
  lower_case: { test: /[a-z]/, name: "小写字母" },
  upper_case: { test: /[A-Z]/, name: "大写字母" },
  symbol: { test: /[^A-Za-z0-9]/, name: "符号" },
} as const;

/**
 * Checks a new password against register_config (pwd_len, pwd_complexity). Returns the Chinese
 * message of the first rule broken, or null. Shared by the server and the register/reset forms.
 * With both `letter` and `upper_case` required, `letter` means a lower-case letter.
 */
export function checkPasswordRules(value: string, rules: { pwd_len: number; pwd_complexity: string }): string | null {
  const minLength = Math.max(1, Number(rules.pwd_len) || 0);
  if (value.length < minLength) return `密码长度不能少于${minLength}位`;
  const required = String(rules.pwd_complexity ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item): item is keyof typeof PASSWORD_CLASSES => item in PASSWORD_CLASSES)
    .map((item) => (item === "letter" && rules.pwd_complexity.includes("upper_case") ? "lower_case" : item));
  const classes = [...new Set(required)].map((item) => PASSWORD_CLASSES[item]);
  if (classes.every((item) => item.test.test(value))) return null;
  const names = classes.map((item) => item.name);
  const list = names.length > 1 ? `${names.slice(0, -1).join("、")}和${names.at(-1)}` : names[0];
  return `密码需包含${list}`;
}

export interface TokenResult {
  token: string;
  /** unix seconds */
  expire_time: number;
  /** days the cookie should live, echoing autoLoginRange */
  auto_login_range: number;
}

export interface RegisterConfig {
  value: {
    /** enabled login methods, comma separated: username,mobile */
    login: string;
    /** enabled register methods: username,mobile */
    register: string;
    pwd_len: number;
    /** required character classes, comma separated: number,letter,upper_case,symbol */
    pwd_complexity: string;
    agreement_show: number;
  };
}

/** 验证码设置 (/api/config/getCaptchaConfig): 1 = the form asks for the picture captcha. */
export interface CaptchaConfig {
  /** password login */
  shop_reception_login: number;
  /** username registration */
  shop_reception_register: number;
}

export interface Agreement {
  title: string;
  content: string;
}

export interface MobileCodeResult {
  /** pass back with the code */
  key: string;
  /** seconds until the code expires */
  expire_time: number;
}

export const authEndpoints = {
  "/api/login/login": endpoint<TokenResult>()(
    z.object({ username: z.string({ error: "请输入账号" }).trim().min(1, "请输入账号").max(30), password, ...switchableCaptchaFields, autoLoginRange }),
  ),
  "/api/login/mobileCode": endpoint<MobileCodeResult>()(z.object({ mobile, ...captchaFields })),
  "/api/login/mobile": endpoint<TokenResult>()(z.object({ mobile, key: codeKey, code: smsCode, autoLoginRange })),
  /** Alias kept from the original client. */
  "/api/login/getMobileCode": endpoint<MobileCodeResult>()(z.object({ mobile, ...captchaFields })),
  "/api/login/logout": endpoint<null>()(noBody),
  "/api/login/checklogin": endpoint<TokenResult>()(z.object({ key: z.string().min(1).max(64) })),
  "/api/login/wechatLogin": endpoint<TokenResult>()(z.object({ key: z.string().max(64).optional() })),
  "/wechat/api/wechat/logincode": endpoint<{ qrcode: string; key: string; expire_time: number }>()(noBody),
  "/api/register/config": endpoint<RegisterConfig>()(noBody),
  "/api/config/getCaptchaConfig": endpoint<CaptchaConfig>()(noBody),
  "/api/register/aggrement": endpoint<Agreement>()(noBody),
  "/memberregister/api/Config/Config": endpoint<{ is_use: number; value: Record<string, unknown> }>()(noBody),
  "/api/register/username": endpoint<TokenResult>()(
    z.object({ username, password, ...switchableCaptchaFields, autoLoginRange }),
  ),
  "/api/register/mobileCode": endpoint<MobileCodeResult>()(z.object({ mobile, ...captchaFields })),
  "/api/register/mobile": endpoint<TokenResult>()(
    z.object({ mobile, key: codeKey, code: smsCode, password: password.optional(), autoLoginRange }),
  ),
  /**
   * Whether a member has this mobile, told by the code as the reference does: 0 (`{exists: 0}`) when
   * none has, -1 该手机号已注册 (`data: {exists: 1}`) when one has. Needs a captcha, like sending a
   * code (it tells which mobiles have accounts).
   */
  "/api/member/checkmobile": endpoint<{ exists: 0 }>()(z.object({ mobile, ...captchaFields })),
  "/api/findpassword/mobilecode": endpoint<MobileCodeResult>()(z.object({ mobile, ...captchaFields })),
  "/api/findpassword/mobile": endpoint<null>()(z.object({ mobile, key: codeKey, code: smsCode, password })),
};
