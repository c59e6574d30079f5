import { PAY_STATUS, RECHARGE_ORDER_STATUS } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { affectedRows } from "../../db/conditional.ts";
import { now } from "../../core/time.ts";
import { enqueueJob } from "../jobs/queue.ts";
import type { JobRunner } from "../../core/services.ts";

/**
 * An unpaid recharge order closes at its auto_close_time (the orders' payment time limit) by a
 * durable job enqueued with the order. Closing cancels its trade first — the lock order of a
 * payment (trade, then recharge order), so the two never deadlock on PostgreSQL — then moves the
 * order 待支付 → 已关闭. Whichever commits first wins: a payment settled before finds nothing to
 * close; money arriving after finds the trade cancelled and is flagged for refund (settleTrade "late").
 */
export const RECHARGE_CLOSE_JOB = "recharge.auto_close";

export async function enqueueRechargeClose(tx: Db, orderId: number, runAt: number): Promise<void> {
  await enqueueJob(tx, { kind: RECHARGE_CLOSE_JOB, payload: { order_id: orderId }, runAt, dedupeKey: `${RECHARGE_CLOSE_JOB}:${orderId}` });
}

/** Closes the order when it is still unpaid; false when there was nothing to close (paid, closed, unknown). */
export async function closeRechargeOrder(db: Db, orderId: number, at = now()): Promise<boolean> {
  return unitOfWork(db, async (tx) => {
    const order = await tx.selectFrom("member_recharge_order").select(["out_trade_no", "status"]).where("order_id", "=", orderId).executeTakeFirst();
    if (order?.status !== RECHARGE_ORDER_STATUS.WAIT_PAY) return false;
    await tx
      .updateTable("pay")
      .set({ pay_status: PAY_STATUS.CANCELLED, close_time: at })
      .where("out_trade_no", "=", order.out_trade_no)
      .where("pay_status", "in", [PAY_STATUS.PENDING, PAY_STATUS.PAYING])
      .execute();
    const closed = await tx
      .updateTable("member_recharge_order")
      .set({ status: RECHARGE_ORDER_STATUS.CLOSED, close_time: at, auto_close_time: 0 })
      .where("order_id", "=", orderId)
      .where("status", "=", RECHARGE_ORDER_STATUS.WAIT_PAY)
      .executeTakeFirst();
    // A payment committed between our read and the trade's update (PostgreSQL): it paid the order,
    // and the trade update above changed nothing (the trade was no longer open).
    return affectedRows(closed) === 1;
  });
}

export function registerRechargeJobs(jobs: JobRunner, db: Db): void {
  jobs.register(RECHARGE_CLOSE_JOB, async (payload) => {
    const orderId = Number(payload.order_id);
    if (!Number.isSafeInteger(orderId) || orderId <= 0) throw new Error(`recharge close job without a valid order_id: ${JSON.stringify(payload)}`);
    await closeRechargeOrder(db, orderId);
  });
}
