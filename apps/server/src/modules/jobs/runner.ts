import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { countJobRun, registerJobQueueReader } from "../../core/metrics.ts";
import { claimDueJobs, failJob, finishJob, newRunnerId, releaseJobs, type JobHandler } from "./queue.ts";
import { readJobQueueFigures } from "./queue-figures.ts";

/**
 * Runs due jobs. Each app instance has one; `runDue()` does one sweep (tests call it directly to
 * avoid waiting), `start()` sweeps every `intervalMs` until `stop()`. The interval is only the
 * polling clock: what must happen is in the `job` table, so a restart loses nothing.
 */
export class JobRunner {
  readonly id = newRunnerId();
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;
  /** Set by stop(): the sweep under way ends after the job in hand, whatever the queue still holds. */
  private stopping = false;
  /** /metrics reads the queue's depth and lag through this runner until it stops (core/metrics.ts). */
  private readonly stopReporting: () => void;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.stopReporting = registerJobQueueReader(() => readJobQueueFigures(db, now()));
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** One sweep: claims and runs every due job; resolves with how many ran. Overlapping calls share a sweep. */
  runDue(at?: number): Promise<number> {
    if (!this.sweeping) this.stopping = false; // a sweep asked for after stop() runs (tests do)
    this.sweeping ??= this.sweep(at).finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  private async sweep(at?: number): Promise<number> {
    let ran = 0;
    while (!this.stopping) {
      const clock = at ?? now();
      const jobs = await claimDueJobs(this.db, this.id, 20, clock);
      if (jobs.length === 0) return ran;
      for (const [index, job] of jobs.entries()) {
        // A process shutting down under a backlog must not wait for the queue to empty (it has a
        // deadline): what it claimed and did not start goes back for another instance.
        if (this.stopping) {
          await releaseJobs(this.db, jobs.slice(index).map((rest) => rest.id), this.id, clock);
          return ran;
        }
        const handler = this.handlers.get(job.kind);
        try {
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
          await handler(JSON.parse(job.payload) as Record<string, unknown>, job);
          await finishJob(this.db, job.id, this.id, clock);
          countJobRun(job.kind, "done");
        } catch (error) {
          this.log.warn({ err: error, jobId: job.id, kind: job.kind }, "job failed");
          await failJob(this.db, job, this.id, error, clock);
          // As failJob decided: its last attempt makes the job failed, else it is retried later.
          countJobRun(job.kind, job.attempts >= job.max_attempts ? "failed" : "retry");
        }
        ran += 1;
      }
    }
    return ran;
  }

  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.runDue().catch((error: unknown) => this.log.error({ err: error }, "job sweep failed"));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopReporting();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping?.catch(() => {});
  }
}
