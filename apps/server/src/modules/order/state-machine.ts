import { Code } from "@shop/contract/codes";
import type { Db } from "../../db/unit-of-work.ts";
import { inUnitOfWork } from "../../db/unit-of-work.ts";
import { affectedRows } from "../../db/conditional.ts";
import { BizError } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { recordEvent, type DomainEventName } from "../../core/events.ts";

/**
 * The order state machine (ADR 0004): the statuses of the wire contract and the only transitions
 * between them. Every status change in the shop goes through `transitionOrder`, which applies it
 * as `UPDATE … WHERE order_status = :from` (so two racing callers cannot both move an order) and
 * writes an order_log row (who, when, from, to, why) in the same unit of work.
 */
export const OrderStatus = {
  CLOSED: -1,
  WAIT_PAY: 0,
  WAIT_SEND: 1,
  WAIT_PICKUP: 2,
  SHIPPED: 3,
  /** received (express/local) or picked up (pickup) */
  RECEIVED: 4,
  COMPLETE: 10,
  WAIT_USE: 11,
  USED: 12,
} as const;
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus];

/** 1 express, 2 pickup, 3 local delivery, 4 virtual */
export const OrderType = { EXPRESS: 1, PICKUP: 2, LOCAL: 3, VIRTUAL: 4 } as const;
export type OrderTypeValue = (typeof OrderType)[keyof typeof OrderType];

export const ORDER_TYPE_NAMES: Record<number, string> = { 1: "普通订单", 2: "自提订单", 3: "外卖订单", 4: "虚拟订单" };

/** Chinese status names; pickup and virtual orders name some statuses their own way. */
export function orderStatusName(status: number, orderType: number): string {
  if (orderType === OrderType.PICKUP) {
    if (status === OrderStatus.WAIT_PICKUP) return "待提货";
    if (status === OrderStatus.RECEIVED) return "已提货";
  }
  const names: Record<number, string> = {
    [-1]: "已关闭", 0: "待支付", 1: "待发货", 2: "待提货", 3: "已发货", 4: "已收货", 10: "已完成", 11: "待使用", 12: "已使用",
  };
  return names[status] ?? "未知状态";
}

/** What happens to an order; each event is allowed from some statuses, per order type. */
export type OrderEvent = "pay" | "ship" | "take_delivery" | "verify" | "complete" | "close" | "refund_close";

interface Transition {
  from: OrderStatusValue;
  to: OrderStatusValue;
}

/** The one table of allowed transitions: event → order type → from → to. */
function transitionFor(event: OrderEvent, orderType: number, from: number): Transition | undefined {
  const t = (f: OrderStatusValue, to: OrderStatusValue): Transition | undefined => (f === from ? { from: f, to } : undefined);
  switch (event) {
    case "pay": {
      const paidStatus =
        orderType === OrderType.PICKUP ? OrderStatus.WAIT_PICKUP : orderType === OrderType.VIRTUAL ? OrderStatus.WAIT_USE : OrderStatus.WAIT_SEND;
      return t(OrderStatus.WAIT_PAY, paidStatus);
    }
    case "ship":
      return orderType === OrderType.EXPRESS || orderType === OrderType.LOCAL ? t(OrderStatus.WAIT_SEND, OrderStatus.SHIPPED) : undefined;
    case "take_delivery":
      return orderType === OrderType.EXPRESS || orderType === OrderType.LOCAL ? t(OrderStatus.SHIPPED, OrderStatus.RECEIVED) : undefined;
    case "verify":
      if (orderType === OrderType.PICKUP) return t(OrderStatus.WAIT_PICKUP, OrderStatus.RECEIVED);
      if (orderType === OrderType.VIRTUAL) return t(OrderStatus.WAIT_USE, OrderStatus.USED);
      return undefined;
    case "complete":
      // Each type completes from its own last status: virtual orders never are "received", the others never "used".
      return orderType === OrderType.VIRTUAL ? t(OrderStatus.USED, OrderStatus.COMPLETE) : t(OrderStatus.RECEIVED, OrderStatus.COMPLETE);
    case "close":
      return t(OrderStatus.WAIT_PAY, OrderStatus.CLOSED);
    case "refund_close": {
      // A paid order whose every line was refunded (modules/refund): from each status its type has after payment.
      const paid: Record<number, OrderStatusValue[]> = {
        [OrderType.EXPRESS]: [OrderStatus.WAIT_SEND, OrderStatus.SHIPPED, OrderStatus.RECEIVED, OrderStatus.COMPLETE],
        [OrderType.LOCAL]: [OrderStatus.WAIT_SEND, OrderStatus.SHIPPED, OrderStatus.RECEIVED, OrderStatus.COMPLETE],
        [OrderType.PICKUP]: [OrderStatus.WAIT_PICKUP, OrderStatus.RECEIVED, OrderStatus.COMPLETE],
        [OrderType.VIRTUAL]: [OrderStatus.WAIT_USE, OrderStatus.USED, OrderStatus.COMPLETE],
      };
      const status = paid[orderType]?.find((candidate) => candidate === from);
      return status === undefined ? undefined : t(status, OrderStatus.CLOSED);
    }
  }
}

