import type { Generated } from "kysely";

/** Tables of coupons (migration 0027, modules/coupon, ADR 0019). */
export interface CouponTables {
  coupon_type: CouponTypeTable;
  coupon_type_scope: CouponTypeScopeTable;
  coupon: CouponTable;
  coupon_grant: CouponGrantTable;
}

/** A kind of coupon: its value, its goods, its validity and how many exist. */
export interface CouponTypeTable {
  coupon_type_id: Generated<number>;
  coupon_name: string;
  /** reward: 满减 (money_cents off); discount: 折扣 (pay discount_percent %, at most discount_limit_cents off) */
  type: string;
  money_cents: number;
  /** 折扣: the percent paid, 1–99 (85 = 8.5折); 0 for 满减 */
  discount_percent: number;
  /** 折扣: the most it takes off, 0 = no cap */
  discount_limit_cents: number;
  /** the eligible goods money needed, 0 = no threshold (无门槛) */
  at_least_cents: number;
  /** 1 all goods, 2 chosen goods, 3 chosen categories (coupon_type_scope) */
  goods_type: number;
  /** 0 fixed dates (start_time–end_time), 1 fixed_term days from receipt */
  validity_type: number;
  start_time: number;
  end_time: number;
  fixed_term: number;
  /** coupons one member may hold of this type, 0 = unlimited */
  max_fetch: number;
  /** coupons that exist, 0 = unlimited */
  total_count: number;
  /** coupons given out so far (conditional update: never above total_count) */
  lead_count: Generated<number>;
  /** 1 free to receive in the coupon centre and on SKU pages; 0 given only as a reward */
  is_show: number;
  /** 1 running, -1 closed by staff (no more given; coupons held stay valid) */
  status: number;
  sort: number;
  create_time: number;
  update_time: number;
}

/** One goods (goods_id) or category (category_id, any level) a scoped type applies to. */
export interface CouponTypeScopeTable {
  id: Generated<number>;
  coupon_type_id: number;
  goods_id: number;
  category_id: number;
}

/** A member's coupon. */
export interface CouponTable {
  coupon_id: Generated<number>;
  coupon_type_id: number;
  member_id: number;
  /** 1 unused, 2 used; an unused coupon past end_time is expired (state 3 on the wire) */
  state: number;
  /** how it came: receive (the coupon centre / SKU page) or a grant's from_type (register, recharge, signin…) */
  get_type: string;
  /** the coupon_grant row of a reward, 0 when received */
  grant_id: number;
  fetch_time: number;
  /** usable from start_time until (not including) end_time */
  start_time: number;
  end_time: number;
  use_time: number;
  use_order_id: number;
}

/** A reward event that gave coupons: once per (from_type, business_id). */
export interface CouponGrantTable {
  grant_id: Generated<number>;
  member_id: number;
  from_type: string;
  business_id: string;
  create_time: number;
}
