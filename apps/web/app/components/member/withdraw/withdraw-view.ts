import { WithdrawStatus, parseYuan, withdrawFeeCents, rateBasisPoints, type BankAccount, type WithdrawConfig, type WithdrawStatusValue } from "@shop/contract";
import { formatTime } from "../../../lib/format.ts";

/** What the withdrawal pages work out from the API's answers (pure, tested without a browser). */

export const ACCOUNT_LIST_PATH = "/member/account_list";
export const ACCOUNT_EDIT_PATH = "/member/account_edit";
export const APPLY_WITHDRAWAL_PATH = "/member/apply_withdrawal";
export const WITHDRAWAL_PATH = "/member/withdrawal";
export const withdrawalDetailPath = (id: number) => `/member/withdrawal_detail?id=${id}`;
/** The account form, for a new account or one to edit, returning to `back` (an app path) when given. */
export function accountEditPath(id?: number, back?: string): string {
  const params = new URLSearchParams();
  if (id !== undefined) params.set("id", String(id));
  if (back) params.set("back", back);
  const query = params.toString();
  return query ? `${ACCOUNT_EDIT_PATH}?${query}` : ACCOUNT_EDIT_PATH;
}

export const WITHDRAW_PAGE_SIZE = 10;

/** The tabs of /member/withdrawal: all, then by status. */
export const WITHDRAW_TABS: Array<{ key: "all" | WithdrawStatusValue; label: string }> = [
  { key: "all", label: "全部" },
  { key: WithdrawStatus.PENDING, label: "待审核" },
  { key: WithdrawStatus.AWAITING_TRANSFER, label: "待转账" },
  { key: WithdrawStatus.TRANSFERRED, label: "已转账" },
  { key: WithdrawStatus.REFUSED, label: "已拒绝" },
  { key: WithdrawStatus.FAILED, label: "转账失败" },
];

export interface WithdrawalQuery {
  status: "all" | WithdrawStatusValue;
  page: number;
}

/** ?status=&page= of /member/withdrawal; anything unknown is the first page of 全部. */
export function parseWithdrawalQuery(url: URL): WithdrawalQuery {
  const rawStatus = url.searchParams.get("status");
  const tab = WITHDRAW_TABS.find((item) => item.key !== "all" && String(item.key) === rawStatus);
  const page = Number(url.searchParams.get("page") ?? "1");
  return { status: tab ? tab.key : "all", page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1 };
}

export const withdrawalTabHref = (status: WithdrawalQuery["status"]) => (status === "all" ? WITHDRAWAL_PATH : `${WITHDRAWAL_PATH}?status=${status}`);

/** The tag colour of a status: waiting orange, paid green, given back grey / red. */
export function statusTone(status: number): "processing" | "warning" | "success" | "default" | "error" {
  switch (status) {
    case WithdrawStatus.PENDING:
      return "warning";
    case WithdrawStatus.AWAITING_TRANSFER:
      return "processing";
    case WithdrawStatus.TRANSFERRED:
      return "success";
    case WithdrawStatus.FAILED:
      return "error";
    default:
      return "default";
  }
}

/** A card or account number with its middle hidden: 6225 **** **** 7890, lin***@163.com, 138****8000. */
export function maskAccountNumber(number: string): string {
  if (/^\d{12,19}$/.test(number)) return `${number.slice(0, 4)} **** **** ${number.slice(-4)}`;
  if (/^\d{11}$/.test(number)) return `${number.slice(0, 3)}****${number.slice(7)}`;
  const at = number.indexOf("@");
  if (at > 0) return `${number.slice(0, Math.min(3, at))}***${number.slice(at)}`;
  return number.length > 6 ? `${number.slice(0, 3)}***${number.slice(-3)}` : number;
}

/** "招商银行 上海张江支行 尾号7890" / "支付宝 lin***@163.com": one line naming an account. */
export function accountSummary(account: Pick<BankAccount, "withdraw_type" | "branch_bank_name" | "bank_account">): string {
  if (account.withdraw_type === "bank") return `${account.branch_bank_name} 尾号${account.bank_account.slice(-4)}`;
  return `支付宝 ${maskAccountNumber(account.bank_account)}`;
}

/** A card number typed into the form, shown in groups of four as the member types it. */
export const groupCardNumber = (value: string) => value.replace(/\D/g, "").slice(0, 19).replace(/(\d{4})(?=\d)/g, "$1 ");

export interface FeePreview {
  applyCents: number;
  feeCents: number;
  arriveCents: number;
}

/** What an amount typed in the form would cost and bring (null while it is not an amount yet). */
export function previewFee(typed: string, config: Pick<WithdrawConfig, "rate">): FeePreview | null {
  const applyCents = parseYuan(typed.trim());
  if (applyCents === null || applyCents <= 0) return null;
  const feeCents = withdrawFeeCents(applyCents, rateBasisPoints(config.rate));
  return { applyCents, feeCents, arriveCents: applyCents - feeCents };
}

/**
 * Why an amount cannot be applied for (null when it can): its form, the minimum, the balance.
 * The server checks the same, and the balance again under concurrency.
 */
export function amountProblem(typed: string, limits: { minCents: number; withdrawableCents: number }): string | null {
  const value = typed.trim();
  if (value === "") return "请输入提现金额";
  const cents = parseYuan(value);
  if (cents === null || cents <= 0) return "请输入正确的金额（最多两位小数）";
  if (cents < limits.minCents) return `单笔提现金额不能低于 ¥${(limits.minCents / 100).toFixed(2)}`;
  if (cents > limits.withdrawableCents) return "提现金额不能超过可提现余额";
  return null;
}

/** The progress of a withdrawal as steps: 提交申请 → 审核 → 转账 → 到账, or the step where it stopped (failed: shown as an error). */
export function withdrawSteps(record: { status: number; apply_time: number; audit_time: number; payment_time: number; fail_time: number }): {
  current: number;
  failed: boolean;
  items: Array<{ title: string; description: string }>;
} {
  const time = (seconds: number) => formatTime(seconds, "YYYY-MM-DD HH:mm");
  const applied = { title: "提交申请", description: time(record.apply_time) };
  switch (record.status) {
    case WithdrawStatus.REFUSED:
      return { current: 1, failed: true, items: [applied, { title: "审核未通过", description: `${time(record.audit_time)} 金额已退回余额` }] };
    case WithdrawStatus.FAILED:
      return {
        current: 2,
        failed: true,
        items: [applied, { title: "审核通过", description: time(record.audit_time) }, { title: "转账失败", description: `${time(record.fail_time)} 金额已退回余额` }],
      };
    default: {
      const current = record.status === WithdrawStatus.TRANSFERRED ? 3 : record.status === WithdrawStatus.AWAITING_TRANSFER ? 2 : 1;
      return {
        current,
        failed: false,
        items: [
          applied,
          { title: current > 1 ? "审核通过" : "等待审核", description: time(record.audit_time) },
          { title: current > 2 ? "已转账" : "等待转账", description: time(record.payment_time) },
          { title: "到账", description: current > 2 ? "以银行或支付宝到账时间为准" : "" },
        ],
      };
    }
  }
}
