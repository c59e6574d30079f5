import type { Generated } from "kysely";

/** Tables of migration 0018: refunds, their timelines and complaints (modules/refund, ADR 0012). */
export interface RefundTables {
  order_refund: OrderRefundTable;
  order_refund_log: OrderRefundLogTable;
  order_complain: OrderComplainTable;
}

/** One refund asked for one order line; order_goods.refund_status mirrors the line's latest. */
export interface OrderRefundTable {
  refund_id: Generated<number>;
  /** ours, unique; also the gateway's refund number (out_refund_no) */
  refund_no: string;
  order_id: number;
  order_goods_id: number;
  member_id: number;
  /** 1 仅退款, 2 退货退款 */
  refund_type: number;
  /** the reference's refund statuses (contract RefundStatus) */
  refund_status: number;
  refund_reason: string;
  refund_remark: string;
  /** uploaded picture paths, comma-separated (as evaluations store theirs; migration 0021) */
  refund_images: string;
  /** the goods money asked (counted against the line's paid money) */
  refund_apply_money_cents: number;
  /** the order's extras (shipping, invoice fee, adjustment) sent with the refund that empties an unshipped order */
  refund_delivery_money_cents: number;
  /** money actually sent back (0 until transferred) = balance part + gateway part */
  refund_real_money_cents: number;
  refund_balance_money_cents: number;
  refund_pay_money_cents: number;
  /** the gateway part: 0 none, 1 the refund job is to send it, 2 sent */
  refund_pay_status: number;
  /** points given back with this refund (the whole order refunded) */
  refund_point: number;
  refund_refuse_reason: string;
  shop_remark: string;
  /** JSON {name, mobile, address} the buyer sends returned goods to; "" before asked */
  refund_address: string;
  refund_delivery_name: string;
  refund_delivery_no: string;
  refund_delivery_remark: string;
  create_time: number;
  update_time: number;
  /** when the money was sent (0 = not yet) */
  refund_time: number;
  /** status 1: when the auto-agree timer runs */
  auto_agree_time: number;
  /** status 4: when the return closes if the buyer has not shipped */
  delivery_deadline: number;
  /** status -1: the status it was refused from (1, or 5 with the goods on their way back); migration 0021 */
  refused_from: Generated<number>;
}

export interface OrderRefundLogTable {
  id: Generated<number>;
  refund_id: number;
  order_goods_id: number;
  refund_status: number;
  action: string;
  /** 1 buyer, 2 shop, 3 system, 4 platform */
  action_way: number;
  actor_id: number;
  actor_name: string;
  remark: string;
  action_time: number;
}

/** A complaint about a refused refund: unique per refund. */
export interface OrderComplainTable {
  complain_id: Generated<number>;
  refund_id: number;
  order_goods_id: number;
  order_id: number;
  member_id: number;
  /** 1 待平台处理, 2 已处理, -1 已撤销 */
  complain_status: number;
  complain_reason: string;
  complain_remark: string;
  /** picture paths, comma-separated */
  complain_images: string;
  handle_remark: string;
  /** 1 when the platform sided with the buyer (the refund went on as agreed) */
  refund_agreed: number;
  staff_id: number;
  create_time: number;
  handle_time: number;
  cancel_time: number;
}
