import type { Selectable } from "kysely";
import { recordEvent } from "../../core/events.ts";
import { WithdrawStatus, withdrawStatusName, type WithdrawStaffAction, type WithdrawStatusValue } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { inUnitOfWork } from "../../db/unit-of-work.ts";
import type { MemberWithdrawTable } from "../../db/schema-withdraw.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { yuan } from "../../core/money.ts";
import { changeAccount } from "../account/ledger.ts";

/**
 * The one place a withdrawal's status changes (ADR 0018):
 *
 *   0 待审核 ──agree──▶ 1 待转账 ──transfer──▶ 2 已转账
 *      │                   │
 *    refuse               fail
 *      ▼                   ▼
 *   -1 已拒绝           -2 转账失败        (both give the amount back to the balance)
 *
 * Each event is a conditional UPDATE … WHERE status = :from whose affected rows are checked (a
 * concurrent reviewer who got there first makes this one fail and roll back), and a refusal or a
 * failed transfer gives the money back through the ledger under one key for both,
 * withdraw_return + the withdrawal's id, so it can happen once per withdrawal whatever races.
 * Runs in the caller's unit of work, which also writes the staff log line.
 */
export type WithdrawRow = Selectable<MemberWithdrawTable>;
export type WithdrawEvent = WithdrawStaffAction;

/** Ledger business types: the amount leaving the balance on apply, and coming back. */
export const WITHDRAW_LEDGER = { apply: "withdraw_apply", giveBack: "withdraw_return" } as const;

interface Transition {
  from: WithdrawStatusValue;
  to: WithdrawStatusValue;
  /** the time column the event sets */
  timeColumn: "audit_time" | "payment_time" | "fail_time";
  /** the ledger's name for the money coming back, when the event gives it back */
  giveBack?: string;
  /** "不能…" in the refusal */
  verb: string;
}

const TRANSITIONS: Record<WithdrawEvent, Transition> = {
  agree: { from: WithdrawStatus.PENDING, to: WithdrawStatus.AWAITING_TRANSFER, timeColumn: "audit_time", verb: "审核通过" },
  refuse: { from: WithdrawStatus.PENDING, to: WithdrawStatus.REFUSED, timeColumn: "audit_time", giveBack: "提现被拒退回", verb: "拒绝" },
  transfer: { from: WithdrawStatus.AWAITING_TRANSFER, to: WithdrawStatus.TRANSFERRED, timeColumn: "payment_time", verb: "标记为已转账" },
  fail: { from: WithdrawStatus.AWAITING_TRANSFER, to: WithdrawStatus.FAILED, timeColumn: "fail_time", giveBack: "提现失败退回", verb: "标记为转账失败" },
};

const EVENTS = Object.keys(TRANSITIONS) as WithdrawEvent[];

/** What staff may do to a withdrawal in this status. */
export function staffActionsFor(status: number): WithdrawStaffAction[] {
  return EVENTS.filter((event) => TRANSITIONS[event].from === status);
}

/** The text columns an event may set besides its status and time. */
export interface TransitionDetails {
  refuse_reason?: string;
  fail_reason?: string;
  certificate_remark?: string;
}

/**
 * Moves the withdrawal by `event`, or throws a -1 BizError and writes nothing: 提现记录不存在,
 * 提现当前状态为「…」，不能…, or 提现状态已变化 when a concurrent unit moved it first. Answers the row
 * as it now is.
 */
export async function transitionWithdraw(tx: Db, withdrawId: number, event: WithdrawEvent, details: TransitionDetails = {}): Promise<WithdrawRow> {
  if (!inUnitOfWork(tx)) throw new Error("transitionWithdraw must run inside a unit of work");
  const transition = TRANSITIONS[event];
  const row = await tx.selectFrom("member_withdraw").selectAll().where("id", "=", withdrawId).executeTakeFirst();
  if (!row) return fail("提现记录不存在");
  if (row.status !== transition.from) fail(`提现当前状态为「${withdrawStatusName(row.status)}」，不能${transition.verb}`);
  const at = now();
  const changes = { ...details, status: transition.to, [transition.timeColumn]: at, update_time: at };
  const moved = await tx.updateTable("member_withdraw").set(changes).where("id", "=", withdrawId).where("status", "=", transition.from).executeTakeFirst();
  expectAffected(moved, 1, "提现状态已变化，请刷新后重试");
  if (transition.giveBack) {
    const givenBack = await changeAccount(tx, {
      memberId: row.member_id,
      accountType: "balance",
      amount: row.apply_money_cents,
      fromType: WITHDRAW_LEDGER.giveBack,
      businessId: row.id,
      typeName: transition.giveBack,
      remark: `提现单号 ${row.withdraw_no}，退回 ¥${yuan(row.apply_money_cents)}`,
    });
    // The status update above lets one event through; a ledger row already there means the data was changed by hand.
    if (!givenBack) throw new Error(`withdrawal ${row.withdraw_no} was already given back`);
  }
  await recordEvent(tx, { name: "withdraw.reviewed", id: row.id, occurrence: event, data: { action: event, member_id: row.member_id } });
  return { ...row, ...changes } as WithdrawRow;
}
