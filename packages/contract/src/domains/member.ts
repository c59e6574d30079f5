import { z } from "zod";
import { endpoint, noBody } from "../endpoint.ts";
import { captchaFields, codeKey, mobile, password, smsCode, type MobileCodeResult } from "./auth.ts";

/**
 * The member's own profile and security (reference: api/controller/Member.php; docs/api/member.md).
 * Profile fields change with a session; the login password, the mobile and the pay password need
 * proof beyond the session (the old secret or an SMS code to the bound mobile), and a change of the
 * login password or of a bound mobile signs the member out everywhere else (ADR 0015).
 */

/** /api/member/info (money as strings with two decimals). */
export interface MemberInfo {
  member_id: number;
  username: string;
  nickname: string;
  mobile: string;
  email: string;
  headimg: string;
  member_level: number;
  member_level_name: string;
  point: number;
  balance: string;
  balance_money: string;
  growth: number;
  /** 1 when the member has a password (mobile-only accounts may not) */
  password: 0 | 1;
  /** 1 when the member set a pay password (asked for at balance payments) */
  pay_password: 0 | 1;
  realname: string;
  /** 0 保密, 1 男, 2 女 */
  sex: number;
  /** "YYYY-MM-DD", "" when not given */
  birthday: string;
  reg_time: number;
}

/** sex values and their names. */
export const SEX_NAMES: Record<number, string> = { 0: "保密", 1: "男", 2: "女" };

// ---- field rules shared by the server and the forms ---------------------------------------

/** Control characters (tabs and line breaks included) have no place in a name. */
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;

export const NICKNAME_MAX = 20;
export const REALNAME_MAX = 20;

export const nickname = z
  .string({ error: "请输入昵称" })
  .trim()
  .min(1, "请输入昵称")
  .max(NICKNAME_MAX, `昵称不能超过 ${NICKNAME_MAX} 个字`)
  .regex(NO_CONTROL, "昵称不能包含特殊字符");

/** The real name; "" clears it. */
export const realname = z
  .string({ error: "请输入真实姓名" })
  .trim()
  .max(REALNAME_MAX, `真实姓名不能超过 ${REALNAME_MAX} 个字`)
  .regex(NO_CONTROL, "真实姓名不能包含特殊字符");

export const sex = z.coerce.number({ error: "请选择性别" }).int("性别无效").min(0, "性别无效").max(2, "性别无效");

/** The earliest birthday accepted; the latest is today in the shop's time zone (checked by the server). */
export const BIRTHDAY_MIN = "1900-01-01";

/** True for a real calendar date written YYYY-MM-DD (no 2024-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** "YYYY-MM-DD" or "" (clears it). */
export const birthday = z
  .string({ error: "请选择出生日期" })
  .trim()
  .refine((value) => value === "" || isCalendarDate(value), "出生日期格式不正确")
  .refine((value) => value === "" || value >= BIRTHDAY_MIN, "出生日期不正确");

/** A picture answered by /api/upload/headimg ("upload/headimg/…"); "" goes back to the default head. */
export const headimg = z.string({ error: "请上传头像" }).trim().max(255, "头像无效");

/** The pay password: six digits. */
export const PAY_PASSWORD_RULE = /^\d{6}$/;
export const payPassword = z.string({ error: "请输入支付密码" }).regex(PAY_PASSWORD_RULE, "支付密码为 6 位数字");

/**
 * Six digits anyone would try first: one digit repeated (000000) or a run up or down (123456,
 * 987654). Null when fine, else the message (shared by the server and the form).
 */
export function payPasswordProblem(value: string): string | null {
  if (!PAY_PASSWORD_RULE.test(value)) return "支付密码为 6 位数字";
  const digits = [...value].map(Number);
  const steps = new Set(digits.slice(1).map((digit, index) => digit - digits[index]!));
  if (steps.size === 1 && [0, 1, -1].includes([...steps][0]!)) return "支付密码过于简单，请勿使用重复或连续的数字";
  return null;
}

/** A proof that the bound mobile received a code (verifyoldmobile, verifypaypwdcode): single use, minutes long. */
export const verifyTicket = z.string({ error: "请先验证手机号" }).min(1, "请先验证手机号").max(64, "验证已失效，请重新验证手机号");

export interface VerifyTicketResult {
  /** pass to the call that needs the proof */
  ticket: string;
  /** seconds until the ticket expires */
  expire_time: number;
}

/** The profile form of /member/info in one call: all fields or none. */
export const profileFields = { nickname, realname, sex, birthday };

export const memberEndpoints = {
  "/api/member/info": endpoint<MemberInfo>()(noBody),

  // ---- profile ----
  "/api/member/modifynickname": endpoint<null>()(z.object({ nickname })),
  "/api/member/modifyrealname": endpoint<null>()(z.object({ realname })),
  "/api/member/modifysex": endpoint<null>()(z.object({ sex })),
  "/api/member/modifybirthday": endpoint<null>()(z.object({ birthday })),
  /** ours: the whole /member/info form at once (checked whole, written whole); answers the new info */
  "/api/member/modifyinfo": endpoint<MemberInfo>()(z.object(profileFields)),
  /** a picture the caller uploaded through /api/upload/headimg, or "" for the default head */
  "/api/member/modifyheadimg": endpoint<null>()(z.object({ headimg })),

  // ---- login password ----
  /** an SMS code to the bound mobile, for modifypassword by code */
  "/api/member/pwdmobliecode": endpoint<MobileCodeResult>()(z.object(captchaFields)),
  /**
   * With the old password (members who have one), or with key + code from pwdmobliecode (anyone
   * with a bound mobile; the only way for a mobile-only account to set its first password).
   */
  "/api/member/modifypassword": endpoint<null>()(
    z.object({
      new_password: password,
      old_password: z.string().max(64).optional(),
      key: codeKey.optional(),
      code: smsCode.optional(),
    }),
  ),

  // ---- mobile ----
  /** an SMS code to the bound mobile: the first step of changing it */
  "/api/member/oldmobilecode": endpoint<MobileCodeResult>()(z.object(captchaFields)),
  /** checks that code; the ticket goes with modifymobile */
  "/api/member/verifyoldmobile": endpoint<VerifyTicketResult>()(z.object({ key: codeKey, code: smsCode })),
  /** an SMS code to the new mobile (no other account may have it) */
  "/api/member/bindmobliecode": endpoint<MobileCodeResult>()(z.object({ mobile, ...captchaFields })),
  /** binds the new mobile: its code, and the ticket of verifyoldmobile when one was bound */
  "/api/member/modifymobile": endpoint<null>()(z.object({ mobile, key: codeKey, code: smsCode, ticket: verifyTicket.optional() })),

  // ---- pay password ----
  /** an SMS code to the bound mobile, for resetting a forgotten pay password */
  "/api/member/paypwdcode": endpoint<MobileCodeResult>()(z.object(captchaFields)),
  /** checks that code; the ticket goes with modifypaypassword */
  "/api/member/verifypaypwdcode": endpoint<VerifyTicketResult>()(z.object({ key: codeKey, code: smsCode })),
  /**
   * Sets the first pay password (no proof beyond the session), changes it (old_password), or resets
   * it (ticket of verifypaypwdcode).
   */
  "/api/member/modifypaypassword": endpoint<null>()(
    z.object({ password: payPassword, old_password: z.string().max(16).optional(), ticket: verifyTicket.optional() }),
  ),
};
