import autocannon from "autocannon";

export interface LoadTarget {
  name: string;
  url: string;
  method?: "GET" | "POST";
  body?: string;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  /** latency percentiles of the 2xx responses, milliseconds */
  p50: number;
  p95: number;
  p99: number;
  /** responses that were not 2xx, plus connection errors and time-outs */
  failures: number;
}

/** Connections and seconds per row; run.ts sets them from the command line. */
export const LOAD_OPTIONS = { connections: 10, durationSeconds: 6 };

/** The value below which `share` of the sorted values lie (nearest rank). */
export function percentile(sorted: ArrayLike<number>, share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

/**
 * Drives one URL with autocannon. Latencies are collected from its per-response events rather than
 * its histogram, which keeps whole milliseconds only and has no p95; both matter for a 10 ms goal.
 */
export async function measure(target: LoadTarget, durationSeconds = LOAD_OPTIONS.durationSeconds): Promise<LoadResult> {
  const latencies: number[] = [];
  const run = autocannon({
    url: target.url,
    method: target.method ?? "GET",
    connections: LOAD_OPTIONS.connections,
    duration: durationSeconds,
    ...(target.body ? { body: target.body, headers: { "content-type": "application/json" } } : {}),
  });
  run.on("response", (_client, statusCode, _bytes, milliseconds) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(milliseconds);
  });
  const result = await run;
  const sorted = Float64Array.from(latencies).sort();
  return {
    name: target.name,
    requestsPerSecond: result.requests.average,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
