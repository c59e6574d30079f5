import { z } from "zod";
import { endpoint, paging } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { isCalendarDate } from "./member.ts";

/**
 * Balance and points ledgers as members read them (reference: api/controller/Memberaccount.php;
 * docs/api/account.md). Every change of a member's balance or points is one append-only row written
 * by the server's ledger (ADR 0005); these calls only read the member's own rows.
 *
 * On the wire a balance amount is yuan with two decimals ("-12.34"), a points amount whole points
 * ("-50"), both as signed strings.
 */

export const LEDGER_ACCOUNT_TYPES = ["balance", "point"] as const;
export type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];
export const LEDGER_ACCOUNT_TYPE_NAMES: Record<LedgerAccountType, string> = { balance: "余额", point: "积分" };

/**
 * A kind of ledger row as members filter by it: the from_types it covers, exact ("order_close") or
 * by prefix ("signin*"). A row belongs to the first category of its account type that matches, else
 * to "other". Modules that write new from_types pick names these patterns already cover.
 */
export interface LedgerCategory {
  key: string;
  name: string;
  from_types: readonly string[];
}

export const OTHER_LEDGER_CATEGORY = { key: "other", name: "其他" } as const;

export const LEDGER_CATEGORIES: Record<LedgerAccountType, readonly LedgerCategory[]> = {
  point: [
    { key: "deduct", name: "订单抵扣", from_types: ["order_use_point"] },
    { key: "refund", name: "订单退还", from_types: ["order_close", "order_refund_point"] },
    { key: "signin", name: "签到奖励", from_types: ["signin*"] },
    { key: "recharge", name: "充值赠送", from_types: ["recharge*"] },
    { key: "level", name: "会员等级", from_types: ["level*", "member_level*"] },
  ],
  balance: [
    { key: "pay", name: "消费支付", from_types: ["order_use_balance", "pay_balance"] },
    { key: "refund", name: "退款退回", from_types: ["order_close", "order_refund", "pay_refund"] },
    { key: "recharge", name: "充值", from_types: ["recharge*"] },
    { key: "withdraw", name: "提现", from_types: ["withdraw*"] },
    { key: "level", name: "会员等级", from_types: ["level*", "member_level*"] },
  ],
};

/** The category keys members can filter by, "other" included. */
export const ledgerCategoryKeys = (accountType: LedgerAccountType): string[] => [
  ...LEDGER_CATEGORIES[accountType].map((category) => category.key),
  OTHER_LEDGER_CATEGORY.key,
];

/** Income (amount > 0) or expense (amount < 0). */
export const LEDGER_DIRECTIONS = { income: "收入", expense: "支出" } as const;
export type LedgerDirection = keyof typeof LEDGER_DIRECTIONS;

/** One ledger row (reference fields, plus the running total after it and its category). */
export interface AccountRecord {
  id: number;
  account_type: LedgerAccountType;
  /** signed change: "-12.34" (balance, yuan) or "-50" (points) */
  account_data: string;
  /** the member's total of this account after this row, in ledger order (same unit) */
  account_after: string;
  /** the business that caused it: order_use_point, order_close, signin, recharge, … */
  from_type: string;
  /** its Chinese name as written: 订单抵扣, 订单关闭退回, … */
  type_name: string;
  /** key of its category in LEDGER_CATEGORIES ("other" when none fits) */
  category: string;
  remark: string;
  create_time: number;
}

/** /api/memberaccount/info: the member's totals now, and the asked account's income and expense. */
export interface MemberAccountInfo {
  account_type: LedgerAccountType;
  /** points now */
  point: number;
  /** balance now, "500.00" */
  balance: string;
  /** sum of the asked account's credits, positive ("2000" points or "612.00" yuan) */
  total_income: string;
  /** sum of its debits, positive */
  total_expense: string;
  /** its rows in the ledger */
  record_count: number;
}

/** A shop day "YYYY-MM-DD" (Asia/Shanghai). */
const shopDate = z.string().trim().refine(isCalendarDate, "日期格式不正确，应为 YYYY-MM-DD");

const accountType = z.enum(LEDGER_ACCOUNT_TYPES, { error: "参数 account_type 只能是 balance 或 point" });

/** "order_close" or "order_close,order_refund": exact from_types, at most 20. */
const fromTypeList = z
  .string()
  .trim()
  .max(400)
  .regex(/^[a-z0-9_]+(,[a-z0-9_]+)*$/, "参数 from_type 格式不正确")
  .transform((value) => [...new Set(value.split(","))])
  .refine((list) => list.length <= 20, "参数 from_type 最多 20 项");

export const ledgerPageBody = z
  .object({
    ...paging,
    account_type: accountType,
    /** a category key of LEDGER_CATEGORIES[account_type], or "other" */
    category: z.string().trim().max(20).optional(),
    from_type: fromTypeList.optional(),
    direction: z.enum(["income", "expense"], { error: "参数 direction 只能是 income 或 expense" }).optional(),
    /** shop days, both included */
    start_date: shopDate.optional(),
    end_date: shopDate.optional(),
  })
  .refine((body) => !body.category || ledgerCategoryKeys(body.account_type).includes(body.category), {
    message: "参数 category 的取值无效",
    path: ["category"],
  })
  .refine((body) => !body.start_date || !body.end_date || body.start_date <= body.end_date, {
    message: "开始日期不能晚于结束日期",
    path: ["start_date"],
  });

export type LedgerPageQuery = z.output<typeof ledgerPageBody>;

export const accountEndpoints = {
  /** The member's points and balance now, and the income / expense totals of `account_type`. */
  "/api/memberaccount/info": endpoint<MemberAccountInfo>()(z.object({ account_type: accountType })),
  /**
   * The member's ledger rows of one account, newest first. Filters (all optional, combined): category,
   * from_type (exact names, comma-separated), direction, start_date / end_date (shop days, included).
   */
  "/api/memberaccount/page": endpoint<Page<AccountRecord>>()(ledgerPageBody),
};
