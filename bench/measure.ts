import { measure, type LoadResult, type LoadTarget } from "./load.ts";
import type { ServerProcess } from "./processes.ts";

/** One response fetched before the load, to show what the load is made of. */
export interface Sample {
  status: number;
  body: Buffer;
  contentType: string;
  /** every x-…cache… response header, e.g. "x-page-cache: hit" ("" when there is none) */
  cacheHeaders: string;
  /** x-page-cache alone ("" when absent) */
  pageCache: string;
  /** API envelopes: items on the page, matches in all, and the error when code ≠ 0 */
  items?: number;
  total?: number;
  error?: string;
}

export interface Measured {
  result: LoadResult;
  sample: Sample;
  /** Node processes serving when it was measured */
  processes: number;
}

const init = (target: LoadTarget): RequestInit =>
  target.method === "POST" ? { method: "POST", headers: { "content-type": "application/json" }, body: target.body } : {};

function readEnvelope(body: Buffer): Pick<Sample, "items" | "total" | "error"> {
  try {
    const envelope = JSON.parse(body.toString()) as { code: number; message: string; data?: { list?: unknown[]; count?: number } };
    if (envelope.code !== 0) return { error: `code ${envelope.code} ${envelope.message}` };
    return { items: envelope.data?.list?.length ?? 0, total: envelope.data?.count ?? 0 };
  } catch {
    return { error: "not JSON" };
  }
}

export async function sample(target: LoadTarget): Promise<Sample> {
  const response = await fetch(target.url, init(target));
  const body = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get("content-type") ?? "application/octet-stream";
  const cacheHeaders = [...response.headers].filter(([name]) => name.startsWith("x-") && name.includes("cache")).map(([name, value]) => `${name}: ${value}`);
  return {
    status: response.status,
    body,
    contentType,
    cacheHeaders: cacheHeaders.join(", "),
    pageCache: response.headers.get("x-page-cache") ?? "",
    ...(contentType.includes("json") ? readEnvelope(body) : {}),
  };
}

/** A row that could not be measured (the server failed or went away): zeros and the reason. */
export function failedMeasurement(name: string, error: unknown, processes: number): Measured {
  const message = error instanceof Error ? error.message : String(error);
  console.warn(`  ⚠ ${name}: ${message}`);
  return {
    result: { name, requestsPerSecond: 0, p50: 0, p95: 0, p99: 0, failures: 1 },
    sample: { status: 0, body: Buffer.alloc(0), contentType: "", cacheHeaders: "", pageCache: "", error: `not measured: ${message}` },
    processes,
  };
}

/**
 * Warms the target up (every process of a cluster compiles its code paths and fills its caches:
 * requests go round the workers), samples one response, then puts it under load.
 */
export async function measureOn(server: ServerProcess, target: LoadTarget): Promise<Measured> {
  const processes = server.servingProcesses();
  for (let index = 0; index < 20 * processes; index += 1) await (await fetch(target.url, init(target))).arrayBuffer();
  const seen = await sample(target);
  console.log(`  ▷ ${target.name}${seen.cacheHeaders ? ` (${seen.cacheHeaders})` : ""}`);
  return { result: await measure(target), sample: seen, processes };
}
