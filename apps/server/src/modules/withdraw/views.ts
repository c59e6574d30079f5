import { FROZEN_WITHDRAW_STATUSES, WITHDRAW_TYPES, WithdrawStatus, ratePercent, withdrawStatusName, type Page, type WithdrawInfo, type WithdrawRecord, type WithdrawStatusValue } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { isWithdrawType } from "./accounts.ts";
import { loadWithdrawSettings, toWithdrawConfig } from "./config.ts";
import type { WithdrawRow } from "./state-machine.ts";

/** Withdrawals as the member reads them: the list, one record, and the totals of /api/memberwithdraw/info. */

export const WITHDRAW_NOT_FOUND = "提现记录不存在";

export function toWithdrawRecord(row: WithdrawRow): WithdrawRecord {
  const type = isWithdrawType(row.transfer_type) ? row.transfer_type : "bank";
  return {
    id: Number(row.id),
    withdraw_no: row.withdraw_no,
    transfer_type: type,
    transfer_type_name: row.transfer_type_name || WITHDRAW_TYPES[type],
    realname: row.realname,
    mobile: row.mobile,
    bank_name: row.bank_name,
    account_number: row.account_number,
    apply_money: yuan(Number(row.apply_money_cents)),
    rate: ratePercent(Number(row.rate_basis_points)),
    service_money: yuan(Number(row.service_money_cents)),
    money: yuan(Number(row.money_cents)),
    status: row.status as WithdrawStatusValue,
    status_name: withdrawStatusName(row.status),
    apply_time: Number(row.apply_time),
    audit_time: Number(row.audit_time),
    payment_time: Number(row.payment_time),
    fail_time: Number(row.fail_time),
    refuse_reason: row.refuse_reason,
    fail_reason: row.fail_reason,
    certificate_remark: row.certificate_remark,
  };
}

export interface WithdrawPageQuery extends PageRequest {
  /** "all" (or "") or one status */
  status: number | "all" | "";
}

/** The member's withdrawals, newest first. */
export async function pageMemberWithdrawals(db: Db, memberId: number, query: WithdrawPageQuery): Promise<Page<WithdrawRecord>> {
  let rows = db.selectFrom("member_withdraw").selectAll().where("member_id", "=", memberId);
  if (typeof query.status === "number") rows = rows.where("status", "=", query.status);
  return mapPage(await paginate(db, rows.orderBy("id", "desc"), query), toWithdrawRecord);
}

/** One of the member's withdrawals; any other id is 提现记录不存在. */
export async function memberWithdrawDetail(db: Db, memberId: number, withdrawId: number): Promise<WithdrawRecord> {
  const row = await db.selectFrom("member_withdraw").selectAll().where("id", "=", withdrawId).where("member_id", "=", memberId).executeTakeFirst();
  return row ? toWithdrawRecord(row) : fail(WITHDRAW_NOT_FOUND);
}

/**
 * Amounts of the member's withdrawals in cents: frozen (待审核 + 待转账: out of the balance, not yet
 * paid) and withdrawn (已转账), both as applied for (fee included), so that balance + frozen +
 * withdrawn accounts for every cent the member has applied with. Also for the account page.
 */
export async function withdrawTotals(db: Db, memberId: number): Promise<{ frozenCents: number; withdrawnCents: number }> {
  const rows = await db
    .selectFrom("member_withdraw")
    .select((eb) => ["status", eb.fn.sum<number>("apply_money_cents").as("total")])
    .where("member_id", "=", memberId)
    .where("status", "in", [...FROZEN_WITHDRAW_STATUSES, WithdrawStatus.TRANSFERRED])
    .groupBy("status")
    .execute();
  const sum = (statuses: readonly number[]) => rows.filter((row) => statuses.includes(row.status)).reduce((total, row) => total + Number(row.total), 0);
  return { frozenCents: sum(FROZEN_WITHDRAW_STATUSES), withdrawnCents: sum([WithdrawStatus.TRANSFERRED]) };
}

export async function memberWithdrawInfo(db: Db, memberId: number): Promise<WithdrawInfo> {
  const [settings, member, totals] = await Promise.all([
    loadWithdrawSettings(db),
    db.selectFrom("member").select(["balance_cents", "pay_password"]).where("member_id", "=", memberId).executeTakeFirstOrThrow(),
    withdrawTotals(db, memberId),
  ]);
  const balance = Number(member.balance_cents);
  return {
    balance: yuan(balance),
    withdrawable: yuan(settings.is_use === 1 && settings.transfer_types.length > 0 ? balance : 0),
    frozen: yuan(totals.frozenCents),
    withdrawn: yuan(totals.withdrawnCents),
    is_pay_password: member.pay_password ? 1 : 0,
    config: toWithdrawConfig(settings),
  };
}
