import { Code } from "@shop/contract/codes";
import type { Db } from "../../db/unit-of-work.ts";
import { inUnitOfWork } from "../../db/unit-of-work.ts";
import { affectedRows } from "../../db/conditional.ts";
import { BizError } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { reachLevels } from "./upgrade.ts";

/**
 * A member's growth (成长值) moves only through `addGrowth` (ADR 0016): a row in member_growth_log,
 * unique on (from_type, business_id), and an update of member.growth, in the caller's unit of work.
 * Like the account ledger, a business event counts once: a second call for the same event writes
 * nothing and answers `false`.
 *
 * Growth that crosses a level's threshold upgrades the member at once (never down: a refund takes
 * its growth back but the level stays), and each level reached gives its gifts once (upgrade.ts).
 */
export const GROWTH_TYPE_NAMES: Record<string, string> = {
  order_pay: "订单消费",
  order_refund: "订单退款",
  recharge: "充值赠送",
  signin: "签到奖励",
  staff_adjust: "后台调整",
};

/** The Chinese name of a growth source, for the member's growth records. */
export function growthTypeName(fromType: string): string {
  return GROWTH_TYPE_NAMES[fromType] ?? "成长值变动";
}

/**
 * Adds `growth` (signed; 0 does nothing) to a member once per (fromType, businessId); `false` when
 * this event was already counted. Growth never goes below zero: a deduction larger than the
 * member's growth leaves 0.
 */
export async function addGrowth(tx: Db, memberId: number, growth: number, fromType: string, businessId: string, remark = ""): Promise<boolean> {
  if (!inUnitOfWork(tx)) throw new Error("addGrowth must run inside a unit of work");
  if (!Number.isSafeInteger(growth)) throw new Error(`invalid growth ${growth}`);
  if (growth === 0) return false;
  const inserted = await tx
    .insertInto("member_growth_log")
    .values({
      member_id: memberId, growth, growth_after: 0, from_type: fromType, business_id: businessId,
      type_name: growthTypeName(fromType), remark: remark.slice(0, 255), create_time: now(),
    })
    .onConflict((conflict) => conflict.columns(["from_type", "business_id"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    await expectSameEvent(tx, memberId, growth, fromType, businessId);
    return false;
  }
  // The update takes the member's row lock: concurrent growth of one member is applied one after the other.
  const updated = await tx
    .updateTable("member")
    .set((eb) => ({ growth: eb.case().when(eb(eb("growth", "+", growth), ">=", 0)).then(eb("growth", "+", growth)).else(0).end() }))
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (affectedRows(updated) !== 1) throw new BizError("会员不存在", Code.ERROR);
  const member = await tx.selectFrom("member").select(["growth", "member_level"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();
  const growthAfter = Number(member.growth);
  await tx
    .updateTable("member_growth_log")
    .set({ growth_after: growthAfter })
    .where("from_type", "=", fromType)
    .where("business_id", "=", businessId)
    .execute();
  if (growth > 0) await reachLevels(tx, memberId, growthAfter, member.member_level);
  return true;
}

/** The same key recorded for another member or amount is a caller's bug, not a duplicate to swallow. */
async function expectSameEvent(tx: Db, memberId: number, growth: number, fromType: string, businessId: string): Promise<void> {
  const recorded = await tx
    .selectFrom("member_growth_log")
    .select(["member_id", "growth"])
    .where("from_type", "=", fromType)
    .where("business_id", "=", businessId)
    .executeTakeFirst();
  if (recorded && (recorded.member_id !== memberId || Number(recorded.growth) !== growth)) {
    throw new Error(
      `growth event ${fromType}/${businessId} is already recorded for member ${recorded.member_id} with ${recorded.growth}, not member ${memberId} with ${growth}`,
    );
  }
}
