import { COUPON_GET_TYPES, COUPON_STATES, type CouponCounts, type CouponReceiveResult, type MemberCoupon, type Page } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { ISSUE_REFUSAL_MESSAGES, issueCoupon } from "./issue.ts";
import { CouponState, wireState } from "./rules.ts";
import { receiveStateOf } from "./centre.ts";
import { loadScopes, ruleFields, TYPE_COLUMNS } from "./type-view.ts";

/**
 * A member's own coupons: receiving one, the list by state and the counts. Every query is scoped
 * to the calling member; another member's coupon is never found.
 */

/** /coupon/api/coupon/receive: one coupon of a free type, within its total and the member's limit. */
export async function receiveCoupon(db: Db, memberId: number, couponTypeId: number): Promise<CouponReceiveResult> {
  const type = await db.selectFrom("coupon_type").select(["is_show", "max_fetch"]).where("coupon_type_id", "=", couponTypeId).executeTakeFirst();
  if (!type) return fail(ISSUE_REFUSAL_MESSAGES.missing);
  if (type.is_show !== 1) return fail("该优惠券不能直接领取");
  const outcome = await unitOfWork(db, (tx) => issueCoupon(tx, couponTypeId, memberId, { getType: "receive", grantId: 0 }, now()));
  if (!outcome.ok) return fail(ISSUE_REFUSAL_MESSAGES[outcome.reason]);
  return {
    coupon_id: outcome.couponId,
    coupon_type_id: couponTypeId,
    end_time: outcome.endTime,
    received_num: outcome.received,
    receive_state: receiveStateOf({ max_fetch: type.max_fetch, sold_out: outcome.soldOut }, outcome.received),
  };
}

export interface MemberPageRequest extends PageRequest {
  state: 1 | 2 | 3;
}

/** /coupon/api/coupon/memberpage: unused ones ending soonest first, used ones last used first, expired ones last expired first. */
export async function memberCoupons(db: Db, memberId: number, request: MemberPageRequest): Promise<Page<MemberCoupon>> {
  const at = now();
  let query = db
    .selectFrom("coupon")
    .innerJoin("coupon_type", "coupon_type.coupon_type_id", "coupon.coupon_type_id")
    .select([
      ...TYPE_COLUMNS, "coupon.coupon_id", "coupon.state as coupon_state", "coupon.get_type", "coupon.fetch_time",
      "coupon.start_time as valid_from", "coupon.end_time as valid_until", "coupon.use_time", "coupon.use_order_id",
    ])
    .where("coupon.member_id", "=", memberId);
  if (request.state === CouponState.USED) {
    query = query.where("coupon.state", "=", CouponState.USED).orderBy("coupon.use_time", "desc");
  } else if (request.state === CouponState.EXPIRED) {
    query = query.where("coupon.state", "=", CouponState.UNUSED).where("coupon.end_time", "<=", at).orderBy("coupon.end_time", "desc");
  } else {
    query = query.where("coupon.state", "=", CouponState.UNUSED).where("coupon.end_time", ">", at).orderBy("coupon.end_time");
  }
  const page = await paginate(db, query.orderBy("coupon.coupon_id", "desc"), request);
  const scopes = await loadScopes(db, page.list);
  return {
    ...page,
    list: page.list.map((row): MemberCoupon => {
      const state = wireState({ state: row.coupon_state, end_time: row.valid_until }, at);
      return {
        ...ruleFields(row, scopes.get(row.coupon_type_id)),
        coupon_id: row.coupon_id,
        state,
        state_name: COUPON_STATES[state],
        get_type: row.get_type,
        get_type_name: COUPON_GET_TYPES[row.get_type] ?? "赠送",
        fetch_time: row.fetch_time,
        start_time: row.valid_from,
        end_time: row.valid_until,
        use_time: row.use_time,
        use_order_id: row.use_order_id,
      };
    }),
  };
}

/** /coupon/api/coupon/num */
export async function couponCounts(db: Db, memberId: number): Promise<CouponCounts> {
  const at = now();
  const row = await db
    .selectFrom("coupon")
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when(eb.and([eb("state", "=", CouponState.UNUSED), eb("end_time", ">", at)])).then(1).else(0).end()).as("unused"),
      eb.fn.sum<number>(eb.case().when("state", "=", CouponState.USED).then(1).else(0).end()).as("used"),
      eb.fn.sum<number>(eb.case().when(eb.and([eb("state", "=", CouponState.UNUSED), eb("end_time", "<=", at)])).then(1).else(0).end()).as("expired"),
    ])
    .where("member_id", "=", memberId)
    .executeTakeFirstOrThrow();
  return { unused: Number(row.unused ?? 0), used: Number(row.used ?? 0), expired: Number(row.expired ?? 0) };
}
