import cluster, { type Worker } from "node:cluster";
import { isClusterPurgeMessage } from "./core/cache/purge-bus.ts";
import { isClusterChatMessage } from "./modules/chat/cluster-relay.ts";
import { isClusterNoticeMessage } from "./modules/notify/notice-cluster.ts";
import { serveClusterMetrics } from "./core/metrics-cluster.ts";

/** A worker that dies this soon after starting counts as a quick failure (a broken build, a port in use, OOM). */
const CRASH_LOOP_MS = 5_000;
/** After this many quick failures in a row the worker is not restarted again. */
const MAX_QUICK_FAILURES = 5;
/**
 * Workers drain and exit by SHUTDOWN_TIMEOUT_MS themselves (core/lifecycle.ts); one still running
 * this much later (an event loop blocked, so its own deadline never fired) is killed.
 */
const KILL_AFTER_DEADLINE_MS = 1000;

export interface ClusterLog {
  info(message: string): void;
  error(message: string): void;
}

/**
 * The primary of SERVER_PROCESSES > 1: forks the server processes (they share the listening port,
 * the kernel spreads connections), relays cache purges between them (core/cache/purge-bus.ts),
 * restarts a worker that dies, and stops them all on SIGINT/SIGTERM.
 */
export function runClusterPrimary(processes: number, shutdownTimeoutMs: number, log: ClusterLog): void {
  const startedAt = new Map<number, number>();
  let stopping = false;
  let quickFailures = 0;
  // A scrape of /metrics on any worker answers the whole instance's figures (core/metrics-cluster.ts).
  serveClusterMetrics();

  const fork = (): Worker => {
    // The primary has migrated and seeded: workers must not race to do it again.
    const worker = cluster.fork({ AUTO_SEED: "0" });
    startedAt.set(worker.id, Date.now());
    worker.on("message", (message: unknown) => {
      // Cache purges, the chat's events and presence (modules/chat/cluster-relay.ts) and staff notices go to every other worker.
      if (!isClusterPurgeMessage(message) && !isClusterChatMessage(message) && !isClusterNoticeMessage(message)) return;
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
    quickFailures = lived < CRASH_LOOP_MS ? quickFailures + 1 : 0;
    if (quickFailures >= MAX_QUICK_FAILURES) {
      log.error(`服务进程 ${worker.process.pid} 连续 ${quickFailures} 次启动后即退出（${signal ?? code}），不再重启`);
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    // Quick failures wait longer each time (1, 2, 4, 8 s), so a crash loop does not spin.
    const delay = quickFailures === 0 ? 0 : 1000 * 2 ** (quickFailures - 1);
    log.error(`服务进程 ${worker.process.pid} 退出（${signal ?? code}），${delay ? `${delay / 1000} 秒后` : ""}重启`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      const exitWhenDone = () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      };
      cluster.on("exit", exitWhenDone);
      exitWhenDone();
      setTimeout(() => {
        const left = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
        log.error(`${left.length} 个服务进程在 ${shutdownTimeoutMs / 1000} 秒内未退出，强制结束`);
        for (const worker of left) worker.process.kill("SIGKILL");
      }, shutdownTimeoutMs + KILL_AFTER_DEADLINE_MS).unref();
    });
  }
}
