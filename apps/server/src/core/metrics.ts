import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { PoolStats } from "../db/connect.ts";

/**
 * The shop's Prometheus metrics (docs/metrics.md): one registry per process, which GET /metrics
 * answers (core/metrics-route.ts) and the cluster's primary sums over its workers
 * (core/metrics-cluster.ts). Modules count their outcomes with the small functions below, a line
 * at the point where the outcome is known; figures read from elsewhere (the job table, the
 * database pool) are read when a scrape asks, through sources the app and the modules register.
 *
 * Each metric's `aggregator` says how a cluster's workers add up: counters and histograms sum;
 * gauges of this process's own things (sockets, pool connections) sum to the instance's; figures
 * every worker reads from the shared database (the job queue) take the largest, not N times it.
 */
export const metricsRegistry = new Registry();

/** Node's own figures (CPU, memory, heap, event loop lag, GC), named shop_process_… and shop_nodejs_…. */
collectDefaultMetrics({ register: metricsRegistry, prefix: "shop_" });

const registers = [metricsRegistry];

/** 1 in each process: summed over a cluster's workers it says how many answered this scrape. */
new Gauge({
  name: "shop_server_processes",
  help: "Server processes whose figures this scrape includes",
  registers,
  aggregator: "sum",
}).set(1);

// ---- HTTP requests (recorded by core/metrics-route.ts for every response) ----

