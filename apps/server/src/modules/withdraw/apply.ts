import crypto from "node:crypto";
import { WITHDRAW_TYPES, WithdrawStatus, withdrawFeeCents, type WithdrawApplyBody, type WithdrawType } from "@shop/contract";
import { inUnitOfWork, unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { isUniqueViolation } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { now } from "../../core/time.ts";
import { changeAccount } from "../account/ledger.ts";
import { verifyPayPassword } from "../account/pay-password.ts";
import { getBankAccount } from "./accounts.ts";
import { loadWithdrawSettings } from "./config.ts";
import { WITHDRAW_LEDGER } from "./state-machine.ts";

/**
 * A member applies to withdraw: the amount leaves the balance at once (冻结), in the same unit of
 * work as the application row, through the ledger's conditional update — so applications sent at
 * the same moment can never take the balance below zero: the ones that no longer fit fail with
 * 账户余额不足 and leave no row. Money comes back only through the state machine (refuse, fail).
 */

/** Where the money goes, copied onto the withdrawal. */
export interface Destination {
  type: WithdrawType;
  realname: string;
  mobile: string;
  bankName: string;
  accountNumber: string;
}

/** "TX" + 12 digits of time + 8 random: 22 characters, unique by its index. */
export function newWithdrawNo(): string {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(2, 14);
  return `TX${stamp}${crypto.randomInt(0, 100_000_000).toString().padStart(8, "0")}`;
}

export async function destinationOf(db: Db, memberId: number, body: WithdrawApplyBody): Promise<Destination> {
  if (body.account_id !== undefined) {
    const account = await getBankAccount(db, memberId, body.account_id);
    return { type: account.withdraw_type, realname: account.realname, mobile: account.mobile, bankName: account.branch_bank_name, accountNumber: account.bank_account };
  }
  // The schema required and checked these when no account_id was given; a card number is kept without its spaces.
  const type = body.transfer_type as WithdrawType;
  const accountNumber = type === "bank" ? body.account_number.replace(/\s+/g, "") : body.account_number;
  return { type, realname: body.realname, mobile: body.mobile, bankName: type === "bank" ? body.bank_name : "", accountNumber };
}

export interface AppliedWithdrawal {
  id: number;
  withdraw_no: string;
  status: number;
}

/** An application that passed the shop's rules: where to, how much, the fee. */
export interface WithdrawPlan {
  destination: Destination;
  applyCents: number;
  feeCents: number;
  rateBasisPoints: number;
}

/** The member's request: the account, the shop's rules, then the pay password (when the member set one). */
export async function applyWithdraw(db: Db, memberId: number, body: WithdrawApplyBody): Promise<AppliedWithdrawal> {
  const plan = await planWithdrawal(db, memberId, await destinationOf(db, memberId, body), body.apply_money);
  // Outside the unit of work: scrypt takes tens of milliseconds.
  await verifyPayPassword(db, memberId, body.pay_password || undefined);
  return submitWithdrawal(db, memberId, plan);
}

/** Checks an application against the shop's settings and the balance now, and works out the fee. */
export async function planWithdrawal(db: Db, memberId: number, destination: Destination, applyCents: number): Promise<WithdrawPlan> {
  const settings = await loadWithdrawSettings(db);
  if (settings.is_use !== 1) fail("商家暂未开启余额提现");
  if (!settings.transfer_types.includes(destination.type)) fail(`商家暂未开放提现到${WITHDRAW_TYPES[destination.type]}`);
  if (applyCents < settings.min_cents) fail(`单笔提现金额不能低于 ¥${yuan(settings.min_cents)}`);
  const feeCents = withdrawFeeCents(applyCents, settings.rate_basis_points);
  if (applyCents - feeCents <= 0) fail("提现金额扣除手续费后须大于 0");
  // A clear answer for the usual case; the ledger's conditional update in submitWithdrawal is what holds under concurrency.
  const member = await db.selectFrom("member").select("balance_cents").where("member_id", "=", memberId).executeTakeFirstOrThrow();
  if (Number(member.balance_cents) < applyCents) fail(`可提现余额不足，当前可提现 ¥${yuan(Number(member.balance_cents))}`);
  return { destination, applyCents, feeCents, rateBasisPoints: settings.rate_basis_points };
}

/** Writes the application and takes its amount out of the balance, in one unit of work. */
export async function submitWithdrawal(db: Db, memberId: number, plan: WithdrawPlan): Promise<AppliedWithdrawal> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertApplication(db, memberId, plan);
    } catch (error) {
      // Two numbers drawn alike in the same second: draw again (a unit of our own only: on PostgreSQL the caller's would be aborted).
      if (!isUniqueViolation(error) || attempt >= 3 || inUnitOfWork(db)) throw error;
    }
  }
}

async function insertApplication(db: Db, memberId: number, plan: WithdrawPlan): Promise<AppliedWithdrawal> {
  const { destination } = plan;
  return unitOfWork(db, async (tx) => {
    const at = now();
    const withdrawNo = newWithdrawNo();
    const { id } = await tx
      .insertInto("member_withdraw")
      .values({
        withdraw_no: withdrawNo, member_id: memberId, transfer_type: destination.type, transfer_type_name: WITHDRAW_TYPES[destination.type],
        realname: destination.realname, mobile: destination.mobile, bank_name: destination.type === "bank" ? destination.bankName : "",
        account_number: destination.accountNumber, apply_money_cents: plan.applyCents, rate_basis_points: plan.rateBasisPoints,
        service_money_cents: plan.feeCents, money_cents: plan.applyCents - plan.feeCents, status: WithdrawStatus.PENDING,
        apply_time: at, audit_time: 0, payment_time: 0, fail_time: 0, refuse_reason: "", fail_reason: "", certificate_remark: "", update_time: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await changeAccount(tx, {
      memberId,
      accountType: "balance",
      amount: -plan.applyCents,
      fromType: WITHDRAW_LEDGER.apply,
      businessId: id,
      typeName: "申请提现",
      remark: `提现单号 ${withdrawNo}`,
    });
    return { id: Number(id), withdraw_no: withdrawNo, status: WithdrawStatus.PENDING };
  });
}