/** True when `event` may happen to an order of this type in this status (for the actions a page offers). */
export function canTransition(event: OrderEvent, orderType: number, from: number): boolean {
  return transitionFor(event, orderType, from) !== undefined;
}

export interface Actor {
  type: "member" | "staff" | "system";
  id: number;
  name: string;
}

export const SYSTEM: Actor = { type: "system", id: 0, name: "系统" };

/** Who acted, as a shopper sees it (staff see names): by Actor type, plus the platform answering complaints. */
export const ACTOR_ROLES = { member: "买家", staff: "商家", system: "系统", platform: "平台" } as const;
export type ActorRole = keyof typeof ACTOR_ROLES;

const EVENT_NAMES: Record<OrderEvent, string> = {
  pay: "支付", ship: "发货", take_delivery: "确认收货", verify: "核销", complete: "完成", close: "关闭",
  refund_close: "全部退款后关闭",
};

/** Columns stamped with the time of the transition. */
const TIME_COLUMN: Partial<Record<OrderEvent, "pay_time" | "delivery_time" | "sign_time" | "finish_time" | "close_time">> = {
  pay: "pay_time", ship: "delivery_time", take_delivery: "sign_time", verify: "sign_time", complete: "finish_time", close: "close_time",
  refund_close: "close_time",
};

/** The domain event (core/events.ts) each transition records in its unit of work. */
const DOMAIN_EVENT_OF: Partial<Record<OrderEvent, DomainEventName>> = {
  pay: "order.paid", ship: "order.shipped", close: "order.closed", complete: "order.completed", refund_close: "order.refund_closed",
};

export interface TransitionResult {
  from: OrderStatusValue;
  to: OrderStatusValue;
}

/**
 * Moves an order by `event`, or throws a clear -1 error when the order's status does not allow it
 * (including when a concurrent caller moved it first). `extra` columns are set in the same update.
 */
export async function transitionOrder(
  tx: Db,
  orderId: number,
  event: OrderEvent,
  actor: Actor,
  reason = "",
  extra: Record<string, string | number> = {},
): Promise<TransitionResult> {
  if (!inUnitOfWork(tx)) throw new Error("transitionOrder must run inside a unit of work");
  const order = await tx.selectFrom("orders").select(["order_status", "order_type"]).where("order_id", "=", orderId).executeTakeFirst();
  if (!order) throw new BizError("订单不存在", Code.ERROR);
  const transition = transitionFor(event, order.order_type, order.order_status);
  if (!transition) {
    throw new BizError(`订单当前状态为「${orderStatusName(order.order_status, order.order_type)}」，不能${EVENT_NAMES[event]}`, Code.ERROR);
  }
  const at = now();
  const timeColumn = TIME_COLUMN[event];
  const result = await tx
    .updateTable("orders")
    .set({ ...extra, order_status: transition.to, ...(timeColumn ? { [timeColumn]: at } : {}) })
    .where("order_id", "=", orderId)
    .where("order_status", "=", transition.from)
    .executeTakeFirst();
  if (affectedRows(result) !== 1) throw new BizError("订单状态已变化，请刷新后重试", Code.ERROR);
  await tx
    .insertInto("order_log")
    .values({
      order_id: orderId,
      action: event,
      from_status: transition.from,
      to_status: transition.to,
      actor_type: actor.type,
      actor_id: actor.id,
      actor_name: actor.name,
      remark: reason.slice(0, 255),
      create_time: at,
    })
    .execute();
  // Growth, gifts and notifications subscribe to these (ADR 0030); the state machine names none of them.
  const domainEvent = DOMAIN_EVENT_OF[event];
  if (domainEvent) await recordEvent(tx, { name: domainEvent, id: orderId, data: { from: transition.from, to: transition.to, actor_type: actor.type } });
  return transition;
}

/** Writes a log line for an order event that changes no status (price adjusted, package added, …). */
export async function logOrderEvent(tx: Db, orderId: number, action: string, status: number, actor: Actor, remark: string): Promise<void> {
  await tx
    .insertInto("order_log")
    .values({ order_id: orderId, action, from_status: status, to_status: status, actor_type: actor.type, actor_id: actor.id, actor_name: actor.name, remark: remark.slice(0, 255), create_time: now() })
    .execute();
}
