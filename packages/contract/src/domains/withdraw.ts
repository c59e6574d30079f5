import { z } from "zod";
import { endpoint, id, noBody, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { parseYuan, type Cents } from "../money.ts";
import { yuanInput } from "../money-input.ts";
import { MOBILE_RULE } from "./auth.ts";

/**
 * Withdrawal accounts and withdrawals (reference "Bank accounts" and "Withdraw"; docs/api/withdraw.md).
 * A member keeps bank cards and Alipay accounts (one default) and applies to withdraw part of the
 * balance to one of them. Applying takes the amount out of the balance at once (a ledger row,
 * 冻结); staff review it (0 待审核 → 1 待转账, or -1 已拒绝 giving it back), then pay it out by hand
 * and mark it 2 已转账, or -2 转账失败 giving it back. The shop's settings: enabled, minimum,
 * fee rate, the transfer types offered.
 */

// ---- kinds, statuses and the fee ------------------------------------------------------------

/** Where money can be sent (withdraw_type of an account, transfer_type of a withdrawal). */
export const WITHDRAW_TYPES = { bank: "银行卡", alipay: "支付宝" } as const;
export type WithdrawType = keyof typeof WITHDRAW_TYPES;
export const WITHDRAW_TYPE_KEYS = Object.keys(WITHDRAW_TYPES) as [WithdrawType, ...WithdrawType[]];

/** A withdrawal's status (reference values). */
export const WithdrawStatus = { PENDING: 0, AWAITING_TRANSFER: 1, TRANSFERRED: 2, REFUSED: -1, FAILED: -2 } as const;
export type WithdrawStatusValue = (typeof WithdrawStatus)[keyof typeof WithdrawStatus];

export const WITHDRAW_STATUS_NAMES: Record<WithdrawStatusValue, string> = {
  0: "待审核",
  1: "待转账",
  2: "已转账",
  [-1]: "已拒绝",
  [-2]: "转账失败",
};

/** Statuses whose amount is still out of the balance and not yet paid (冻结中). */
export const FROZEN_WITHDRAW_STATUSES: readonly WithdrawStatusValue[] = [WithdrawStatus.PENDING, WithdrawStatus.AWAITING_TRANSFER];

export const withdrawStatusName = (status: number): string => WITHDRAW_STATUS_NAMES[status as WithdrawStatusValue] ?? "未知状态";

/** What staff can do to a withdrawal. */
export type WithdrawStaffAction = "agree" | "refuse" | "transfer" | "fail";

/** The most withdrawal accounts one member may keep. */
export const MAX_BANK_ACCOUNTS = 10;

/** The highest fee rate a shop may set, in percent. */
export const MAX_WITHDRAW_RATE_PERCENT = 50;

/**
 * The fee on an amount: amount × rate, rate in basis points (hundredths of a percent: 0.6 % = 60),
 * rounded half up to a cent. Integer arithmetic, so the page's preview and the server agree.
 */
export function withdrawFeeCents(applyCents: number, rateBasisPoints: number): number {
  return Math.floor((applyCents * rateBasisPoints + 5000) / 10000);
}

/** A rate in percent as the wire carries it (0.6) from basis points (60). */
export const ratePercent = (basisPoints: number): number => basisPoints / 100;

/** Basis points of a wire rate (0.6 → 60); the wire's rate has at most two decimals. */
export const rateBasisPoints = (percent: number): number => Math.round(percent * 100);

// ---- shapes ---------------------------------------------------------------------------------

/** The shop's withdrawal settings (/api/memberwithdraw/config). */
export interface WithdrawConfig {
  /** 1 when members may apply */
  is_use: 0 | 1;
  /** the smallest amount per application, "10.00" */
  min: string;
  /** fee rate in percent (0.6 = 0.6 %); the fee is rounded half up to a cent */
  rate: number;
  /** the transfer types offered, comma-separated ("bank,alipay") */
  transfer_type: string;
  /** the same, with names, in the shop's order */
  transfer_type_list: Array<{ type: WithdrawType; name: string }>;
}

/** The member's money as a withdrawal sees it (/api/memberwithdraw/info). */
export interface WithdrawInfo {
  /** the balance now (what is frozen has already left it) */
  balance: string;
  /** what may be applied for now: the balance while withdrawals are enabled, else "0.00" */
  withdrawable: string;
  /** applications not yet paid or refused (待审核 + 待转账) */
  frozen: string;
  /** paid out so far (已转账) */
  withdrawn: string;
  /** 1 when the member has set a pay password, which apply must then carry */
  is_pay_password: 0 | 1;
  config: WithdrawConfig;
}

/** A member's withdrawal account: a bank card or an Alipay account. */
export interface BankAccount {
  id: number;
  /** the holder's real name (开户名 / 支付宝实名) */
  realname: string;
  mobile: string;
  withdraw_type: WithdrawType;
  /** 银行卡 / 支付宝 */
  withdraw_type_name: string;
  /** the bank and branch ("招商银行 深圳科技园支行"); "" for Alipay */
  branch_bank_name: string;
  /** the card number (digits) or the Alipay account (mobile or e-mail) */
  bank_account: string;
  is_default: 0 | 1;
  create_time: number;
}

/** A withdrawal, with the account it goes to as it was when applied. */
export interface WithdrawRecord {
  id: number;
  /** "TX" + 18 digits */
  withdraw_no: string;
  transfer_type: WithdrawType;
  transfer_type_name: string;
  realname: string;
  mobile: string;
  /** the bank (bank cards), "" for Alipay */
  bank_name: string;
  account_number: string;
  /** asked for: what left the balance */
  apply_money: string;
  /** fee rate in percent at the time of applying */
  rate: number;
  /** the fee */
  service_money: string;
  /** what arrives: apply_money − service_money */
  money: string;
  status: WithdrawStatusValue;
  status_name: string;
  apply_time: number;
  /** agreed or refused (0 = not yet) */
  audit_time: number;
  /** marked transferred (0 = not yet) */
  payment_time: number;
  /** marked failed (0 = not) */
  fail_time: number;
  refuse_reason: string;
  fail_reason: string;
  /** the shop's note on the transfer (bank serial number…) */
  certificate_remark: string;
}

/** A withdrawal as staff see it. */
export interface StaffWithdrawRecord extends WithdrawRecord {
  member_id: number;
  /** username, else mobile */
  member_username: string;
  member_nickname: string;
  staff_actions: WithdrawStaffAction[];
}

// ---- field rules shared by the server and the forms -------------------------------------------

/** No control characters or angle brackets in bank names. */
// eslint-disable-next-line no-control-regex
const PLAIN = /^[^\u0000-\u001f\u007f<>]*$/;

/** 开户名 / 真实姓名: 2–20 characters (Chinese names, or Latin names with spaces and dots). */
export const accountRealname = z
  .string({ error: "请输入真实姓名" })
  .trim()
  .min(1, "请输入真实姓名")
  .min(2, "请输入真实姓名（2–20 个字）")
  .max(20, "真实姓名不能超过 20 个字")
  .regex(/^[\u4e00-\u9fa5A-Za-z·•. ]+$/, "真实姓名只能包含中文、字母、空格和“·”");

export const accountMobile = z.string({ error: "请输入手机号" }).trim().regex(MOBILE_RULE, "请输入正确的手机号");

/** 开户银行 (bank cards): the bank and branch. */
export const branchBankName = z
  .string({ error: "请输入开户银行" })
  .trim()
  .min(2, "请输入开户银行")
  .max(50, "开户银行不能超过 50 个字")
  .regex(PLAIN, "开户银行不能包含特殊字符");

/** A bank card number as typed: spaces are dropped; 12–19 digits. */
export const bankCardNumber = z
  .string({ error: "请输入银行卡号" })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{12,19}$/, "请输入正确的银行卡号（12–19 位数字）"));

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/** An Alipay account: the mobile or e-mail it was opened with. */
export const alipayAccount = z
  .string({ error: "请输入支付宝账号" })
  .trim()
  .max(50, "支付宝账号不能超过 50 个字符")
  .refine((value) => MOBILE_RULE.test(value) || EMAIL.test(value), "请输入正确的支付宝账号（手机号或邮箱）");

