import type { AppDeps } from "../../core/context.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { BizError } from "../../core/errors.ts";
import { DAY_SECONDS, days, now } from "../../core/time.ts";
import { getConfig } from "../../core/config-store.ts";
import { BUYING_CONFIG_DEFAULTS } from "../../core/buying-config.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { ORDER_JOBS, closeOrder } from "./close.ts";
import { OrderStatus, SYSTEM, canTransition, transitionOrder } from "./state-machine.ts";
import { lockOrder } from "./order-lock.ts";
import { afterSaleInProgress } from "../refund/line-state.ts";

/**
 * The order timers (ADR 0006): unpaid orders close at their auto_close_time, shipped orders are
 * received N days after shipping, received / picked-up / used orders complete N days after that.
 * All are durable jobs, claimed by one instance at a time; all are no-ops when the order moved on
 * meanwhile (paid, closed, received by the member, refunded whole).
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
      await enqueueAutoComplete(tx, orderId);
    });
  } catch (error) {
    if (!(await movedOnMeanwhile(db, orderId, OrderStatus.SHIPPED, error))) throw error;
  }
}

/** order_config's number of days for `key`, the default when unset or unusable. */
async function orderConfigDays(tx: Db, key: "auto_receive_days" | "auto_complete_days"): Promise<number> {
  const config = await getConfig(tx, "order_config", BUYING_CONFIG_DEFAULTS.order_config);
  const value = Number(config[key]);
  return Number.isFinite(value) && value > 0 ? value : BUYING_CONFIG_DEFAULTS.order_config[key];
}

/** Enqueued by shipping, in its unit of work: receipt confirms itself after order_config.auto_receive_days. */
export async function enqueueAutoReceive(tx: Db, orderId: number): Promise<void> {
  await enqueueJob(tx, {
    kind: ORDER_JOBS.autoReceive,
    payload: { order_id: orderId },
    runAt: now() + days(await orderConfigDays(tx, "auto_receive_days")),
    dedupeKey: `${ORDER_JOBS.autoReceive}:${orderId}`,
  });
}

/**
 * Enqueued in the unit of work that receives the order (the member's receipt, the auto-receive
 * timer) or uses its code (pickup 已提货, virtual 已使用): it completes after
 * order_config.auto_complete_days.
 */
export async function enqueueAutoComplete(tx: Db, orderId: number): Promise<void> {
  await enqueueJob(tx, {
    kind: ORDER_JOBS.autoComplete,
    payload: { order_id: orderId },
    runAt: now() + days(await orderConfigDays(tx, "auto_complete_days")),
    dedupeKey: `${ORDER_JOBS.autoComplete}:${orderId}`,
  });
}

/**
 * 已收货 / 已提货 → 已完成, 已使用 → 已完成 as 系统. The order's row lock first, so a refund being
 * opened meanwhile is either seen or waits for us. An order with after-sales in progress (a refund
 * open, a complaint waiting) is not completed under them: the timer looks again a day after this
 * run was due (`dueAt`), by a new job (its own dedupe key: that time). A no-op when the order moved
 * on (completed, refunded whole).
 */
export async function autoCompleteOrder(db: Db, orderId: number, dueAt = now()): Promise<void> {
  await unitOfWork(db, async (tx) => {
    await lockOrder(tx, orderId);
    const order = await tx.selectFrom("orders").select(["order_status", "order_type"]).where("order_id", "=", orderId).executeTakeFirst();
    if (!order || !canTransition("complete", order.order_type, order.order_status)) return;
    if (await afterSaleInProgress(tx, orderId)) {
      const runAt = Math.max(now(), dueAt) + DAY_SECONDS;
      await enqueueJob(tx, { kind: ORDER_JOBS.autoComplete, payload: { order_id: orderId }, runAt, dedupeKey: `${ORDER_JOBS.autoComplete}:${orderId}:${runAt}` });
      return;
    }
    await transitionOrder(tx, orderId, "complete", SYSTEM, "收货后超时，系统自动完成");
  });
}

export function registerOrderJobs(deps: AppDeps): void {
  deps.jobs.register(ORDER_JOBS.autoClose, (payload) => autoCloseOrder(deps.db, orderIdOf(payload)));
  deps.jobs.register(ORDER_JOBS.autoReceive, (payload) => autoReceiveOrder(deps.db, orderIdOf(payload)));
  deps.jobs.register(ORDER_JOBS.autoComplete, async (payload, job) => {
    const row = await deps.db.selectFrom("job").select("run_at").where("id", "=", job.id).executeTakeFirst();
    await autoCompleteOrder(deps.db, orderIdOf(payload), row?.run_at);
  });
}
