import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { closeOrder } from "./close.ts";
import { canTransition, orderStatusName } from "./state-machine.ts";
import { staffActor } from "./staff-actor.ts";
import { useCode } from "../verify/verify-service.ts";

/** Staff closing an unpaid order and confirming a pickup / virtual verification code; each logged with the staff member. */


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

/**
 * The code on the shopper's pickup or virtual order (orders.verify_code): 待提货 → 已提货, 待使用 → 已使用.
 * Goes through the one verification service (modules/verify), so staff and member verifiers use a
 * code once between them and each use writes the same record (and, for staff, a staff_log line).
 */
export async function verifyByCode(db: Db, caller: StaffCaller, verifyCode: string): Promise<VerifyResult> {
  const { order_id, order_no, order_status, order_status_name } = await useCode(db, { kind: "staff", caller }, verifyCode);
  return { order_id, order_no, order_status, order_status_name };
}
