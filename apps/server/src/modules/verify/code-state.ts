import { VERIFY_TYPES, VerifyStatus, type OrderVerifyState, type VerifyType } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { DAY_SECONDS, now, shopIsoString } from "../../core/time.ts";
import { OrderStatus, OrderType } from "../order/state-machine.ts";

/**
 * The state of a pickup / virtual order's code: its kind, whether it was used, and when a virtual
 * code expires. The expiry is not stored: it is the payment time plus the goods' validity days
 * (goods.virtual_indate, 0 = never), so the order detail and the verification agree by construction.
 */


export const verifyTypeOf = (orderType: number): VerifyType => (orderType === OrderType.PICKUP ? "pickup" : "virtualgoods");
export const verifyTypeName = (type: VerifyType): string => VERIFY_TYPES[type];

/** Statuses an order reaches only by its code being used (pickup 已提货 → 已完成, virtual 已使用 → 已完成). */
export function isCodeUsed(order: { order_type: number; order_status: number }): boolean {
  const used: number[] =
    order.order_type === OrderType.PICKUP ? [OrderStatus.RECEIVED, OrderStatus.COMPLETE] : [OrderStatus.USED, OrderStatus.COMPLETE];
  return used.includes(order.order_status);
}

/**
 * When a virtual order's code expires: its payment time plus the shortest validity (days) of its
 * goods that have one; 0 when none has one, or the order is not paid or not virtual.
 */
export async function virtualExpireTime(db: Db, order: { order_id: number; order_type: number; pay_time: number }): Promise<number> {
  if (order.order_type !== OrderType.VIRTUAL || order.pay_time <= 0) return 0;
  const row = await db
    .selectFrom("order_goods")
    .innerJoin("goods", "goods.goods_id", "order_goods.goods_id")
    .select((eb) => eb.fn.min("goods.virtual_indate").as("days"))
    .where("order_goods.order_id", "=", order.order_id)
    .where("goods.virtual_indate", ">", 0)
    .executeTakeFirst();
  const days = Number(row?.days ?? 0);
  return days > 0 ? order.pay_time + days * DAY_SECONDS : 0;
}

const isExpired = (expireTime: number, at = now()): boolean => expireTime > 0 && at >= expireTime;

/** 待提货 / 已提货, 待使用 / 已使用 / 已过期. */
export function verifyStatusOf(order: { order_type: number; order_status: number }, expireTime: number, at = now()): { status: number; name: string } {
  const pickup = order.order_type === OrderType.PICKUP;
  if (isCodeUsed(order)) return { status: VerifyStatus.USED, name: pickup ? "已提货" : "已使用" };
  if (isExpired(expireTime, at)) return { status: VerifyStatus.EXPIRED, name: "已过期" };
  return { status: VerifyStatus.UNUSED, name: pickup ? "待提货" : "待使用" };
}

const NO_CODE: OrderVerifyState = { verify_status: VerifyStatus.UNUSED, verify_status_name: "", verify_expire_time: 0, verify_time: 0 };

/** The code fields of an order's detail; `shown` is false when the detail shows no code (unpaid, closed, other types). */
export async function orderVerifyState(
  db: Db,
  order: { order_id: number; order_type: number; order_status: number; pay_time: number; sign_time: number },
  shown: boolean,
): Promise<OrderVerifyState> {
  if (!shown) return NO_CODE;
  const expireTime = await virtualExpireTime(db, order);
  const state = verifyStatusOf(order, expireTime);
  return {
    verify_status: state.status,
    verify_status_name: state.name,
    verify_expire_time: expireTime,
    verify_time: state.status === VerifyStatus.USED ? order.sign_time : 0,
  };
}

/** "2025-03-08 14:30", shop time (UTC+8), for the labelled lines of a record. */
export function shopDateTime(seconds: number): string {
  return shopIsoString(seconds).slice(0, 16).replace("T", " ");
}
