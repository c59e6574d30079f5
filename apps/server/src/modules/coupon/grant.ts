import type { Db } from "../../db/unit-of-work.ts";
import { inUnitOfWork } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { issueCoupon } from "./issue.ts";

/**
 * Gives a member coupons of the given types inside the caller's unit of work (registration pack,
 * recharge and sign-in rewards, level gifts), once per (fromType, businessId) and within each type's
 * total and per-member limits; a type that ran out is skipped. Owned by the coupon work.
 *
 * - Once: a coupon_grant row unique on (fromType, businessId) is written first with ON CONFLICT DO
 *   NOTHING; when it already exists (a retried job, a second notify) nothing is given. On
 *   PostgreSQL a concurrent grant of the same event waits for the first one's commit and then
 *   gives nothing. Reusing a key for another member is a caller's bug and throws.
 * - A type listed twice gives two coupons (within its limits). Reward-only types (is_show 0) can
 *   be granted; closed, expired, used-up or missing types and reached limits are skipped silently:
 *   a reward must never fail the registration, recharge or sign-in it comes with.
 * - Types are taken in ascending id order, so two grants lock them in one order (PostgreSQL).
 */
export async function grantCoupons(tx: Db, memberId: number, couponTypeIds: number[], fromType: string, businessId: string): Promise<void> {
  if (!inUnitOfWork(tx)) throw new Error("grantCoupons must run inside a unit of work");
  const typeIds = couponTypeIds.filter((id) => Number.isSafeInteger(id) && id > 0).sort((a, b) => a - b);
  if (typeIds.length === 0) return;
  const at = now();
  const inserted = await tx
    .insertInto("coupon_grant")
    .values({ member_id: memberId, from_type: fromType, business_id: businessId, create_time: at })
    .onConflict((conflict) => conflict.columns(["from_type", "business_id"]).doNothing())
    .returning("grant_id")
    .executeTakeFirst();
  if (!inserted) {
    await expectSameMember(tx, memberId, fromType, businessId);
    return;
  }
  for (const typeId of typeIds) {
    await issueCoupon(tx, typeId, memberId, { getType: fromType, grantId: inserted.grant_id }, at);
  }
}

async function expectSameMember(tx: Db, memberId: number, fromType: string, businessId: string): Promise<void> {
  const recorded = await tx
    .selectFrom("coupon_grant")
    .select("member_id")
    .where("from_type", "=", fromType)
    .where("business_id", "=", businessId)
    .executeTakeFirst();
  if (recorded && recorded.member_id !== memberId) {
    throw new Error(`coupon grant ${fromType}/${businessId} was already given to member ${recorded.member_id}, not member ${memberId}`);
  }
}
