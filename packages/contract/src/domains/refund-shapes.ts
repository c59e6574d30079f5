import type { Page } from "../codes.ts";
import type { OrderGoods } from "./order.ts";

/**
 * Refunds, returns and complaints on the wire (issue 9): statuses with their names, and the shapes
 * the calls answer. The calls themselves (request schemas) are in refund.ts, which re-exports this
 * file; import both from "@shop/contract".
 */

// ---- statuses -------------------------------------------------------------------------------

/** Refund statuses of the reference (order_goods.refund_status), by name. */
export const RefundStatus = {
  /** no refund asked */
  NONE: 0,
  /** the buyer asked; waiting for the shop */
  APPLY: 1,
  /** agreed (仅退款, or a return received): waiting for the shop to send the money */
  CONFIRM: 2,
  /** the whole line is refunded */
  COMPLETE: 3,
  /** 退货退款 agreed: the buyer is to send the goods back (with the return address) */
  WAIT_DELIVERY: 4,
  /** the buyer sent the goods back: the shop is to receive them */
  WAIT_TAKEDELIVERY: 5,
  /** the shop received the returned goods: the money goes next */
  TAKEDELIVERY: 6,
  /** the shop refused (reason in refund_refuse_reason); the buyer may ask again or complain */
  REFUSED: -1,
  /** closed without money: cancelled by the buyer, or the return was never shipped in time */
  CLOSED: -2,
  /** refunded, but less than the line's paid money; the buyer may ask again for the rest */
  PARTIAL: -3,
} as const;
export type RefundStatusValue = (typeof RefundStatus)[keyof typeof RefundStatus];

/** The statuses' names, shown as they are (order lines, lists, detail). */
export const REFUND_STATUS_NAMES: Record<number, string> = {
  0: "", 1: "申请退款", 2: "待转账", 3: "退款完成", 4: "待买家退货", 5: "待卖家收货", 6: "卖家已收货",
  [-1]: "退款被拒绝", [-2]: "退款已关闭", [-3]: "部分退款",
};

/** A refund still in progress: the line's goods cannot be received or evaluated meanwhile. */
export const OPEN_REFUND_STATUSES: readonly number[] = [1, 2, 4, 5, 6];

/**
 * The gateway part of a finished refund (refund_pay_status; the balance part is back at once):
 * 0 none, 1 to send (the refund job calls the gateway), 2 sent (the gateway accepted it; its
 * result comes in a refund notify), 3 arrived (the gateway reported the money back with the buyer),
 * -1 abnormal (it could not be paid back, e.g. a cancelled card) and -2 closed by the gateway —
 * both wait for staff, who resend it from the gateway's merchant console. Alipay answers the
 * result at once (1 → 3); WeChat Pay and the sandbox go 1 → 2 → 3 (or straight to 3 when the
 * notify is first). Docs: docs/api/refund.md (Refund results).
 */
export const RefundPayStatus = { NONE: 0, TO_SEND: 1, SENT: 2, ARRIVED: 3, ABNORMAL: -1, CLOSED: -2 } as const;
export const REFUND_PAY_STATUS_NAMES: Record<number, string> = {
  0: "", 1: "待退回", 2: "退款中", 3: "已到账", [-1]: "退款异常，待商家处理", [-2]: "退款已关闭，待商家处理",
};

/** 1 仅退款 (money only), 2 退货退款 (return the goods, then the money; only once shipped). */
export const RefundType = { MONEY: 1, RETURN: 2 } as const;
export const REFUND_TYPE_NAMES: Record<number, string> = { 1: "仅退款", 2: "退货退款" };

/** The /member/activist tabs: 全部, 处理中 (1 2 4 5 6), 已拒绝 (-1), 已完成 (3 -3), 已关闭 (-2). */
export const REFUND_LIST_FILTERS = ["all", "doing", "refused", "finished", "closed"] as const;
export type RefundListFilter = (typeof REFUND_LIST_FILTERS)[number];

/** Complaint statuses: 1 待平台处理, 2 已处理, -1 已撤销. */
export const ComplainStatus = { WAITING: 1, HANDLED: 2, CANCELLED: -1 } as const;
export const COMPLAIN_STATUS_NAMES: Record<number, string> = { 1: "待平台处理", 2: "已处理", [-1]: "已撤销" };

// ---- shared shapes --------------------------------------------------------------------------