export const httpRequestDuration = new Histogram({
  name: "shop_http_request_duration_seconds",
  help: "Time to answer HTTP requests, by route template (unmatched: no route), method and status code",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

// ---- the storefront's page cache (ssr/page-cache.ts; read from the x-page-cache answer header) ----

export type PageCacheResult = "hit" | "stale" | "miss" | "bypass";
export const PAGE_CACHE_RESULTS: readonly PageCacheResult[] = ["hit", "stale", "miss", "bypass"];

const pageCacheAnswers = new Counter({
  name: "shop_page_cache_requests_total",
  help: "Storefront pages answered, by what the page cache did: hit, stale (served while re-rendered), miss (rendered and kept), bypass (a member's or uncacheable page)",
  labelNames: ["result"] as const,
  registers,
});

export function countPageCacheAnswer(result: PageCacheResult): void {
  pageCacheAnswers.inc({ result });
}

// ---- the database pool (db/connect.ts poolStats; PostgreSQL only) ----
// Registered before the job queue's gauges: a scrape reads the pool before its own job-table
// read takes a connection, so the figures are the shop's use, not the scrape's.

const poolSources: Array<() => PoolStats | undefined> = [];

/** The app hands its database's pool figures over (core/metrics-route.ts); returns the way to unregister. */
export function registerPoolSource(stats: () => PoolStats | undefined): () => void {
  poolSources.push(stats);
  return () => {
    const index = poolSources.indexOf(stats);
    if (index >= 0) poolSources.splice(index, 1);
  };
}

/** The pools this process has open, added up; undefined when none is PostgreSQL. */
function poolFigures(): PoolStats | undefined {
  const pools = poolSources.map((stats) => stats()).filter((stats) => stats !== undefined);
  if (pools.length === 0) return undefined;
  return pools.reduce((sum, pool) => ({ total: sum.total + pool.total, idle: sum.idle + pool.idle, waiting: sum.waiting + pool.waiting }));
}

new Gauge({
  name: "shop_db_pool_connections",
  help: "PostgreSQL pool connections by state: idle, busy (lent to a query or transaction)",
  labelNames: ["state"] as const,
  registers,
  aggregator: "sum",
  collect() {
    this.reset();
    const pool = poolFigures();
    if (!pool) return;
    this.set({ state: "idle" }, pool.idle);
    this.set({ state: "busy" }, pool.total - pool.idle);
  },
});

new Gauge({
  name: "shop_db_pool_waiting_requests",
  help: "Queries and transactions waiting for a free PostgreSQL pool connection",
  registers,
  aggregator: "sum",
  collect() {
    const pool = poolFigures();
    if (pool) this.set(pool.waiting);
    else this.remove();
  },
});

// ---- durable jobs (modules/jobs) ----

/** done: finished; retry: failed, tried again later; failed: failed its last attempt (status failed). */
export type JobRunOutcome = "done" | "retry" | "failed";

const jobRuns = new Counter({
  name: "shop_job_runs_total",
  help: "Job runs by kind and outcome: done, retry (failed, to be tried again), failed (gave up after its last attempt)",
  labelNames: ["kind", "outcome"] as const,
  registers,
});

export function countJobRun(kind: string, outcome: JobRunOutcome): void {
  jobRuns.inc({ kind, outcome });
}

/** The job table as a scrape sees it. */
export interface JobQueueFigures {
  /** pending and due (their time came): waiting for a runner */
  due: number;
  /** pending, due later */
  scheduled: number;
  running: number;
  /** gave up: staff must look at them */
  failed: number;
  /** seconds since the oldest due job's time came; 0 when none is due */
  lagSeconds: number;
}

/** A scrape waits this long for the job table, then answers without its figures. */
export const JOB_QUEUE_READ_TIMEOUT_MS = 1000;

const jobQueueReaders: Array<() => Promise<JobQueueFigures>> = [];
let jobQueueRead: Promise<JobQueueFigures | undefined> | undefined;

/**
 * The job runner names how to read the job table (modules/jobs/runner.ts); the latest registered
 * is read (one app per process in production; tests open several). Returns the way to unregister.
 */
export function registerJobQueueReader(read: () => Promise<JobQueueFigures>): () => void {
  jobQueueReaders.push(read);
  return () => {
    const index = jobQueueReaders.indexOf(read);
    if (index >= 0) jobQueueReaders.splice(index, 1);
  };
}

/**
 * One read for all the gauges of a scrape (and for scrapes arriving meanwhile): a database that is
 * down or stalled costs a scrape at most JOB_QUEUE_READ_TIMEOUT_MS and leaves the figures out.
 */
function readJobQueue(): Promise<JobQueueFigures | undefined> {
  const read = jobQueueReaders.at(-1);
  if (!read) return Promise.resolve(undefined);
  jobQueueRead ??= withTimeout(read(), JOB_QUEUE_READ_TIMEOUT_MS)
    .catch(() => {
      metricsReadFailures.inc({ source: "job_queue" });
      return undefined;
    })
    .finally(() => {
      jobQueueRead = undefined;
    });
  return jobQueueRead;
}

const metricsReadFailures = new Counter({
  name: "shop_metrics_read_failures_total",
  help: "Scrapes that left out figures they could not read in time (source: job_queue)",
  labelNames: ["source"] as const,
  registers,
  // Counted in the scrape that failed: its read is shared with the gauges below.
  async collect() {
    await readJobQueue();
  },
});

new Gauge({
  name: "shop_job_queue_jobs",
  help: "Jobs in the job table by state: due (waiting for a runner), scheduled (due later), running, failed (gave up)",
  labelNames: ["state"] as const,
  registers,
  aggregator: "max",
  async collect() {
    this.reset();
    const figures = await readJobQueue();
    if (!figures) return;
    for (const state of ["due", "scheduled", "running", "failed"] as const) this.set({ state }, figures[state]);
  },
});

new Gauge({
  name: "shop_job_queue_lag_seconds",
  help: "How long the oldest due job has been waiting for a runner (0 when none is due)",
  registers,
  aggregator: "max",
  async collect() {
    const figures = await readJobQueue();
    // Unknown is no sample at all (reset would leave a label-less gauge at 0: "no lag").
    if (figures) this.set(figures.lagSeconds);
    else this.remove();
  },
});

// ---- payment notifies (modules/pay/notify.ts) ----

const paymentNotifies = new Counter({
  name: "shop_payment_notifies_total",
  help: "Payment and refund notifies from the gateways, by provider and outcome (paid, already_paid, bad_signature, unknown_trade, duplicate_payment, refund_…, error …)",
  labelNames: ["provider", "outcome"] as const,
  registers,
});

export function countPaymentNotify(provider: string, outcome: string): void {
  paymentNotifies.inc({ provider, outcome });
}

// ---- chat websockets (modules/chat/sockets.ts) ----

const chatSockets = new Gauge({
  name: "shop_chat_websocket_connections",
  help: "Open chat websockets by role: member, servicer",
  labelNames: ["role"] as const,
  registers,
  aggregator: "sum",
});
// Present at 0 before the first socket, so a dashboard shows none rather than no data.
for (const role of ["member", "servicer"]) chatSockets.set({ role }, 0);

export function countChatSocket(role: "member" | "servicer", change: 1 | -1): void {
  chatSockets.inc({ role }, change);
}

// ---- the seckill's door (modules/seckill/buying.ts) ----

/**
 * admitted: given a place among the checkouts in flight; sold_out: 已抢光 from the snapshot;
 * crowded: 抢购人数过多; other: the snapshot refused for another reason (not started, ended …),
 * which the preview tells after the session is read.
 */
export type SeckillDoorOutcome = "admitted" | "sold_out" | "crowded" | "other";

const seckillDoorAnswers = new Counter({
  name: "shop_seckill_door_answers_total",
  help: "Seckill payments at the door, by outcome: admitted, sold_out, crowded, other (refused later by the preview)",
  labelNames: ["outcome"] as const,
  registers,
});

export function countSeckillDoor(outcome: SeckillDoorOutcome): void {
  seckillDoorAnswers.inc({ outcome });
}

/** Rejects when `work` takes longer than `ms` (the work itself goes on; its late failure is ignored). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timeout after ${ms} ms`)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
