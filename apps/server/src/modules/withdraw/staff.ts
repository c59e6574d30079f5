import type { ExpressionBuilder } from "kysely";
import type { Page, StaffWithdrawRecord, WithdrawConfig, WithdrawType } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { paginate } from "../../core/paging.ts";
import { yuan } from "../../core/money.ts";
import { containsText } from "../store/text-match.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { loadWithdrawSettings, saveWithdrawSettings, toWithdrawConfig } from "./config.ts";
import { staffActionsFor, transitionWithdraw, type TransitionDetails, type WithdrawEvent, type WithdrawRow } from "./state-machine.ts";
import { toWithdrawRecord, WITHDRAW_NOT_FOUND, type WithdrawPageQuery } from "./views.ts";

/**
 * The staff side of withdrawals: every member's applications, the review (agree / refuse), the
 * transfer made by hand (transfer / fail), and the settings. Each action is one unit of work: the
 * state machine's transition (with the ledger row when money goes back) and its staff log line.
 */

type MemberColumns = { member_username: string | null; member_mobile: string | null; member_nickname: string | null };

function toStaffRecord(row: WithdrawRow & MemberColumns): StaffWithdrawRecord {
  return {
    ...toWithdrawRecord(row),
    member_id: Number(row.member_id),
    member_username: row.member_username || row.member_mobile || "",
    member_nickname: row.member_nickname ?? "",
    staff_actions: staffActionsFor(row.status),
  };
}

const withMember = (db: Db) =>
  db
    .selectFrom("member_withdraw")
    .leftJoin("member", "member.member_id", "member_withdraw.member_id")
    .selectAll("member_withdraw")
    .select(["member.username as member_username", "member.mobile as member_mobile", "member.nickname as member_nickname"]);

function searchCondition(search: string) {
  return (eb: ExpressionBuilder<DB, "member_withdraw" | "member">) => {
    const exact = [
      eb("member_withdraw.withdraw_no", "=", search),
      eb("member.username", "=", search),
      eb("member.mobile", "=", search),
      eb("member_withdraw.realname", "=", search),
    ];
    if (/^\d{1,9}$/.test(search)) exact.push(eb("member_withdraw.member_id", "=", Number(search)));
    return eb.or([...exact, containsText("member.nickname", search)]);
  };
}

export interface StaffWithdrawQuery extends WithdrawPageQuery {
  search: string;
  start_time: number;
  end_time: number;
}

/** Every member's withdrawals, newest first, by status, search and application time. */
export async function listStaffWithdrawals(db: Db, query: StaffWithdrawQuery): Promise<Page<StaffWithdrawRecord>> {
  let rows = withMember(db);
  if (typeof query.status === "number") rows = rows.where("member_withdraw.status", "=", query.status);
  if (query.search) rows = rows.where(searchCondition(query.search));
  if (query.start_time) rows = rows.where("member_withdraw.apply_time", ">=", query.start_time);
  if (query.end_time) rows = rows.where("member_withdraw.apply_time", "<=", query.end_time);
  const page = await paginate(db, rows.orderBy("member_withdraw.id", "desc"), query);
  return { ...page, list: page.list.map(toStaffRecord) };
}

export async function staffWithdrawDetail(db: Db, withdrawId: number): Promise<StaffWithdrawRecord> {
  const row = await withMember(db).where("member_withdraw.id", "=", withdrawId).executeTakeFirst();
  return row ? toStaffRecord(row) : fail(WITHDRAW_NOT_FOUND);
}

/** Runs one review or transfer event with its staff log line; answers the new status. */
export async function staffWithdrawAction(db: Db, caller: StaffCaller, withdrawId: number, event: WithdrawEvent, details: TransitionDetails = {}): Promise<{ status: number }> {
  return unitOfWork(db, async (tx) => {
    const row = await transitionWithdraw(tx, withdrawId, event, details);
    await logStaffAction(tx, caller, `withdraw.${event}`, { type: "member_withdraw", id: row.withdraw_no }, {
      member_id: row.member_id,
      apply_money: yuan(row.apply_money_cents),
      status: row.status,
      ...details,
    });
    return { status: row.status };
  });
}

export async function staffWithdrawConfig(db: Db): Promise<WithdrawConfig> {
  return toWithdrawConfig(await loadWithdrawSettings(db));
}

export interface WithdrawConfigChange {
  is_use?: number;
  min?: number;
  /** basis points */
  rate?: number;
  transfer_type?: WithdrawType[];
}

/** Changes the settings given; enabling withdrawals needs at least one transfer type. */
export async function setStaffWithdrawConfig(db: Db, caller: StaffCaller, change: WithdrawConfigChange): Promise<WithdrawConfig> {
  return unitOfWork(db, async (tx) => {
    const current = await loadWithdrawSettings(tx);
    const next = {
      is_use: change.is_use === undefined ? current.is_use : change.is_use === 1 ? (1 as const) : (0 as const),
      min_cents: change.min ?? current.min_cents,
      rate_basis_points: change.rate ?? current.rate_basis_points,
      transfer_types: change.transfer_type ?? current.transfer_types,
    };
    if (next.is_use === 1 && next.transfer_types.length === 0) fail("开启提现时请至少选择一种提现方式");
    await saveWithdrawSettings(tx, next);
    await logStaffAction(tx, caller, "withdraw.config", { type: "config", id: "withdraw_config" }, { ...toWithdrawConfig(next) });
    return toWithdrawConfig(next);
  });
}
