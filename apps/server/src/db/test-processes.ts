import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { REPO_ROOT } from "../config.ts";
import type { DbOptions } from "./connect.ts";
import type { SecondProcessCommand } from "./test-second-process.ts";
import type { TestApp } from "../test/harness.ts";

/** The test app's database as a second connection would open it (same SQLite file or PostgreSQL schema). */
export function sameDatabase(t: TestApp): DbOptions {
  return t.config.databaseUrl
    ? { databaseUrl: t.config.databaseUrl, pgSchema: t.config.pgSchema }
    : { sqliteFile: `${t.config.dataDir}/shop.sqlite` };
}

export interface SecondProcess {
  /** Resolves with the next message the process sends (in order). */
  next(): Promise<unknown>;
  send(command: SecondProcessCommand): void;
  exited: Promise<number | null>;
  child: ChildProcess;
}

/** Forks db/test-second-process.ts on the given database and waits until it is connected. */
export async function startSecondProcess(options: DbOptions): Promise<SecondProcess> {
  const script = fileURLToPath(new URL("./test-second-process.ts", import.meta.url));
  const child = fork(script, [JSON.stringify(options)], { cwd: REPO_ROOT, execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const queue: unknown[] = [];
  const waiting: Array<(message: unknown) => void> = [];
  child.on("message", (message) => {
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const next = () =>
    queue.length > 0
      ? Promise.resolve(queue.shift())
      : Promise.race([
          new Promise<unknown>((resolve) => waiting.push(resolve)),
          exited.then((code) => {
            throw new Error(`second process exited (${code}) before answering`);
          }),
        ]);
  const ready = await next();
  if (ready !== "ready") throw new Error(`second process: ${JSON.stringify(ready)}`);
  return { next, send: (command) => child.send(command), exited, child };
}
