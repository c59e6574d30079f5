import { randomUUID } from "node:crypto";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { BizError, fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { changeAccount, type AccountType } from "../account/ledger.ts";
import { logStaffAction } from "../staff/staff-log.ts";

/**
 * Staff adjustments of a member's balance or points (reference Member::adjustBalance / adjustPoint):
 * one ledger row each (from_type staff_adjust, a fresh business id, the reason as its remark) and
 * the ledger's conditional update, so an adjustment racing a payment never takes the total below
 * zero — the one that would is refused whole. Growth goes through member-level's adjustGrowth.
 */
export const STAFF_ADJUST_FROM_TYPE = "staff_adjust";

const ACTION: Record<AccountType, string> = { balance: "member.adjustbalance", point: "member.adjustpoint" };
const TOO_LOW: Record<AccountType, string> = { balance: "调整后余额不能小于 0", point: "调整后积分不能小于 0" };

async function adjustAccount(db: Db, caller: StaffCaller, memberId: number, accountType: AccountType, amount: number, remark: string): Promise<number> {
  return unitOfWork(db, async (tx) => {
    const member = await tx.selectFrom("member").select(["balance_cents", "point"]).where("member_id", "=", memberId).executeTakeFirst();
    if (!member) return fail("会员不存在");
    // Told before trying when it is already clear; the ledger's condition still decides under a race.
    const current = accountType === "balance" ? Number(member.balance_cents) : Number(member.point);
    if (current + amount < 0) return fail(TOO_LOW[accountType]);
    try {
      await changeAccount(tx, { memberId, accountType, amount, fromType: STAFF_ADJUST_FROM_TYPE, businessId: randomUUID(), typeName: "后台调整", remark });
    } catch (error) {
      if (error instanceof BizError) fail(TOO_LOW[accountType]);
      throw error;
    }
    const after = await tx.selectFrom("member").select(["balance_cents", "point"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();
    const total = accountType === "balance" ? Number(after.balance_cents) : Number(after.point);
    await logStaffAction(tx, caller, ACTION[accountType], { type: "member", id: memberId }, { adjust_num: amount, remark, after: total });
    return total;
  });
}

/** amount in signed cents */
export async function adjustBalance(db: Db, caller: StaffCaller, memberId: number, amount: number, remark: string): Promise<{ balance: string }> {
  return { balance: yuan(await adjustAccount(db, caller, memberId, "balance", amount, remark)) };
}

export async function adjustPoint(db: Db, caller: StaffCaller, memberId: number, amount: number, remark: string): Promise<{ point: number }> {
  return { point: await adjustAccount(db, caller, memberId, "point", amount, remark) };
}
