import { OPEN_REFUND_STATUSES, REFUND_STATUS_NAMES, RefundStatus, type RefundAction } from "@shop/contract";
import { days } from "../../core/time.ts";
import { OrderStatus, OrderType } from "../order/state-machine.ts";

/**
 * The refund rules other modules need without loading the refund services (pure functions):
 * which order statuses may ask for refunds, what a line's refund status lets the member do, and
 * what it blocks (receipt, evaluation).
 */

/** Order statuses (state-machine.ts) after payment and before closing. */
const PAID_STATUSES: readonly number[] = [1, 2, 3, 4, 10, 11, 12];
/** The goods reached the buyer: received / picked up, then completed (the after-sale window runs from sign_time). */
const RECEIVED_STATUSES: readonly number[] = [OrderStatus.RECEIVED, OrderStatus.COMPLETE];

export const refundStatusName = (status: number): string => REFUND_STATUS_NAMES[status] ?? "";

export const isOpenRefund = (status: number): boolean => OPEN_REFUND_STATUSES.includes(status);

/**
 * The line refund statuses that let its goods be evaluated: none, refused (-1), closed (-2). A
 * refund in progress (1 2 4 5 6) or money given back (3, -3) keeps the line out. The one source for
 * the evaluations (modules/evaluate), which also filter by it in SQL.
 */
export const EVALUABLE_REFUND_STATUSES: readonly number[] = [RefundStatus.NONE, RefundStatus.REFUSED, RefundStatus.CLOSED];

export const refundAllowsEvaluation = (refundStatus: number): boolean => EVALUABLE_REFUND_STATUSES.includes(refundStatus);

/** True when receipt is blocked: some line has a refund in progress (the member may not confirm receipt then). */
export const refundBlocksReceipt = (lineStatuses: readonly number[]): boolean => lineStatuses.some(isOpenRefund);

/** Line statuses from which a new refund may be asked (none yet, refused, closed, partly refunded). */
export const CAN_ASK_FROM: readonly number[] = [RefundStatus.NONE, RefundStatus.REFUSED, RefundStatus.CLOSED, RefundStatus.PARTIAL];

export interface OrderForRefund {
  order_status: number;
  order_type: number;
  /** when the goods were received / picked up / the code used (0 before) */
  sign_time: number;
}

/** A virtual order whose code was used (已使用, then 已完成): its goods were consumed. */
const virtualUsed = (order: OrderForRefund): boolean =>
  order.order_type === OrderType.VIRTUAL && (order.order_status === OrderStatus.USED || order.order_status === OrderStatus.COMPLETE);

/**
 * Why an order cannot have refunds asked now ("" when it can): unpaid and closed orders cannot,
 * used virtual goods cannot (used, or completed after use), goods received or picked up (已收货 /
 * 已提货, then 已完成) only within after_sale_days of receipt (sign_time).
 */
export function orderRefundBlock(order: OrderForRefund, afterSaleDays: number, at: number): string {
  if (!PAID_STATUSES.includes(order.order_status)) return order.order_status === OrderStatus.CLOSED ? "订单已关闭，不能申请退款" : "订单尚未支付，不能申请退款";
  if (virtualUsed(order)) return "虚拟商品已使用，不能申请退款";
  if (RECEIVED_STATUSES.includes(order.order_status) && order.sign_time > 0 && at > order.sign_time + days(afterSaleDays)) return "订单已超过售后期，不能申请退款";
  return "";
}

/** The goods are in the buyer's hands (received, picked up, completed): an unanswered 仅退款 is agreed but not paid by the timer. */
export const goodsWithBuyer = (orderStatus: number): boolean => RECEIVED_STATUSES.includes(orderStatus);

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
