import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../apps/server/src/test/shop-process.ts";

export { freePort };

/** Runs a command to completion, its output passed through; rejects on a non-zero exit. */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

export interface ServerProcess {
  url: string;
  /** Node processes serving: the cluster's workers when there are any, else the server itself. */
  servingProcesses(): number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Node child processes of `pid` (a cluster's workers; tsx's esbuild service is not one). */
function nodeChildren(pid: number): number[] {
  try {
    const lines = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(pid)], { encoding: "utf8" }).trim().split("\n");
    return lines.map((line) => line.trim().split(/\s+/)).filter(([, command]) => command?.startsWith("node")).map(([child]) => Number(child));
  } catch {
    return []; // ps exits 1 when there are no children
  }
}

/**
 * Starts the shop server on a free port with exactly `env` (not this process's environment, so a
 * flag set in the shell cannot change a mode) and waits until the storefront answers (and, for a
 * cluster, until `expectedProcesses` workers run or ten seconds pass).
 */
export async function startShopServer(root: string, env: NodeJS.ProcessEnv, expectedProcesses = 1, timeoutMs = 120_000): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: { ...env, HOST: "127.0.0.1", PORT: String(port), AUTO_SEED: "0", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const servingProcesses = () => Math.max(1, nodeChildren(child.pid!).length);
  const stop = async () => {
    const workers = nodeChildren(child.pid!);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    // Workers a cluster primary left behind would hold the port's load for the next server.
    for (const worker of workers) {
      try {
        process.kill(worker, "SIGTERM");
      } catch {
        // already gone
      }
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/web/`).then((response) => response.ok, () => false);
    if (ready) {
      // A cluster answers once its first worker listens; give the others a moment (none come when
      // the server does not run a cluster, which the report then shows).
      const workersBy = Date.now() + 10_000;
      while (expectedProcesses > 1 && servingProcesses() < expectedProcesses && Date.now() < workersBy) await sleep(250);
      return { url, servingProcesses, stop };
    }
    await sleep(500);
  }
  await stop();
  throw new Error("server did not start in time");
}
