import { spawn, type ChildProcess } from "node:child_process";
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
  stop(): Promise<void>;
}

/** Starts the shop server on a free port and waits until the storefront answers (at most `timeoutMs`). */
export async function startShopServer(root: string, env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: { ...process.env, ...env, HOST: "127.0.0.1", PORT: String(port), AUTO_SEED: "0", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/web/`).then((response) => response.ok, () => false);
    if (ready) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error("server did not start in time");
}
