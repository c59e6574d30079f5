import type { Generated } from "kysely";

/** Tables of levels, growth and sign-in (migration 0024, ADR 0016). */
export interface LevelSigninTables {
  member_growth_log: MemberGrowthLogTable;
  member_level_record: MemberLevelRecordTable;
  member_level_coupon: MemberLevelCouponTable;
  member_signin: MemberSigninTable;
}

/** One change of a member's growth; unique on (from_type, business_id): each business event counts once. */
export interface MemberGrowthLogTable {
  id: Generated<number>;
  member_id: number;
  /** signed: a refund takes back what its order gave */
  growth: number;
  /** the member's growth after this change */
  growth_after: number;
  /** order_pay, order_refund, recharge, signin, staff_adjust, … */
  from_type: string;
  business_id: string;
  type_name: string;
  remark: string;
  create_time: number;
}

/** A level a member reached (unique per member and level): its gifts were given with this row. */
export interface MemberLevelRecordTable {
  id: Generated<number>;
  member_id: number;
  level_id: number;
  /** the level's name when reached */
  level_name: string;
  /** the member's growth when reached */
  growth: number;
  create_time: number;
}

/** A coupon type given on reaching a level (unique per level and type). */
export interface MemberLevelCouponTable {
  id: Generated<number>;
  level_id: number;
  coupon_type_id: number;
}

/** One sign-in: unique per member and shop day. */
export interface MemberSigninTable {
  id: Generated<number>;
  member_id: number;
  /** the shop day (Asia/Shanghai), "YYYY-MM-DD" */
  sign_date: string;
  /** consecutive days signed, this one included */
  streak: number;
  /** day of the reward cycle, 1 … cycle_days */
  cycle_day: number;
  /** points and growth given for this sign-in */
  point: number;
  growth: number;
  /** coupon types given, comma-separated */
  coupon_type_ids: string;
  create_time: number;
}
