import type { Generated } from "kysely";

/** Tables of migration 0026: withdrawal accounts and withdrawals (modules/withdraw). */
export interface WithdrawTables {
  member_bank_account: MemberBankAccountTable;
  member_withdraw: MemberWithdrawTable;
}

/** A member's bank card or Alipay account (one default per member). */
export interface MemberBankAccountTable {
  id: Generated<number>;
  member_id: number;
  realname: string;
  mobile: string;
  /** bank | alipay */
  withdraw_type: string;
  /** bank and branch for cards, "" for Alipay */
  branch_bank_name: string;
  /** card number (digits) or Alipay account */
  bank_account: string;
  is_default: number;
  create_time: number;
  update_time: number;
}

/** One application to withdraw, with its account as it was then. */
export interface MemberWithdrawTable {
  id: Generated<number>;
  withdraw_no: string;
  member_id: number;
  transfer_type: string;
  transfer_type_name: string;
  realname: string;
  mobile: string;
  bank_name: string;
  account_number: string;
  /** what left the balance */
  apply_money_cents: number;
  /** the fee rate then, in hundredths of a percent */
  rate_basis_points: number;
  service_money_cents: number;
  /** what is paid out: apply − fee */
  money_cents: number;
  /** 0 待审核, 1 待转账, 2 已转账, -1 已拒绝, -2 转账失败 */
  status: number;
  apply_time: number;
  audit_time: number;
  payment_time: number;
  fail_time: number;
  refuse_reason: string;
  fail_reason: string;
  certificate_remark: string;
  update_time: number;
}
