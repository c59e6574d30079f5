import crypto from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import type { DB } from "../../db/schema.ts";
import { affectedRows, isUniqueViolation } from "../../db/conditional.ts";
import { now } from "../../core/time.ts";

/**
 * Durable jobs (ADR 0006): a row per job in `job`, written in the same unit of work as the business
 * change that needs it (an order and its auto-close job commit together). Runners on any number
 * of instances claim due rows with a conditional update, so each job runs on one of them at a time;
 * a runner that dies mid-job leaves a lease that runs out, and the job is claimed again. Handlers
 * must therefore be idempotent (they are: state-machine transitions and ledger rows are conditional).
 * Every write here is a (small) unit of work, so on SQLite it waits for the write lock without
 * blocking the event loop, like the handlers' own units.
 */
export interface JobSpec {
  kind: string;
  payload: Record<string, unknown>;
  /** unix seconds; default now */
  runAt?: number;
  /** at most one job per key: a second enqueue with the same key is a no-op */
  dedupeKey?: string;
  maxAttempts?: number;
}

export async function enqueueJob(tx: Db, spec: JobSpec): Promise<void> {
  const at = now();
  const insert = tx.insertInto("job").values({
    kind: spec.kind,
    payload: JSON.stringify(spec.payload),
    run_at: spec.runAt ?? at,
    status: "pending",
    attempts: 0,
    max_attempts: spec.maxAttempts ?? 10,
    locked_by: "",
    locked_until: 0,
    last_error: "",
    dedupe_key: spec.dedupeKey ?? null,
    create_time: at,
    update_time: at,
  });
  if (!spec.dedupeKey) {
    await insert.execute();
    return;
  }
  await insert.onConflict((conflict) => conflict.column("dedupe_key").doNothing()).execute();
}

/** Moves a pending job's time (e.g. the shop changed the auto-receive delay, or a test fast-forwards). */
export async function rescheduleJob(db: Db, dedupeKey: string, runAt: number): Promise<void> {
  await unitOfWork(db, (tx) =>
    tx.updateTable("job").set({ run_at: runAt, update_time: now() }).where("dedupe_key", "=", dedupeKey).where("status", "=", "pending").execute(),
  );
}

/** Declared in core (the JobRunner interface of AppDeps.jobs). */
export type { JobHandler } from "../../core/services.ts";

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  max_attempts: number;
}

/** How long a claimed job may run before another runner may take it over. */
export const LEASE_SECONDS = 120;

/** Due at `at`: pending and its time came, or running under a lease that ran out. */
const dueAt = (at: number) => (eb: ExpressionBuilder<DB, "job">) =>
  eb.or([
    eb.and([eb("status", "=", "pending"), eb("run_at", "<=", at)]),
    eb.and([eb("status", "=", "running"), eb("locked_until", "<", at)]),
  ]);

/** Claims up to `limit` due jobs for `runnerId`: pending ones whose time came, or running ones whose lease ran out. */
export async function claimDueJobs(db: Db, runnerId: string, limit: number, at = now()): Promise<ClaimedJob[]> {
  const candidates = await db.selectFrom("job").select(["id"]).where(dueAt(at)).orderBy("run_at").limit(limit).execute();
  const claimed: ClaimedJob[] = [];
  for (const { id } of candidates) {
    const job = await unitOfWork(db, async (tx) => {
      const result = await tx
        .updateTable("job")
        .set((eb) => ({ status: "running", locked_by: runnerId, locked_until: at + LEASE_SECONDS, attempts: eb("attempts", "+", 1), update_time: at }))
        .where("id", "=", id)
        .where(dueAt(at))
        .executeTakeFirst();
      // Another runner won this row between our select and update: not ours.
      if (affectedRows(result) !== 1) return undefined;
      return tx.selectFrom("job").select(["id", "kind", "payload", "attempts", "max_attempts"]).where("id", "=", id).executeTakeFirstOrThrow();
    });
    if (job) claimed.push(job);
  }
  return claimed;
}

/** `at`: the clock of the sweep that claimed the job (a test's fast-forwarded time, else now). */
export async function finishJob(db: Db, id: number, runnerId: string, at = now()): Promise<void> {
  await unitOfWork(db, (tx) =>
    tx.updateTable("job").set({ status: "done", update_time: at, last_error: "" }).where("id", "=", id).where("locked_by", "=", runnerId).execute(),
  );
}

/**
 * Hands claimed jobs this runner did not start back to the queue (a stopping runner): pending again,
 * the claim's attempt not counted, so another instance takes them now rather than after the lease.
 */
export async function releaseJobs(db: Db, ids: number[], runnerId: string, at = now()): Promise<void> {
  if (ids.length === 0) return;
  await unitOfWork(db, (tx) =>
    tx
      .updateTable("job")
      .set((eb) => ({ status: "pending", locked_by: "", locked_until: 0, attempts: eb("attempts", "-", 1), update_time: at }))
      .where("id", "in", ids)
      .where("status", "=", "running")
      .where("locked_by", "=", runnerId)
      .execute(),
  );
}

/**
 * A failed attempt: retried later with backoff (30 s, 60 s, … up to 1 h), or given up after
 * max_attempts. The backoff counts from `at`, the sweep's clock: counted from the wall clock, a
 * fast-forwarded sweep found the job due again at once and spent every attempt in one go.
 */
export async function failJob(db: Db, job: ClaimedJob, runnerId: string, error: unknown, at = now()): Promise<void> {
  const retry = {
    status: job.attempts >= job.max_attempts ? "failed" : "pending",
    run_at: at + Math.min(3600, 30 * 2 ** (job.attempts - 1)),
    last_error: String(error instanceof Error ? error.message : error).slice(0, 2000),
    update_time: at,
  };
  await unitOfWork(db, (tx) => tx.updateTable("job").set(retry).where("id", "=", job.id).where("locked_by", "=", runnerId).execute());
}

export const newRunnerId = () => `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;

export { isUniqueViolation };
