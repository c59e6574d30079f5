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
  p50: number;
  p99: number;
  /** responses that were not 2xx, plus connection errors and time-outs */
  failures: number;
  bytesPerResponse: number;
}

export const LOAD_OPTIONS = { connections: 10, durationSeconds: 10 } as const;

/** Drives one URL with autocannon (10 connections, 10 s) and keeps the figures the report needs. */
export async function measure(target: LoadTarget): Promise<LoadResult> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? "GET",
    connections: LOAD_OPTIONS.connections,
    duration: LOAD_OPTIONS.durationSeconds,
    ...(target.body ? { body: target.body, headers: { "content-type": "application/json" } } : {}),
  });
  const responses = Math.max(1, result.requests.total);
  return {
    name: target.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    bytesPerResponse: Math.round(result.throughput.total / responses),
  };
}
