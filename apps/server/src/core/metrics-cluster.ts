import cluster from "node:cluster";
import crypto from "node:crypto";
import { AggregatorRegistry, type Registry } from "prom-client";
import { metricsRegistry } from "./metrics.ts";

/**
 * GET /metrics under SERVER_PROCESSES > 1: a scrape lands on one worker, but must answer for the
 * whole instance. That worker asks the primary (cluster.ts), which asks every worker for its
 * figures, adds them up with prom-client's AggregatorRegistry (each metric's `aggregator`,
 * core/metrics.ts) and answers the text. A worker that does not answer in time (busy, dying) is
 * left out, not waited for: shop_server_processes says how many were counted. prom-client's own
 * cluster requests fail the whole scrape when one worker is late, hence this small protocol.
 */

/** The primary waits this long for the workers' figures, then adds up those it has. */
export const WORKER_ANSWER_TIMEOUT_MS = 2000;
/** The scraped worker waits this long for the primary, then answers its own figures. */
export const PRIMARY_ANSWER_TIMEOUT_MS = WORKER_ANSWER_TIMEOUT_MS + 1000;

const ASK_PRIMARY = "shop-metrics:ask-primary";
const PRIMARY_ANSWER = "shop-metrics:primary-answer";
const ASK_WORKER = "shop-metrics:ask-worker";
const WORKER_ANSWER = "shop-metrics:worker-answer";

/** One process's figures, as getMetricsAsJSON gives them (structured-cloned over IPC). */
type MetricJson = Awaited<ReturnType<Registry["getMetricsAsJSON"]>>[number];

interface MetricsMessage {
  type: string;
  id: string;
  /** PRIMARY_ANSWER: the instance's figures as Prometheus text */
  text?: string;
  /** WORKER_ANSWER: the worker's figures (registry.getMetricsAsJSON) */
  metrics?: MetricJson[];
}

/**
 * Sends over the IPC channel; a channel that closed meanwhile (a worker exiting) is a lost message,
 * which the timeouts cover: with a callback, Node reports it there instead of as an 'error' event.
 */
function post(to: { send(message: MetricsMessage, callback: (error: Error | null) => void): boolean }, message: MetricsMessage): void {
  to.send(message, () => {});
}

function metricsMessage(message: unknown, type: string): MetricsMessage | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  const candidate = message as Partial<MetricsMessage>;
  return candidate.type === type && typeof candidate.id === "string" ? (candidate as MetricsMessage) : undefined;
}

// ---- in the primary ----

let primaryServing = false;

/** Called once by the primary (cluster.ts): answers its workers' requests for the instance's figures. */
export function serveClusterMetrics(): void {
  if (primaryServing) return;
  primaryServing = true;
  cluster.on("message", (worker, message: unknown) => {
    const ask = metricsMessage(message, ASK_PRIMARY);
    if (!ask) return;
    void aggregateWorkers().then(
      (text) => worker.isConnected() && post(worker, { type: PRIMARY_ANSWER, id: ask.id, text }),
      () => worker.isConnected() && post(worker, { type: PRIMARY_ANSWER, id: ask.id }),
    );
  });
}

/** Every connected worker's figures, added up; those that answer within WORKER_ANSWER_TIMEOUT_MS. */
async function aggregateWorkers(): Promise<string> {
  const id = crypto.randomUUID();
  const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
  const answers: MetricJson[][] = [];
  await new Promise<void>((resolve) => {
    let waiting = workers.length;
    const timer = setTimeout(finish, WORKER_ANSWER_TIMEOUT_MS);
    function finish() {
      clearTimeout(timer);
      cluster.off("message", onMessage);
      resolve();
    }
    function onMessage(_worker: unknown, message: unknown) {
      const answer = metricsMessage(message, WORKER_ANSWER);
      if (!answer || answer.id !== id) return;
      if (answer.metrics) answers.push(answer.metrics);
      waiting -= 1;
      if (waiting === 0) finish();
    }
    cluster.on("message", onMessage);
    if (waiting === 0) return finish();
    for (const worker of workers) post(worker!, { type: ASK_WORKER, id });
  });
  return AggregatorRegistry.aggregate(answers).metrics();
}

// ---- in a worker ----

/** The worker's channel to the primary (process.send exists in a cluster worker). */
const ipcToPrimary = () => ({ send: (message: MetricsMessage, callback: (error: Error | null) => void) => process.send!(message, undefined, {}, callback) });

const awaitingPrimary = new Map<string, (text: string | undefined) => void>();
let workerListening = false;

/** Called when a worker's app registers /metrics: answers the primary with this process's figures. */
export function answerPrimaryAsWorker(): void {
  if (workerListening || !cluster.isWorker) return;
  workerListening = true;
  process.on("message", (message: unknown) => {
    const ask = metricsMessage(message, ASK_WORKER);
    if (ask) {
      void metricsRegistry.getMetricsAsJSON().then(
        (metrics) => post(ipcToPrimary(), { type: WORKER_ANSWER, id: ask.id, metrics }),
        () => post(ipcToPrimary(), { type: WORKER_ANSWER, id: ask.id }),
      );
      return;
    }
    const answer = metricsMessage(message, PRIMARY_ANSWER);
    if (answer) awaitingPrimary.get(answer.id)?.(answer.text);
  });
}

/**
 * In a cluster worker: the instance's figures from the primary, or undefined (no cluster, or no
 * answer in time: the caller answers this process's own).
 */
export function instanceMetricsText(): Promise<string | undefined> {
  if (!cluster.isWorker || !process.send || !workerListening) return Promise.resolve(undefined);
  const id = crypto.randomUUID();
  return new Promise((resolve) => {
    const settle = (text: string | undefined) => {
      clearTimeout(timer);
      awaitingPrimary.delete(id);
      resolve(text);
    };
    const timer = setTimeout(() => settle(undefined), PRIMARY_ANSWER_TIMEOUT_MS);
    awaitingPrimary.set(id, settle);
    post(ipcToPrimary(), { type: ASK_PRIMARY, id });
  });
}
