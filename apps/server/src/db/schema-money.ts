import type { Generated } from "kysely";
import type { ReceiverColumns } from "./schema-address.ts";

/**
 * Tables of the money path (migrations 0006 and 0009): jobs, the member ledger, staff sessions and
 * log, checkout, orders, packages, trades, freight. Money is integer cents in `*_cents` columns.
 */
export interface MoneyPathTables {
  job: JobTable;
  member_account: MemberAccountTable;
  staff_token: StaffTokenTable;
  staff_log: StaffLogTable;
  order_checkout: OrderCheckoutTable;
  orders: OrderTable;
  order_goods: OrderGoodsTable;
  order_log: OrderLogTable;
  order_package: OrderPackageTable;
  express_company: ExpressCompanyTable;
  pay: PayTable;
  pay_notify_log: PayNotifyLogTable;
  express_template: ExpressTemplateTable;
  express_template_item: ExpressTemplateItemTable;
  pay_password_attempt: PayPasswordAttemptTable;
}

/** Migration 0011: wrong pay passwords of a member within the current window. */
export interface PayPasswordAttemptTable {
  member_id: number;
  /** attempts used since the last success or lock */
  failures: number;
  /** unix seconds: no attempt before then */
  locked_until: number;
  update_time: number;
}

/** A durable job: claimed by a conditional update, retried after a crash (modules/jobs). */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  /** JSON */
  payload: string;
  /** unix seconds: not before */
  run_at: number;
  /** pending | running | done | failed */
  status: string;
  attempts: number;
  max_attempts: number;
  locked_by: string;
  /** a running job whose lease ran out is claimed again */
  locked_until: number;
  last_error: string;
  /** at most one job per key (e.g. "order.auto_close:42") */
  dedupe_key: string | null;
  create_time: number;
  update_time: number;
}

/** Append-only ledger of balance (cents) and points; one row per (account_type, from_type, business_id). */
export interface MemberAccountTable {
  id: Generated<number>;
  member_id: number;
  /** balance | point */
  account_type: string;
  /** signed change: cents for balance, points for point */
  account_data: number;
  /** the business that caused it: order_pay, order_close, … */
  from_type: string;
  business_id: string;
  type_name: string;
  remark: string;
  create_time: number;
}

export interface StaffTokenTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  create_time: number;
  expire_time: number;
  revoke_time: number;
  ip: string;
}

/** Every staff action, with who did it. */
export interface StaffLogTable {
  id: Generated<number>;
  staff_id: number;
  staff_name: string;
  action: string;
  target_type: string;
  target_id: string;
  /** JSON */
  detail: string;
  ip: string;
  create_time: number;
}

export interface OrderCheckoutTable {
  order_key: string;
  member_id: number;
  /** JSON: {kind:"buy_now", sku_id, num} | {kind:"cart", cart_ids:[…]} */
  source: string;
  create_time: number;
  expire_time: number;
}

