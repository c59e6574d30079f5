import type { DialectName } from "../../db/connect.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import type { JobRunner } from "../../core/services.ts";
import { now } from "../../core/time.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { goodsChanged } from "./admin-change.ts";

/**
 * Timed on-shelf and off-shelf (goods.timer_on / timer_off): a durable job per time (ADR 0006),
 * enqueued in the unit of work that saved the goods, so it survives restarts and runs on one
 * instance. The job acts only while the goods still carries that very time: a later edit that
 * moved or cleared it leaves the old job a no-op (and enqueues its own).
 */
export const GOODS_TIMER_JOB = "goods.timer";

interface TimerPayload {
  goods_id: number;
  /** 1 on-shelf, 0 off-shelf */
  state: 0 | 1;
  at: number;
}

export async function scheduleGoodsTimers(tx: Db, goodsId: number, timers: { timer_on: number; timer_off: number }): Promise<void> {
  const at = now();
  for (const [state, time] of [[1, timers.timer_on], [0, timers.timer_off]] as const) {
    if (time <= at) continue;
    const payload: TimerPayload = { goods_id: goodsId, state, at: time };
    await enqueueJob(tx, { kind: GOODS_TIMER_JOB, payload: { ...payload }, runAt: time, dedupeKey: `${GOODS_TIMER_JOB}:${goodsId}:${state}:${time}` });
  }
}

/** Carries out one timer, if the goods still has it; answers whether it changed the goods. */
export async function runGoodsTimer(db: Db, dialect: DialectName, payload: TimerPayload): Promise<boolean> {
  const column = payload.state === 1 ? "timer_on" : "timer_off";
  return unitOfWork(db, async (tx) => {
    const result = await tx
      .updateTable("goods")
      .set({ goods_state: payload.state, [column]: 0, modify_time: now() })
      .where("goods_id", "=", payload.goods_id)
      .where(column, "=", payload.at)
      .where("is_delete", "=", 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await goodsChanged(tx, dialect, [payload.goods_id]);
    return true;
  });
}

export function registerGoodsTimerJob(jobs: JobRunner, db: Db, dialect: DialectName): void {
  jobs.register(GOODS_TIMER_JOB, async (payload) => {
    const timer = payload as Partial<TimerPayload>;
    await runGoodsTimer(db, dialect, { goods_id: Number(timer.goods_id), state: timer.state === 1 ? 1 : 0, at: Number(timer.at) });
  });
}
