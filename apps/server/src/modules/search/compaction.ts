import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../core/context.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { DAY_SECONDS, SHOP_UTC_OFFSET_SECONDS, now } from "../../core/time.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { compactSearchIndex } from "./search-index.ts";

/**
 * SQLite's search index grows a segment with every sale (search-index.ts compactSearchIndex), and a
 * search gets 2–3 times slower after a few thousand sales until it is merged again. So it is
 * merged once a night, at 04:00 Beijing time when a shop is quietest, by a durable job that
 * schedules the next night's when it has run. Its dedupe key carries the night, because a done
 * job keeps its key: every instance (and every restart) enqueueing "the next night" makes one job.
 * The merge holds SQLite's write lock for about a second per 30,000 goods. PostgreSQL's GIN index
 * needs no such care: there is no job there.
 */
export const SEARCH_COMPACTION_JOB = "search.compact";

const COMPACTION_HOUR = 4;

/** The first 04:00 Asia/Shanghai strictly after `at` (unix seconds). */
export function nextCompactionTime(at: number): number {
  const localMidnight = at - ((at + SHOP_UTC_OFFSET_SECONDS) % DAY_SECONDS);
  const today = localMidnight + COMPACTION_HOUR * 3600;
  return today > at ? today : today + DAY_SECONDS;
}

export async function scheduleSearchCompaction(db: Db, at = now()): Promise<number> {
  const runAt = nextCompactionTime(at);
  await unitOfWork(db, (tx) => enqueueJob(tx, { kind: SEARCH_COMPACTION_JOB, payload: { run_at: runAt }, runAt, dedupeKey: `${SEARCH_COMPACTION_JOB}:${runAt}` }));
  return runAt;
}

/** SQLite only: the nightly merge's handler, and the first night's job once the server is ready. */
export function registerSearchCompaction(deps: AppDeps, app: FastifyInstance): void {
  if (deps.dialect !== "sqlite") return;
  deps.jobs.register(SEARCH_COMPACTION_JOB, async (payload) => {
    await compactSearchIndex(deps.db, deps.dialect);
    // The night after this job's own, even when a sweep runs it ahead of time (its clock behind).
    await scheduleSearchCompaction(deps.db, Math.max(now(), Number(payload.run_at) || 0));
  });
  app.addHook("onReady", async () => {
    await scheduleSearchCompaction(deps.db);
  });
}
