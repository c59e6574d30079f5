import type { Generated } from "kysely";

/** Tables of recharge (migration 0025): packages staff offer and the members' recharge orders. */
export interface RechargeTables {
  member_recharge: MemberRechargeTable;
  member_recharge_order: MemberRechargeOrderTable;
}

/** A recharge package: pay buy_price, get face_value on the balance plus the bonuses. */
export interface MemberRechargeTable {
  recharge_id: Generated<number>;
  recharge_name: string;
  face_value_cents: number;
  buy_price_cents: number;
  point: number;
  growth: number;
  /** coupon type ids, ",1,2," ("" for none) */
  coupon_id: string;
  /** paid orders of this package */
  sale_num: number;
  /** 1 offered, 0 withdrawn */
  status: number;
  sort: number;
  create_time: number;
  update_time: number;
}

/** A recharge order: a snapshot of its package when it was created, and the trade paying it. */
export interface MemberRechargeOrderTable {
  order_id: Generated<number>;
  order_no: string;
  member_id: number;
  recharge_id: number;
  recharge_name: string;
  face_value_cents: number;
  buy_price_cents: number;
  point: number;
  growth: number;
  coupon_id: string;
  /** its one trade (pay.trade_kind "recharge"): unique */
  out_trade_no: string;
  /** 0 待支付, 1 已支付, -1 已关闭 */
  status: number;
  pay_type: string;
  pay_time: number;
  close_time: number;
  /** an unpaid order closes by itself then (the orders' payment time limit) */
  auto_close_time: number;
  create_time: number;
}

/**
 * Migration 0025 also adds pay.trade_kind: "order" (the default: the trade pays goods orders,
 * listed in order_ids) or "recharge" (it pays one recharge order, which names it by out_trade_no).
 * Declared here, with the migration that adds it, by merging into the pay table's interface.
 */
declare module "./schema-money.ts" {
  interface PayTable {
    trade_kind: Generated<string>;
  }
}
