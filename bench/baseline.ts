import { once } from "node:events";
import { Worker } from "node:worker_threads";

/** What the baseline answers for one name: the real call's body and content type. */
export interface BaselineAnswer {
  body: Buffer;
  type: string;
}

export interface Baseline {
  /** Serves `answer` under `name` from now on; resolves with the URL answering GET or POST with it. */
  add(name: string, answer: BaselineAnswer): Promise<string>;
  close(): Promise<void>;
}

/**
 * The yardstick: a bare Fastify instance (in a worker thread of this script) that answers each
 * named route with a precomputed body — the same bytes the real call returned — so the difference
 * to the real call is the cost of validating, querying and rendering.
 */
export async function startBaseline(): Promise<Baseline> {
  const worker = new Worker(new URL("./baseline-worker.mjs", import.meta.url));
  const [{ port }] = (await once(worker, "message")) as [{ port: number }];
  return {
    async add(name, answer) {
      const added = new Promise<void>((resolve) => {
        const listen = (message: { added?: string }) => {
          if (message.added !== name) return;
          worker.off("message", listen);
          resolve();
        };
        worker.on("message", listen);
      });
      worker.postMessage({ name, type: answer.type, body: answer.body });
      await added;
      return `http://127.0.0.1:${port}/baseline/${encodeURIComponent(name)}`;
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
