import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../core/context.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { purgeTags } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { DAY_SECONDS, now } from "../../core/time.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { shopMidnight } from "./slots.ts";

/**
 * What guests see of seckills is cached under SECKILL_TAG (and each goods' tag): the slot list, the
 * slot pages, details, the SKU pages' seckill block, and the pages rendered from them. Rows are
 * kept SECKILL_READ_TTL_MS; states are computed per answer, so an API answer is never wrong about
 * a slot having started. Cached *pages* are purged:
 * - when a seckill sells out or units come back to an empty pool (checkout, close),
 * - on every staff change of slots and seckills,
 * - at every slot boundary of the day, by a durable job (SECKILL_BOUNDARY_JOB) that purges and
 *   enqueues the next boundary (dedupe key per boundary: every instance enqueueing it makes one),
 *   and at each seckill's own start and end (scheduleSeckillEdges).
 */
export const SECKILL_TAG = "seckill";

/** Rows (pools, sold counts) may be this old in an answer; a sell-out purges at once. */
export const SECKILL_READ_TTL_MS = 5000;

export const SECKILL_BOUNDARY_JOB = "seckill.boundary";

/** Purges seckill data and the pages of these goods (after the unit of work commits). */
export async function purgeSeckill(db: Db, goodsIds: readonly number[] = []): Promise<void> {
  await purgeTags({ db }, [SECKILL_TAG, ...[...new Set(goodsIds)].map(CacheTag.goods), ...(goodsIds.length > 0 ? [CacheTag.goodsList] : [])]);
}

/** The first slot start or end (shop clock) strictly after `at`; undefined when there are no slots. */
export async function nextBoundary(db: Db, at: number): Promise<number | undefined> {
  const slots = await db.selectFrom("promotion_seckill_time").select(["seckill_start_time", "seckill_end_time"]).where("status", "=", 1).execute();
  if (slots.length === 0) return undefined;
  const midnight = shopMidnight(at);
  const marks = slots.flatMap((slot) => [Number(slot.seckill_start_time), Number(slot.seckill_end_time)]).concat([DAY_SECONDS]);
  const candidates = [...marks.map((mark) => midnight + mark), ...marks.map((mark) => midnight + DAY_SECONDS + mark)].filter((time) => time > at);
  return Math.min(...candidates);
}

/** Enqueues the next boundary's purge (none while there are no slots: adding one schedules it). */
export async function scheduleBoundary(db: Db, at = now()): Promise<void> {
  const runAt = await nextBoundary(db, at);
  if (runAt === undefined) return;
  await unitOfWork(db, (tx) => enqueueJob(tx, { kind: SECKILL_BOUNDARY_JOB, payload: { run_at: runAt }, runAt, dedupeKey: `${SECKILL_BOUNDARY_JOB}:${runAt}` }));
}

/**
 * A seckill's own start and end (dates, not slot hours) are boundaries too: enqueued in the unit of
 * work that saves it, with the same kind and dedupe keys, so its pages change when it does.
 */
export async function scheduleSeckillEdges(tx: Db, seckill: { start_time: number; end_time: number }, at = now()): Promise<void> {
  for (const runAt of new Set([seckill.start_time, seckill.end_time])) {
    if (runAt > at) await enqueueJob(tx, { kind: SECKILL_BOUNDARY_JOB, payload: { run_at: runAt }, runAt, dedupeKey: `${SECKILL_BOUNDARY_JOB}:${runAt}` });
  }
}

/** The boundary job's handler, and the first boundary's job once the server is ready. */
export function registerSeckillBoundaries(deps: AppDeps, app: FastifyInstance): void {
  deps.jobs.register(SECKILL_BOUNDARY_JOB, async (payload) => {
    const goods = await deps.db.selectFrom("promotion_seckill").select("goods_id").where("status", "=", 1).where("end_time", ">", now() - DAY_SECONDS).execute();
    await purgeSeckill(deps.db, goods.map((row) => row.goods_id));
    await scheduleBoundary(deps.db, Math.max(now(), Number(payload.run_at) || 0));
  });
  app.addHook("onReady", async () => {
    await scheduleBoundary(deps.db);
  });
}