/** The receiver columns (name, mobile, region ids, address…) are the address table's. */
export interface OrderTable extends ReceiverColumns {
  order_id: Generated<number>;
  order_no: string;
  /** the checkout's key: unique, so a double submit creates one order */
  order_key: string | null;
  /** the trade currently paying this order */
  out_trade_no: string;
  site_id: number;
  member_id: number;
  order_name: string;
  /** 1 express, 2 pickup, 3 local delivery, 4 virtual */
  order_type: number;
  order_from: string;
  /** see modules/order/state-machine.ts */
  order_status: number;
  pay_status: number;
  pay_type: string;
  pay_time: number;
  /** express | store | local | virtual */
  delivery_type: string;
  delivery_store_id: number;
  delivery_store_name: string;
  /** JSON of the store (name, address, phone, hours) as it was at order time */
  delivery_store_info: string;
  buyer_ask_delivery_time: string;
  /** pickup or virtual verification code */
  verify_code: string;
  goods_money_cents: number;
  delivery_money_cents: number;
  promotion_money_cents: number;
  coupon_money_cents: number;
  point_money_cents: number;
  balance_money_cents: number;
  /** staff price adjustment before payment; may be negative */
  adjust_money_cents: number;
  invoice_money_cents: number;
  order_money_cents: number;
  pay_money_cents: number;
  /** points used */
  point: number;
  goods_num: number;
  is_invoice: number;
  invoice_type: number;
  invoice_title_type: number;
  invoice_title: string;
  taxpayer_number: string;
  invoice_content: string;
  invoice_email: string;
  invoice_full_address: string;
  buyer_message: string;
  create_time: number;
  delivery_time: number;
  sign_time: number;
  finish_time: number;
  close_time: number;
  close_cause: string;
  /** when an unpaid order closes by itself */
  auto_close_time: number;
  /** hidden from the member's list (deleted by the member) */
  is_delete: number;
  is_evaluate: number;
  /** migration 0028: the promotion it was bought at, "" | seckill | groupbuy | bundling (modules/promotion) */
  promotion_type: Generated<string>;
  /** migration 0028: the seckill_id / groupbuy_id / bl_id, 0 for an ordinary order */
  promotion_id: Generated<number>;
}

export interface OrderGoodsTable {
  order_goods_id: Generated<number>;
  order_id: number;
  member_id: number;
  site_id: number;
  goods_id: number;
  sku_id: number;
  sku_name: string;
  sku_image: string;
  sku_no: string;
  goods_name: string;
  spec_name: string;
  goods_class: number;
  /** unit price paid (member/discount price at order time) */
  price_cents: number;
  num: number;
  goods_money_cents: number;
  real_goods_money_cents: number;
  /** 0 not shipped, 1 shipped */
  delivery_status: number;
  refund_status: number;
  is_evaluate: number;
}

export interface OrderLogTable {
  id: Generated<number>;
  order_id: number;
  action: string;
  from_status: number;
  to_status: number;
  /** member | staff | system */
  actor_type: string;
  actor_id: number;
  actor_name: string;
  remark: string;
  create_time: number;
}

export interface OrderPackageTable {
  package_id: Generated<number>;
  order_id: number;
  package_name: string;
  /** 1 express, 0 no logistics needed */
  delivery_type: number;
  express_company_id: number;
  express_company_name: string;
  delivery_no: string;
  /** ",1,2," */
  order_goods_ids: string;
  /** JSON [{time, remark}] entered at shipping and by the logistics provider */
  trace: string;
  delivery_time: number;
  staff_id: number;
}

export interface ExpressCompanyTable {
  company_id: Generated<number>;
  company_name: string;
  code: string;
  sort: number;
}

/** A trade: what the gateway is asked to collect, for one or several orders. */
export interface PayTable {
  id: Generated<number>;
  out_trade_no: string;
  member_id: number;
  pay_body: string;
  pay_money_cents: number;
  pay_type: string;
  /** 0 pending, 1 paying, 2 paid, -1 cancelled */
  pay_status: number;
  /** the gateway's own trade number */
  trade_no: string;
  pay_time: number;
  /** ",1,2," */
  order_ids: string;
  create_time: number;
  close_time: number;
  /** 0 none, 1 paid after its orders closed: to refund, 2 refunded */
  refund_status: number;
}

export interface PayNotifyLogTable {
  id: Generated<number>;
  provider: string;
  out_trade_no: string;
  trade_no: string;
  amount_cents: number;
  verified: number;
  outcome: string;
  raw: string;
  create_time: number;
}

export interface ExpressTemplateTable {
  template_id: Generated<number>;
  template_name: string;
  /** 1 by weight (grams), 2 by item count */
  fee_type: number;
  is_default: number;
}

export interface ExpressTemplateItemTable {
  id: Generated<number>;
  template_id: number;
  /** ",110000,310000," province codes; "" = everywhere else */
  region_ids: string;
  first_unit: number;
  first_cents: number;
  continue_unit: number;
  continue_cents: number;
}