/** The account number rule of a type. */
export const accountNumberRule = (type: WithdrawType) => (type === "bank" ? bankCardNumber : alipayAccount);

/**
 * Listed Alipay first only so that the contract's test sampler (core/access-testing.ts), which
 * takes an enum's first value, builds a valid account from its sample mobile number.
 */
const withdrawType = z.enum(["alipay", "bank"], { error: "请选择账户类型" });
const defaultFlag = z.coerce.number().int().min(0).max(1).optional().default(0);

/**
 * Checks the account part of a body once its fields have their basic types: the number by its
 * type, the bank for cards (ignored for Alipay). Adds issues at the named fields; the values
 * answered are normalized (card numbers without spaces, no bank for Alipay).
 */
function checkAccount(
  ctx: z.RefinementCtx,
  values: { type: WithdrawType; number: string; bank: string },
  fields: { number: string; bank: string },
): { number: string; bank: string } {
  const number = accountNumberRule(values.type).safeParse(values.number);
  if (!number.success) ctx.addIssue({ code: "custom", path: [fields.number], message: number.error.issues[0]!.message });
  let bank = "";
  if (values.type === "bank") {
    const parsed = branchBankName.safeParse(values.bank);
    if (parsed.success) bank = parsed.data;
    else ctx.addIssue({ code: "custom", path: [fields.bank], message: parsed.error.issues[0]!.message });
  }
  return { number: number.success ? number.data : values.number, bank };
}

