import { sql } from "kysely";
import type { Db } from "../../db/unit-of-work.ts";
import type { JobQueueFigures } from "../../core/metrics.ts";

interface StateRow {
  status: string;
  /** run_at <= now: 1/0 on SQLite, true/false on PostgreSQL */
  due: number | boolean;
  jobs: number | string;
  oldest: number | string | null;
}

/**
 * The job table for a metrics scrape (core/metrics.ts): one grouped read over the (status, run_at)
 * index of the rows still of interest — done rows are not counted.
 */
export async function readJobQueueFigures(db: Db, at: number): Promise<JobQueueFigures> {
  const { rows } = await sql<StateRow>`
    select status, run_at <= ${at} as due, count(*) as jobs, min(run_at) as oldest
    from job where status in ('pending', 'running', 'failed') group by 1, 2`.execute(db);
  const figures: JobQueueFigures = { due: 0, scheduled: 0, running: 0, failed: 0, lagSeconds: 0 };
  for (const row of rows) {
    const jobs = Number(row.jobs);
    if (row.status === "running") figures.running += jobs;
    else if (row.status === "failed") figures.failed += jobs;
    else if (Number(row.due) === 1) {
      figures.due += jobs;
      figures.lagSeconds = Math.max(0, at - Number(row.oldest));
    } else figures.scheduled += jobs;
  }
  return figures;
}
