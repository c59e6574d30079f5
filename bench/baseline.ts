import { Worker } from "node:worker_threads";

export interface Baseline {
  /** URL answering POST with exactly the named body */
  urlFor(name: string): string;
  close(): Promise<void>;
}

/**
 * The yardstick: a bare Fastify instance (in a worker thread of this script) that answers each
 * named POST route with a precomputed JSON body — the same bytes the real call returned — so the
 * difference to the real call is the cost of validating, querying and rendering.
 */
export function startBaseline(bodies: Record<string, Buffer>): Promise<Baseline> {
  const worker = new Worker(new URL("./baseline-worker.mjs", import.meta.url), { workerData: { bodies } });
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (port: number) =>
      resolve({
        urlFor: (name) => `http://127.0.0.1:${port}/baseline/${encodeURIComponent(name)}`,
        close: async () => {
          await worker.terminate();
        },
      }),
    );
  });
}
