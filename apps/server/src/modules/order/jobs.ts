import type { AppDeps } from "../../core/context.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { BizError } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { getConfig } from "../../core/config-store.ts";
import { BUYING_CONFIG_DEFAULTS } from "../../core/buying-config.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { ORDER_JOBS, closeOrder } from "./close.ts";
import { OrderStatus, SYSTEM, transitionOrder } from "./state-machine.ts";

/**
 * The order timers (ADR 0006): unpaid orders close at their auto_close_time, shipped orders are
 * received N days after shipping. Both are durable jobs, claimed by one instance at a time; both
 * are no-ops when the order moved on meanwhile (paid, closed, received by the member).
 */

function orderIdOf(payload: Record<string, unknown>): number {
  const orderId = Number(payload.order_id);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) throw new Error(`order job without a valid order_id: ${JSON.stringify(payload)}`);
  return orderId;
}

/**
 * A concurrent caller (a payment, the member, another instance on PostgreSQL) may move the order
 * between our read and our conditional update; the state machine then refuses. When the order is
 * no longer in the status the job acts on, the job has nothing left to do.
 */
async function movedOnMeanwhile(db: Db, orderId: number, expected: number, error: unknown): Promise<boolean> {
  if (!(error instanceof BizError)) return false;
  const order = await db.selectFrom("orders").select("order_status").where("order_id", "=", orderId).executeTakeFirst();
  return !order || order.order_status !== expected;
}

export async function autoCloseOrder(db: Db, orderId: number): Promise<void> {
  try {
    await closeOrder(db, orderId, SYSTEM, "超时未支付，系统自动关闭");
  } catch (error) {
    if (!(await movedOnMeanwhile(db, orderId, OrderStatus.WAIT_PAY, error))) throw error;
  }
}

export async function autoReceiveOrder(db: Db, orderId: number): Promise<void> {
  try {
    await unitOfWork(db, async (tx) => {
      const order = await tx.selectFrom("orders").select("order_status").where("order_id", "=", orderId).executeTakeFirst();
      if (order?.order_status !== OrderStatus.SHIPPED) return;
      await transitionOrder(tx, orderId, "take_delivery", SYSTEM, "超时未确认，系统自动确认收货");
    });
  } catch (error) {
    if (!(await movedOnMeanwhile(db, orderId, OrderStatus.SHIPPED, error))) throw error;
  }
}

/** Enqueued by shipping, in its unit of work: receipt confirms itself after order_config.auto_receive_days. */
export async function enqueueAutoReceive(tx: Db, orderId: number): Promise<void> {
  const { auto_receive_days } = await getConfig(tx, "order_config", BUYING_CONFIG_DEFAULTS.order_config);
  const days = Number.isFinite(auto_receive_days) && auto_receive_days > 0 ? auto_receive_days : BUYING_CONFIG_DEFAULTS.order_config.auto_receive_days;
  await enqueueJob(tx, {
    kind: ORDER_JOBS.autoReceive,
    payload: { order_id: orderId },
    runAt: now() + Math.round(days * 86400),
    dedupeKey: `${ORDER_JOBS.autoReceive}:${orderId}`,
  });
}

export function registerOrderJobs(deps: AppDeps): void {
  deps.jobs.register(ORDER_JOBS.autoClose, (payload) => autoCloseOrder(deps.db, orderIdOf(payload)));
  deps.jobs.register(ORDER_JOBS.autoReceive, (payload) => autoReceiveOrder(deps.db, orderIdOf(payload)));
}