const bankAccountShape = {
  realname: accountRealname,
  mobile: accountMobile,
  withdraw_type: withdrawType,
  /** required for bank cards, ignored for Alipay */
  branch_bank_name: z.string().trim().max(50, "开户银行不能超过 50 个字").optional().default(""),
  /** the card number (spaces dropped) or the Alipay account (at least a mobile number's length) */
  bank_account: z.string({ error: "请输入账号" }).trim().min(5, "请输入正确的账号").max(50, "账号不能超过 50 个字符"),
  /** 1: make it the default (a member's first account is the default anyway) */
  is_default: defaultFlag,
};

/** The type-specific rules of an account body, and its normalized number and bank. */
function normalizeAccount<T extends { withdraw_type: WithdrawType; bank_account: string; branch_bank_name: string }>(body: T, ctx: z.RefinementCtx): T {
  const checked = checkAccount(ctx, { type: body.withdraw_type, number: body.bank_account, bank: body.branch_bank_name }, { number: "bank_account", bank: "branch_bank_name" });
  return { ...body, bank_account: checked.number, branch_bank_name: checked.bank };
}

/** What add takes (edit: the same with the id). */
export const bankAccountFields = z.object(bankAccountShape).transform(normalizeAccount);

export type BankAccountFields = z.output<typeof bankAccountFields>;
export type BankAccountInput = z.input<typeof bankAccountFields>;

/**
 * An application: an amount and where it goes — `account_id` (one of the member's saved accounts,
 * as the storefront sends), or the account's fields as the reference's clients send them
 * (transfer_type, realname, mobile, bank_name, account_number). With account_id the fields are
 * ignored. `pay_password` is required when the member has set one. A card number may carry spaces
 * (the service drops them).
 */
export const withdrawApplyBody = z
  .object({
    // Missing: named like every call's missing field (the page says 请输入提现金额 before sending).
    apply_money: z
      .unknown()
      .refine((value) => value !== undefined && value !== null && value !== "", "参数 apply_money 不能为空")
      .pipe(yuanInput({ min: 1 as Cents })),
    account_id: id.optional(),
    transfer_type: z.union([z.literal(""), withdrawType]).optional().default(""),
    realname: z.string().trim().max(20, "真实姓名不能超过 20 个字").optional().default(""),
    mobile: z.string().trim().max(20, "请输入正确的手机号").optional().default(""),
    bank_name: z.string().trim().max(50, "开户银行不能超过 50 个字").optional().default(""),
    account_number: z.string().trim().max(50, "账号不能超过 50 个字符").optional().default(""),
    pay_password: z.string().max(64).optional().default(""),
  })
  // A refinement, not a transform: the body keeps its shape (the service normalizes the number).
  .superRefine((body, ctx) => {
    if (body.account_id !== undefined) return;
    if (body.transfer_type === "") {
      ctx.addIssue({ code: "custom", path: ["transfer_type"], message: "请选择提现方式" });
      return;
    }
    const realname = accountRealname.safeParse(body.realname);
    if (!realname.success) ctx.addIssue({ code: "custom", path: ["realname"], message: realname.error.issues[0]!.message });
    const mobile = accountMobile.safeParse(body.mobile);
    if (!mobile.success) ctx.addIssue({ code: "custom", path: ["mobile"], message: mobile.error.issues[0]!.message });
    checkAccount(ctx, { type: body.transfer_type, number: body.account_number, bank: body.bank_name }, { number: "account_number", bank: "bank_name" });
  });

export type WithdrawApplyInput = z.input<typeof withdrawApplyBody>;
export type WithdrawApplyBody = z.output<typeof withdrawApplyBody>;

/** A status filter: "all", or one status. */
const statusFilter = z
  .union([z.literal("all"), z.literal(""), z.coerce.number().int().min(-2, "提现状态无效").max(2, "提现状态无效")])
  .optional()
  .default("all");

const unixTime = z.coerce.number().int().min(0).max(4_102_444_800);

/** A rate in percent as typed by staff: 0–50 with at most two decimals, as basis points. */
const rateInput = z.union([z.string(), z.number()]).transform((value, ctx): number => {
  const basisPoints = parseYuan(typeof value === "string" ? value.trim() : value);
  if (basisPoints === null || basisPoints < 0 || basisPoints > MAX_WITHDRAW_RATE_PERCENT * 100) {
    ctx.addIssue({ code: "invalid_format", format: "percent", input: String(value) });
    return z.NEVER;
  }
  return basisPoints;
});

