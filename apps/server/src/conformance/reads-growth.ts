import { codeOnly, list, nullable, oneOf, page, type FieldSpec, type Shape } from "./field-shape.ts";

/**
 * Ledgers, levels and sign-in (docs/api/account.md, member-level.md, signin.md): what the
 * reference's 我的积分 / 我的余额, 会员等级 and 签到 pages read, and the fields of our own calls — a
 * member's level state and growth records, the staff's level, growth and sign-in settings.
 */

/** A coupon type a level or a sign-in reward gives. */
const giftCoupon: Shape = {
  coupon_type_id: "integer", coupon_name: "string", type: oneOf("reward", "discount"), money: "money", discount: "string", at_least: "money",
};

/** A level as the reference's level page reads it. */
const level: Shape = {
  level_id: "integer", level_name: "string", growth: "integer", remark: "string", consume_discount: "integer", is_free_shipping: "flag",
  send_point: "integer", send_balance: "money",
};

/** A level as staff edit it: gifts, default flag, order, and how many members hold it. */
const staffLevel: Shape = { ...level, send_coupon: list(giftCoupon), is_default: "flag", sort: "integer", member_count: "integer" };

const growthConfig: Shape = { order_growth_per_yuan: "integer" };

/** One sign-in and what it gave. */
const signinRecord: Shape = {
  id: "integer", sign_date: "string", streak: "integer", cycle_day: "integer", point: "integer", growth: "integer", coupons: list(giftCoupon),
  create_time: "unix",
};

const signinRules = { is_enable: "flag", cycle_days: "integer", daily_point: "integer", daily_growth: "integer" } as const;

const signinConfig: Shape = {
  ...signinRules,
  rewards: list({ day: "integer", point: "integer", growth: "integer", coupon_type_ids: list("integer") }),
};

export const growthReads: Record<string, FieldSpec> = {
  "/api/memberaccount/info": { point: "integer", balance: "money" },
  "/api/memberaccount/page": page({
    id: "integer", account_type: "string", account_data: "string", from_type: "string", type_name: "string", remark: "string", create_time: "unix",
  }),
  "/api/memberlevel/lists": list(level),
  "/api/memberlevel/info": {
    member_id: "integer", growth: "integer", level_id: "integer", level_name: "string", consume_discount: "integer", is_free_shipping: "flag",
    next_level: nullable({ level_id: "integer", level_name: "string", growth: "integer" }), growth_to_next: "integer", progress_percent: "integer",
    reached: list({ level_id: "integer", level_name: "string", create_time: "unix" }), order_growth_per_yuan: "integer",
  },
  "/api/memberlevel/growthrecords": page({
    id: "integer", growth: "integer", growth_after: "integer", from_type: "string", type_name: "string", remark: "string", create_time: "unix",
  }),
  "/shopapi/memberlevel/lists": list(staffLevel),
  "/shopapi/memberlevel/add": { level_id: "integer" },
  "/shopapi/memberlevel/edit": { level_id: "integer" },
  "/shopapi/memberlevel/delete": codeOnly,
  "/shopapi/memberlevel/growthconfig": growthConfig,
  "/shopapi/memberlevel/setgrowthconfig": growthConfig,
  "/shopapi/memberlevel/adjustgrowth": { growth: "integer", level_id: "integer" },
  "/api/membersignin/issign": "flag",
  "/api/membersignin/signin": signinRecord,
  "/api/membersignin/award": {
    ...signinRules, rewards: list({ day: "integer", point: "integer", growth: "integer", coupons: list(giftCoupon) }),
  },
  "/api/membersignin/getSignRecords": page(signinRecord),
  "/api/membersignin/getSignStatus": {
    today: "string", month: "string", signed_days: list("integer"), is_sign: "flag", streak: "integer", next_cycle_day: "integer",
    next_point: "integer", next_growth: "integer", total_days: "integer", is_enable: "flag", cycle_days: "integer",
  },
  "/shopapi/membersignin/config": signinConfig,
  "/shopapi/membersignin/setconfig": signinConfig,
  "/shopapi/membersignin/records": page({ ...signinRecord, member_id: "integer", nickname: "string", username: "string" }),
};

/** Calls of this area the reference does not have: a member's level state and growth records, and every staff call. */
export const OUR_GROWTH_CALLS: readonly string[] = Object.keys(growthReads).filter(
  (path) => path.startsWith("/shopapi/") || path === "/api/memberlevel/info" || path === "/api/memberlevel/growthrecords",
);
