import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { closeOrder } from "./close.ts";
import { enqueueAutoComplete } from "./jobs.ts";
import { lockOrder } from "./order-lock.ts";
import { OrderStatus, canTransition, logOrderEvent, orderStatusName, transitionOrder, type Actor } from "./state-machine.ts";
import { findMemberOrder } from "./member-orders.ts";
import { refundBlocksReceipt } from "../refund/rules.ts";

/** What a member does to their own order: cancel it unpaid, confirm receipt, delete it once closed. */

export async function memberActor(db: Db, memberId: number): Promise<Actor> {
  const member = await db.selectFrom("member").select(["username", "nickname", "mobile"]).where("member_id", "=", memberId).executeTakeFirst();
  return { type: "member", id: memberId, name: member?.nickname || member?.username || member?.mobile || `会员${memberId}` };
}

const refuse = (status: number, orderType: number, what: string): never =>
  fail(`订单当前状态为「${orderStatusName(status, orderType)}」，不能${what}`);

/** Cancels an unpaid order: stock, balance and points go back (closeOrder). */
export async function closeByMember(db: Db, memberId: number, orderId: number, reason: string): Promise<null> {
  const order = await findMemberOrder(db, memberId, orderId);
  if (!canTransition("close", order.order_type, order.order_status)) refuse(order.order_status, order.order_type, "取消");
  const closed = await closeOrder(db, orderId, await memberActor(db, memberId), reason ? `买家取消订单：${reason}` : "买家取消订单");
  if (!closed) fail("订单状态已变化，请刷新后重试");
  return null;
}

/**
 * Confirms receipt, unless a line has a refund in progress. The refunds are read under the order's
 * row lock (as refunds are opened under it), so a refund being opened at the same moment is either
 * seen here or opened after the receipt — never missed. The completion timer starts with it.
 */
export async function takeDelivery(db: Db, memberId: number, orderId: number): Promise<null> {
  const order = await findMemberOrder(db, memberId, orderId);
  if (!canTransition("take_delivery", order.order_type, order.order_status)) refuse(order.order_status, order.order_type, "确认收货");
  const actor = await memberActor(db, memberId);
  await unitOfWork(db, async (tx) => {
    await lockOrder(tx, orderId);
    const lines = await tx.selectFrom("order_goods").select("refund_status").where("order_id", "=", orderId).execute();
    if (refundBlocksReceipt(lines.map((line) => line.refund_status))) fail("订单有商品正在退款中，请等待退款处理完成后再确认收货");
    await transitionOrder(tx, orderId, "take_delivery", actor, "买家确认收货");
    await enqueueAutoComplete(tx, orderId);
  });
  return null;
}

/** Only a closed order may be deleted; it stays in the database (staff still see it), hidden from the member. */
export async function deleteByMember(db: Db, memberId: number, orderId: number): Promise<null> {
  const order = await findMemberOrder(db, memberId, orderId);
  if (order.order_status !== OrderStatus.CLOSED) refuse(order.order_status, order.order_type, "删除");
  const actor = await memberActor(db, memberId);
  await unitOfWork(db, async (tx) => {
    const hidden = await tx
      .updateTable("orders")
      .set({ is_delete: 1 })
      .where("order_id", "=", orderId)
      .where("member_id", "=", memberId)
      .where("order_status", "=", OrderStatus.CLOSED)
      .where("is_delete", "=", 0)
      .executeTakeFirst();
    expectAffected(hidden, 1, "订单不存在");
    await logOrderEvent(tx, orderId, "delete", OrderStatus.CLOSED, actor, "买家删除订单");
  });
  return null;
}
