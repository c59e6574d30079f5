import { OPEN_REFUND_STATUSES, REFUND_STATUS_NAMES, RefundStatus, type RefundAction } from "@shop/contract";

/**
 * The refund rules other modules need without loading the refund services (pure functions):
 * which order statuses may ask for refunds, what a line's refund status lets the member do, and
 * what it blocks (receipt, evaluation).
 */

/** Order statuses (state-machine.ts) after payment and before closing. */
const PAID_STATUSES: readonly number[] = [1, 2, 3, 4, 10, 11, 12];
const COMPLETE = 10;
const USED = 12;

export const refundStatusName = (status: number): string => REFUND_STATUS_NAMES[status] ?? "";

export const isOpenRefund = (status: number): boolean => OPEN_REFUND_STATUSES.includes(status);

/**
 * True when a line's refund status means its goods may not be evaluated: a refund in progress, or
 * money given back for it (in full or in part). A refused or closed refund does not block.
 */
export function refundBlocksEvaluation(refundStatus: number): boolean {
  return isOpenRefund(refundStatus) || refundStatus === RefundStatus.COMPLETE || refundStatus === RefundStatus.PARTIAL;
}

/** True while a member may receive the order: no line has a refund in progress. */
export const refundBlocksReceipt = (lineStatuses: readonly number[]): boolean => lineStatuses.some(isOpenRefund);

/** Line statuses from which a new refund may be asked (none yet, refused, closed, partly refunded). */
export const CAN_ASK_FROM: readonly number[] = [RefundStatus.NONE, RefundStatus.REFUSED, RefundStatus.CLOSED, RefundStatus.PARTIAL];

export interface OrderForRefund {
  order_status: number;
  finish_time: number;
}

/**
 * Why an order cannot have refunds asked now ("" when it can): unpaid and closed orders cannot,
 * used virtual codes cannot, a completed order only within after_sale_days of its completion.
 */
export function orderRefundBlock(order: OrderForRefund, afterSaleDays: number, at: number): string {
  if (!PAID_STATUSES.includes(order.order_status)) return order.order_status === -1 ? "订单已关闭，不能申请退款" : "订单尚未支付，不能申请退款";
  if (order.order_status === USED) return "虚拟商品已使用，不能申请退款";
  if (order.order_status === COMPLETE && order.finish_time > 0 && at > order.finish_time + afterSaleDays * 86400) return "订单已超过售后期，不能申请退款";
  return "";
}

export interface LineForActions {
  refund_status: number;
  /** the line's latest refund has a complaint */
  has_complaint: boolean;
}

const action = (event: RefundAction["event"], title: string, color = ""): RefundAction => ({ event, title, color });

/**
 * What the member may do with a line's refund (the reference's member_action). `canAsk` says
 * whether the order still takes refunds (orderRefundBlock) and the line has money left to refund.
 */
export function memberRefundActions(line: LineForActions, canAsk: boolean): RefundAction[] {
  const status = line.refund_status;
  const actions: RefundAction[] = [];
  if (canAsk && status === RefundStatus.NONE) actions.push(action("orderRefundApply", "申请退款"));
  if (canAsk && status === RefundStatus.PARTIAL) actions.push(action("orderRefundApply", "申请退款"));
  if (canAsk && (status === RefundStatus.REFUSED || status === RefundStatus.CLOSED)) actions.push(action("orderRefundAsk", "重新申请"));
  if (status === RefundStatus.WAIT_DELIVERY) actions.push(action("orderRefundDelivery", "填写退货物流", "primary"));
  if (status === RefundStatus.APPLY || status === RefundStatus.WAIT_DELIVERY || status === RefundStatus.REFUSED) {
    actions.push(action("orderRefundCancel", "撤销申请"));
  }
  if (status === RefundStatus.REFUSED && !line.has_complaint) actions.push(action("orderRefundComplain", "申请平台介入"));
  if (line.has_complaint) actions.push(action("orderComplainDetail", "查看投诉"));
  if (status !== RefundStatus.NONE) actions.push(action("orderRefundDetail", "查看退款"));
  return actions;
}
