import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffContext } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { closeOrder } from "./close.ts";
import { OrderType, canTransition, orderStatusName, transitionOrder } from "./state-machine.ts";
import { staffActor } from "./staff-actor.ts";

/** Staff closing an unpaid order and confirming a pickup / virtual verification code; each logged with the staff member. */

type StaffCaller = Pick<StaffContext, "staff" | "ip">;

export async function staffCloseOrder(db: Db, caller: StaffCaller, orderId: number, reason: string): Promise<null> {
  await unitOfWork(db, async (tx) => {
    const order = await tx.selectFrom("orders").select(["order_type", "order_status"]).where("order_id", "=", orderId).executeTakeFirst();
    if (!order) return fail("订单不存在");
    if (!canTransition("close", order.order_type, order.order_status)) {
      fail(`订单当前状态为「${orderStatusName(order.order_status, order.order_type)}」，不能关闭`);
    }
    const closed = await closeOrder(tx, orderId, staffActor(caller.staff), reason ? `商家关闭订单：${reason}` : "商家关闭订单");
    if (!closed) fail("订单状态已变化，请刷新后重试");
    await logStaffAction(tx, caller, "order.close", { type: "order", id: orderId }, { reason });
  });
  return null;
}

export interface VerifyResult {
  order_id: number;
  order_no: string;
  order_status: number;
  order_status_name: string;
}

/** The code on the shopper's pickup or virtual order (orders.verify_code): 待提货 → 已提货, 待使用 → 已使用. */
export async function verifyByCode(db: Db, caller: StaffCaller, verifyCode: string): Promise<VerifyResult> {
  return unitOfWork(db, async (tx) => {
    const order = await tx
      .selectFrom("orders")
      .select(["order_id", "order_no", "order_type", "order_status"])
      .where("verify_code", "=", verifyCode)
      .where("order_type", "in", [OrderType.PICKUP, OrderType.VIRTUAL])
      .executeTakeFirst();
    if (!order) return fail("核销码无效");
    if (!canTransition("verify", order.order_type, order.order_status)) {
      fail(`订单当前状态为「${orderStatusName(order.order_status, order.order_type)}」，不能核销`);
    }
    const { to } = await transitionOrder(tx, order.order_id, "verify", staffActor(caller.staff), `核销码 ${verifyCode}`);
    await logStaffAction(tx, caller, "order.verify", { type: "order", id: order.order_id }, { verify_code: verifyCode });
    return { order_id: order.order_id, order_no: order.order_no, order_status: to, order_status_name: orderStatusName(to, order.order_type) };
  });
}
