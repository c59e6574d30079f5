import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../core/context.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { gateOf, reconcileAll } from "./redis-pool.ts";

/**
 * With Redis, the seckill mirror (redis-pool.ts) is rebuilt from the database — the record — when
 * the server is ready and then every RECONCILE_EVERY_SECONDS by a durable job: the job's dedupe key
 * carries its minute, so every instance enqueueing "the next one" makes one job, and a crash
 * between a Redis reservation and its order (units taken in Redis, never in the database) is
 * healed within a period. Without Redis there is nothing to reconcile and no job.
 */
export const SECKILL_RECONCILE_JOB = "seckill.reconcile";
export const RECONCILE_EVERY_SECONDS = 60;

async function scheduleReconcile(deps: AppDeps, after: number): Promise<void> {
  const runAt = (Math.floor(after / RECONCILE_EVERY_SECONDS) + 1) * RECONCILE_EVERY_SECONDS;
  await unitOfWork(deps.db, (tx) => enqueueJob(tx, { kind: SECKILL_RECONCILE_JOB, payload: { run_at: runAt }, runAt, dedupeKey: `${SECKILL_RECONCILE_JOB}:${runAt}` }));
}

export function registerSeckillReconcile(deps: AppDeps, app: FastifyInstance): void {
  if (!gateOf(deps.db)) return;
  deps.jobs.register(SECKILL_RECONCILE_JOB, async (payload) => {
    await reconcileAll(deps.db);
    await scheduleReconcile(deps, Math.max(now(), Number(payload.run_at) || 0));
  });
  app.addHook("onReady", async () => {
    await reconcileAll(deps.db).catch((error: unknown) => app.log.warn({ err: error }, "seckill: Redis mirror not rebuilt at start"));
    await scheduleReconcile(deps, now());
  });
}
