import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { REPO_ROOT } from "../config.ts";

/**
 * Real shop server processes for tests and benchmarks that must go over HTTP to a separate process
 * (concurrency proofs, several instances on one database, crash tests).
 */

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ShopProcess {
  url: string;
  child: ChildProcess;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** Resolves with the exit code when the process ends (a crash test waits on it). */
  exited: Promise<number | null>;
}

export interface ShopProcessOptions {
  env: NodeJS.ProcessEnv;
  /** the path polled until it answers (default the API's site status) */
  readyPath?: string;
  timeoutMs?: number;
  /** pass the server's output through (default: only stderr) */
  verbose?: boolean;
  /** extra Node flags for the server, e.g. ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] to profile it */
  nodeArgs?: string[];
}

/** Starts `apps/server/src/main.ts` on a free port and resolves once it answers. */
export async function startShopProcess(options: ShopProcessOptions): Promise<ShopProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", "apps/server/src/main.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, AUTO_SEED: "0", LOG_LEVEL: "warn", SERVE_WEB: "0", ...options.env, HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", options.verbose ? "inherit" : "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const readyUrl = url + (options.readyPath ?? "/api/site/status");
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`shop server exited with ${child.exitCode} before it was ready`);
    const ready = await fetch(readyUrl, { method: readyUrl.includes("/api/") ? "POST" : "GET" }).then((response) => response.ok, () => false);
    if (ready) return { url, child, stop, exited };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error("shop server did not start in time");
}

/** POSTs a JSON body to a shop process and returns the envelope. */
export async function postJson<T = unknown>(url: string, body: object, headers: Record<string, string> = {}): Promise<{ code: number; message: string; data: T }> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return (await response.json()) as { code: number; message: string; data: T };
}
