import cluster from "node:cluster";
import { loadConfig } from "./config.ts";
import { runClusterPrimary } from "./cluster.ts";
import { withoutRequestTimeouts } from "./db/connect.ts";
import { useProductionReactRouter } from "./ssr/production-react-router.ts";

const config = loadConfig();
if (config.production) useProductionReactRouter();
// Loaded after the hook above: the app imports react-router.
const { buildApp } = await import("./app.ts");
const { seedIfEmpty } = await import("./seed/index.ts");
const { drainThenExit } = await import("./core/lifecycle.ts");
const seedLog = (line: string) => process.stdout.write(line);

/**
 * Migrations and the first seed, once, before any process serves, on a connection without the
 * request timeouts (DB_STATEMENT_TIMEOUT_MS…): the seed is one long transaction.
 */
async function prepareDatabase(): Promise<void> {
  const setup = await buildApp({ ...config, serveWeb: false, jobIntervalMs: 0, pg: withoutRequestTimeouts(config.pg) });
  if (config.autoSeed) await seedIfEmpty(setup.deps, { skus: config.seedSkus, tty: process.stdout.isTTY, log: seedLog });
  await setup.close();
}

if (config.serverProcesses > 1 && cluster.isPrimary) {
  // Migrate and seed once, here, then let the workers serve (cluster.ts).
  await prepareDatabase();
  runClusterPrimary(config.serverProcesses, config.shutdownTimeoutMs, { info: (message) => console.log(message), error: (message) => console.error(message) });
} else {
  // Until the server listens, a stop ends the process at once (nothing to drain, and a worker
  // forked just before its instance's SIGTERM must not start listening afterwards).
  let stopSignal: NodeJS.Signals | undefined;
  let onStop: (signal: NodeJS.Signals) => void = (signal) => {
    console.log(`启动中收到 ${signal}，退出`);
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => onStop(signal));

  if (config.autoSeed && cluster.isPrimary) await prepareDatabase();
  const app = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`商城已启动：http://${config.host}:${config.port}/web/${cluster.isWorker ? `（进程 ${process.pid}）` : ""}`);

  // Drain, then exit within SHUTDOWN_TIMEOUT_MS (core/lifecycle.ts). Both signals can come (a
  // terminal's Ctrl-C reaches a cluster's workers and its primary, which then sends SIGTERM): once.
  onStop = (signal) => {
    if (stopSignal) return;
    stopSignal = signal;
    app.log.info(`收到 ${signal}，开始排空${cluster.isWorker ? `（进程 ${process.pid}）` : ""}`);
    void drainThenExit(app, { drainDelayMs: config.drainDelayMs, shutdownTimeoutMs: config.shutdownTimeoutMs });
  };
}
