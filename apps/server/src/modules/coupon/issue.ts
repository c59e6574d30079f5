import type { Db } from "../../db/unit-of-work.ts";
import { inUnitOfWork } from "../../db/unit-of-work.ts";
import { affectedRows, expectAffected } from "../../db/conditional.ts";
import { purgeCoupons } from "./cache.ts";
import { typeExpired, typeSoldOut, TypeStatus, validityOf, CouponState } from "./rules.ts";

/**
 * Gives one coupon of a type to a member, within the type's total and the member's limit, in the
 * caller's unit of work. The type's row is locked first (a no-op conditional update): on PostgreSQL
 * every concurrent receive of the type then waits for the previous one's commit, and the counts read
 * after the lock are the committed ones, so neither the total nor a member's limit can be passed
 * (SQLite's IMMEDIATE unit already runs one at a time). lead_count is then raised by a conditional
 * update whose affected row is checked: never above the total even if this reasoning were wrong.
 */
export type IssueRefusal = "missing" | "closed" | "expired" | "sold_out" | "limit";

export type IssueOutcome = { ok: true; couponId: number; endTime: number; received: number; soldOut: boolean } | { ok: false; reason: IssueRefusal };

export const ISSUE_REFUSAL_MESSAGES: Record<IssueRefusal, string> = {
  missing: "优惠券不存在",
  closed: "该优惠券活动已结束",
  expired: "该优惠券已过期",
  sold_out: "来晚了，优惠券已领完",
  limit: "您已达到该优惠券的领取上限",
};

export interface IssueSource {
  /** receive, or the grant's from_type */
  getType: string;
  /** the coupon_grant row, 0 when received */
  grantId: number;
}

export async function issueCoupon(tx: Db, couponTypeId: number, memberId: number, source: IssueSource, at: number): Promise<IssueOutcome> {
  if (!inUnitOfWork(tx)) throw new Error("issueCoupon must run inside a unit of work");
  const locked = await tx
    .updateTable("coupon_type")
    .set((eb) => ({ lead_count: eb.ref("lead_count") }))
    .where("coupon_type_id", "=", couponTypeId)
    .executeTakeFirst();
  if (affectedRows(locked) === 0) return { ok: false, reason: "missing" };
  const type = await tx
    .selectFrom("coupon_type")
    .select(["status", "validity_type", "start_time", "end_time", "fixed_term", "total_count", "lead_count", "max_fetch"])
    .where("coupon_type_id", "=", couponTypeId)
    .executeTakeFirstOrThrow();
  if (type.status !== TypeStatus.RUNNING) return { ok: false, reason: "closed" };
  if (typeExpired(type, at)) return { ok: false, reason: "expired" };
  if (typeSoldOut(type)) return { ok: false, reason: "sold_out" };
  const held = await heldCount(tx, couponTypeId, memberId);
  if (type.max_fetch > 0 && held >= type.max_fetch) return { ok: false, reason: "limit" };

  const raised = await tx
    .updateTable("coupon_type")
    .set((eb) => ({ lead_count: eb("lead_count", "+", 1) }))
    .where("coupon_type_id", "=", couponTypeId)
    .where((eb) => eb.or([eb("total_count", "=", 0), eb("lead_count", "<", eb.ref("total_count"))]))
    .executeTakeFirst();
  expectAffected(raised, 1, ISSUE_REFUSAL_MESSAGES.sold_out);
  const { start, end } = validityOf(type, at);
  const { coupon_id: couponId } = await tx
    .insertInto("coupon")
    .values({
      coupon_type_id: couponTypeId, member_id: memberId, state: CouponState.UNUSED, get_type: source.getType, grant_id: source.grantId,
      fetch_time: at, start_time: start, end_time: end, use_time: 0, use_order_id: 0,
    })
    .returning("coupon_id")
    .executeTakeFirstOrThrow();
  const soldOut = type.total_count > 0 && type.lead_count + 1 >= type.total_count;
  // Guests' pages offer 领取 until they learn the type ran out.
  if (soldOut) await purgeCoupons(tx);
  return { ok: true, couponId, endTime: end, received: held + 1, soldOut };
}

/** Coupons of the type the member holds (any state: a used one still counts against the limit). */
export async function heldCount(db: Db, couponTypeId: number, memberId: number): Promise<number> {
  const row = await db
    .selectFrom("coupon")
    .select((eb) => eb.fn.countAll<number>().as("held"))
    .where("coupon_type_id", "=", couponTypeId)
    .where("member_id", "=", memberId)
    .executeTakeFirstOrThrow();
  return Number(row.held);
}
