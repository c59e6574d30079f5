import cluster, { type Worker } from "node:cluster";
import { isClusterPurgeMessage } from "./core/cache/purge-bus.ts";

/** A worker that dies this soon after starting is not restarted (a broken build, a port in use). */
const CRASH_LOOP_MS = 5_000;

export interface ClusterLog {
  info(message: string): void;
  error(message: string): void;
}

/**
 * The primary of SERVER_PROCESSES > 1: forks the server processes (they share the listening port,
 * the kernel spreads connections), relays cache purges between them (core/cache/purge-bus.ts),
 * restarts a worker that dies, and stops them all on SIGINT/SIGTERM.
 */
export function runClusterPrimary(processes: number, log: ClusterLog): void {
  const startedAt = new Map<number, number>();
  let stopping = false;

  const fork = (): Worker => {
    // The primary has migrated and seeded: workers must not race to do it again.
    const worker = cluster.fork({ AUTO_SEED: "0" });
    startedAt.set(worker.id, Date.now());
    worker.on("message", (message: unknown) => {
      if (!isClusterPurgeMessage(message)) return;
      for (const other of Object.values(cluster.workers ?? {})) {
        if (other && other.id !== worker.id && other.isConnected()) other.send(message);
      }
    });
    return worker;
  };

  for (let index = 0; index < processes; index += 1) fork();
  log.info(`商城以 ${processes} 个进程运行（主进程 ${process.pid}）`);

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (lived < CRASH_LOOP_MS) {
      log.error(`服务进程 ${worker.process.pid} 启动后即退出（${signal ?? code}），不再重启`);
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    log.error(`服务进程 ${worker.process.pid} 退出（${signal ?? code}），正在重启`);
    fork();
  });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      const exitWhenDone = () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      };
      cluster.on("exit", exitWhenDone);
      exitWhenDone();
    });
  }
}