/**
 * What the member may do with a line now (the reference's `member_action` entries):
 * orderRefundApply 申请退款 (status 0, or -3 for the rest) · orderRefundAsk 重新申请 (after -1 or -2) ·
 * orderRefundCancel 撤销申请 (1, 4, -1) · orderRefundDelivery 填写退货物流 (4) ·
 * orderRefundComplain 申请平台介入 (-1, no complaint yet) · orderComplainDetail 查看投诉 (a complaint exists) ·
 * orderRefundDetail 查看退款 (any status but 0).
 */
export type RefundActionName =
  | "orderRefundApply" | "orderRefundAsk" | "orderRefundCancel" | "orderRefundDelivery"
  | "orderRefundComplain" | "orderComplainDetail" | "orderRefundDetail";

export interface RefundAction {
  event: RefundActionName;
  /** the button's text */
  title: string;
  /** "primary" for the action the shopper most likely wants, "" otherwise */
  color: string;
}

/** One order line as the refund pages show it: the order's line (domains/order.ts) with its order and what was paid for it. */
export interface RefundLine
  extends Pick<
    OrderGoods,
    | "order_goods_id" | "goods_id" | "sku_id" | "sku_name" | "sku_image" | "goods_name" | "spec_name" | "price" | "num"
    | "delivery_status" | "refund_status" | "refund_status_name"
  > {
  order_id: number;
  order_no: string;
  /** what was paid for the line (after discounts, before shipping) */
  real_goods_money: string;
}

/** The shop's address the buyer sends returned goods to (staff give it when asking for the goods). */
export interface RefundAddress {
  name: string;
  mobile: string;
  address: string;
}

/** One line of a refund's timeline (oldest first). */
export interface RefundLogEntry {
  /** the status reached */
  refund_status: number;
  refund_status_name: string;
  /** what happened, e.g. 买家申请退款, 卖家同意退款, 系统自动同意 */
  action: string;
  /** 1 buyer, 2 shop (staff), 3 system (timers), 4 platform (complaint handling) */
  action_way: number;
  /** 买家 / 商家 / 系统 / 平台 to members; staff see the staff member's name */
  actor_name: string;
  /** the reason, answer or tracking number given with the action */
  remark: string;
  action_time: number;
}

/** A complaint about a refused refund, as the buyer sees it. */
export interface ComplainInfo {
  complain_id: number;
  order_goods_id: number;
  refund_id: number;
  complain_status: number;
  complain_status_name: string;
  complain_reason: string;
  complain_remark: string;
  complain_images: string[];
  /** the platform's answer ("" until handled) */
  handle_remark: string;
  /** 1 when the platform sided with the buyer and the refund went on as agreed */
  refund_agreed: number;
  create_time: number;
  handle_time: number;
  cancel_time: number;
}

/** The line's refund as /api/orderrefund/detail shows it (the latest refund of the line). */
export interface RefundDetail extends RefundLine {
  refund_id: number;
  /** our refund number: also the refund number given to the payment provider */
  refund_no: string;
  refund_type: number;
  refund_type_name: string;
  refund_reason: string;
  refund_remark: string;
  refund_images: string[];
  /** the amount asked */
  refund_apply_money: string;
  /** the amount sent back by this refund (0.00 until finished) */
  refund_real_money: string;
  /** of refund_real_money: the part back to the balance, and the part back through the gateway */
  refund_balance_money: string;
  refund_pay_money: string;
  /** the gateway part (RefundPayStatus): 0 none, 1 to send, 2 sent, 3 arrived, -1 abnormal, -2 closed (both: staff to act) */
  refund_pay_status: number;
  /** REFUND_PAY_STATUS_NAMES: "" · 待退回 · 退款中 · 已到账 · 退款异常，待商家处理 · 退款已关闭，待商家处理 */
  refund_pay_status_name: string;
  /** the shipping fee included in refund_apply_money (only the last line refunded before shipping) */
  refund_delivery_money: string;
  /** points returned with this refund (whole order refunded) */
  refund_point: number;
  /** every refund of the line so far, summed (partial refunds included) */
  refund_total_real_money: string;
  /** how the money goes back: 原路退回（余额 + 微信支付）… */
  refund_way_name: string;
  /** the shop's reason when it refused ("" otherwise) */
  refund_refuse_reason: string;
  /** the shop's remark when it agreed or transferred */
  shop_remark: string;
  /** where to send the goods back (status 4 onwards for 退货退款); null otherwise */
  refund_address: RefundAddress | null;
  refund_delivery_name: string;
  refund_delivery_no: string;
  refund_delivery_remark: string;
  /** when the refund was asked */
  refund_action_time: number;
  /** when the money was sent (0 = not yet) */
  refund_time: number;
  /** status 1: when the refund is agreed by itself if the shop does not answer (0 otherwise) */
  auto_agree_time: number;
  /** status 4: when the refund closes if the buyer has not sent the goods back (0 otherwise) */
  delivery_deadline: number;
  refund_log: RefundLogEntry[];
  /** what the buyer may do now */
  refund_action: RefundAction[];
  /** the complaint about this refund, if any */
  complain: ComplainInfo | null;
}