/** Transfer types as a list or the comma-separated form. */
const transferTypesInput = z
  .union([z.array(z.string().max(20)).max(5), z.string().max(100)])
  .transform((value, ctx): WithdrawType[] => {
    const list = (Array.isArray(value) ? value : value.split(",")).map((item) => item.trim()).filter(Boolean);
    const unknown = list.find((item) => !(item in WITHDRAW_TYPES));
    if (unknown !== undefined) {
      ctx.addIssue({ code: "invalid_value", values: WITHDRAW_TYPE_KEYS, input: unknown });
      return z.NEVER;
    }
    return [...new Set(list)] as WithdrawType[];
  });

const reason = (what: string) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(1, `请填写${what}`)
    .max(100, `${what}不能超过 100 个字`);

export const withdrawEndpoints = {
  // ---- the member's accounts ----
  /** the member's accounts, the default first, then the newest */
  "/api/memberbankaccount/page": endpoint<Page<BankAccount>>()(z.object(paging)),
  /** one of the member's accounts (-1 提现账户不存在 for any other id) */
  "/api/memberbankaccount/info": endpoint<BankAccount>()(z.object({ id })),
  /** the default account, null when the member has none */
  "/api/memberbankaccount/defaultinfo": endpoint<BankAccount | null>()(noBody),
  /** adds an account; answers its id */
  "/api/memberbankaccount/add": endpoint<number>()(bankAccountFields),
  /** replaces an account's fields; answers its id */
  "/api/memberbankaccount/edit": endpoint<number>()(z.object({ id, ...bankAccountShape }).transform(normalizeAccount)),
  /** makes an account the default; answers its id */
  "/api/memberbankaccount/setdefault": endpoint<number>()(z.object({ id })),
  /** deletes an account (the newest remaining becomes the default); answers its id */
  "/api/memberbankaccount/delete": endpoint<number>()(z.object({ id })),

  // ---- the member's withdrawals ----
  "/api/memberwithdraw/info": endpoint<WithdrawInfo>()(noBody),
  "/api/memberwithdraw/config": endpoint<WithdrawConfig>()(noBody),
  /** the transfer types offered: {bank: "银行卡", alipay: "支付宝"} */
  "/api/memberwithdraw/transferType": endpoint<Partial<Record<WithdrawType, string>>>()(noBody),
  /** applies; the amount leaves the balance at once (frozen until paid or given back) */
  "/api/memberwithdraw/apply": endpoint<{ id: number; withdraw_no: string; status: number }>()(withdrawApplyBody),
  /** the member's withdrawals, newest first */
  "/api/memberwithdraw/page": endpoint<Page<WithdrawRecord>>()(z.object({ ...paging, status: statusFilter })),
  "/api/memberwithdraw/detail": endpoint<WithdrawRecord>()(z.object({ id })),

  // ---- staff (see docs/api/withdraw.md for the permission) ----
  "/shopapi/memberwithdraw/lists": endpoint<Page<StaffWithdrawRecord>>()(
    z.object({
      ...paging,
      status: statusFilter,
      /** withdraw_no, member id, username, nickname, mobile or the holder's name */
      search: text(50).default(""),
      /** apply_time range (0 = open) */
      start_time: unixTime.default(0),
      end_time: unixTime.default(0),
    }),
  ),
  "/shopapi/memberwithdraw/detail": endpoint<StaffWithdrawRecord>()(z.object({ id })),
  /** 待审核 → 待转账 */
  "/shopapi/memberwithdraw/agree": endpoint<{ status: number }>()(z.object({ id })),
  /** 待审核 → 已拒绝; the amount goes back to the balance */
  "/shopapi/memberwithdraw/refuse": endpoint<{ status: number }>()(z.object({ id, refuse_reason: reason("拒绝原因") })),
  /** 待转账 → 已转账 (paid out by the shop) */
  "/shopapi/memberwithdraw/transfer": endpoint<{ status: number }>()(
    z.object({ id, certificate_remark: text(200).optional().default("") }),
  ),
  /** 待转账 → 转账失败; the amount goes back to the balance */
  "/shopapi/memberwithdraw/fail": endpoint<{ status: number }>()(z.object({ id, fail_reason: reason("失败原因") })),
  "/shopapi/memberwithdraw/config": endpoint<WithdrawConfig>()(noBody),
  /** changes the settings given (the others stay as they are); answers them all */
  "/shopapi/memberwithdraw/setconfig": endpoint<WithdrawConfig>()(
    z.object({
      is_use: z.coerce.number().int().min(0).max(1).optional(),
      min: yuanInput({ min: 1 as Cents }).optional(),
      /** percent, 0–50, at most two decimals */
      rate: rateInput.optional(),
      /** ["bank", "alipay"] or "bank,alipay" */
      transfer_type: transferTypesInput.optional(),
    }),
  ),
};