/** What a line offers before asking (/api/orderrefund/refundData). */
export interface RefundData {
  order_goods_info: RefundLine;
  /** at most this much may be asked now (default of refund_money) */
  refund_money: string;
  /** the shipping fee inside refund_money (0.00 unless this is the last line refunded before shipping) */
  refund_delivery_money: string;
  /** refund types offered: [1] before shipping, [1, 2] once shipped or received */
  refund_type: number[];
  /** the configured reasons to choose from */
  refund_reason_type: string[];
  /** how many pictures may be attached */
  refund_images_max: number;
}

/** Several lines at once (/api/orderrefund/refundDataBatch): /order/batchrefund and /order/orderbatch_refund. */
export interface RefundBatchData {
  order_id: number;
  order_no: string;
  /** the lines that may be refunded now (asked-for lines that cannot are left out, see skipped) */
  order_goods_list: Array<RefundLine & { refund_money: string }>;
  /** lines asked for that cannot be refunded now, with why */
  skipped: Array<{ order_goods_id: number; reason: string }>;
  /** the sum of the lines' refundable money (shipping included when the batch empties an unshipped order) */
  refund_money: string;
  refund_delivery_money: string;
  /** types every listed line offers */
  refund_type: number[];
  refund_reason_type: string[];
  refund_images_max: number;
}

/** /api/orderrefund/lists: one entry per line with a refund (its latest refund). */
export interface RefundListItem extends RefundLine {
  refund_id: number;
  refund_no: string;
  refund_type: number;
  refund_type_name: string;
  refund_apply_money: string;
  refund_real_money: string;
  refund_action_time: number;
  refund_action: RefundAction[];
}

export interface RefundListPage extends Page<RefundListItem> {
  /** entries per tab, for the tab badges */
  counts: Record<RefundListFilter, number>;
}

/** /api/orderrefund/refund answers the lines it opened refunds for. */
export interface RefundApplyResult {
  order_goods_ids: number[];
  refund_ids: number[];
}

/** /api/ordercomplain/detail: the refused refund and its complaint (if any). */
export interface ComplainDetail {
  refund: Pick<RefundDetail, "refund_id" | "refund_no" | "order_goods_id" | "order_id" | "order_no" | "sku_id" | "sku_name" | "sku_image"
    | "spec_name" | "price" | "num" | "real_goods_money" | "refund_type_name" | "refund_status" | "refund_status_name" | "refund_apply_money" | "refund_reason"
    | "refund_refuse_reason">;
  /** true while a complaint may be filed (refund refused, none filed for it yet) */
  can_complain: boolean;
  complain: ComplainInfo | null;
  /** the configured reasons to choose from */
  complain_reason_type: string[];
  complain_images_max: number;
}

export type ComplainListItem = ComplainInfo & Pick<RefundLine, "order_no" | "sku_name" | "sku_image" | "spec_name" | "num">;

// ---- staff ----------------------------------------------------------------------------------

/** What staff may do with a refund now: agree, refuse, receive (goods back), transfer (send the money). */
export type StaffRefundActionName = "agree" | "refuse" | "receive" | "transfer";

export interface StaffRefundListItem extends RefundListItem {
  member_id: number;
  member_username: string;
  member_nickname: string;
  staff_actions: StaffRefundActionName[];
}

export interface StaffRefundDetail extends RefundDetail {
  member_id: number;
  member_username: string;
  member_nickname: string;
  /** the order's pay type and its money split (for the transfer) */
  pay_type: string;
  pay_type_name: string;
  order_money: string;
  order_balance_money: string;
  order_pay_money: string;
  staff_actions: StaffRefundActionName[];
  /** the configured return address, offered as the default when asking for the goods back */
  default_refund_address: RefundAddress;
}

export interface StaffComplainListItem extends ComplainListItem {
  member_id: number;
  member_username: string;
  member_nickname: string;
}

export interface StaffComplainDetail extends ComplainInfo {
  member_id: number;
  member_username: string;
  member_nickname: string;
  refund: StaffRefundDetail;
}
