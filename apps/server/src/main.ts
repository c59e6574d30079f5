import cluster from "node:cluster";
import { loadConfig } from "./config.ts";
import { runClusterPrimary } from "./cluster.ts";
import { useProductionReactRouter } from "./ssr/production-react-router.ts";

const config = loadConfig();
if (config.production) useProductionReactRouter();
// Loaded after the hook above: the app imports react-router.
const { buildApp } = await import("./app.ts");
const { seedIfEmpty } = await import("./seed/index.ts");
const { drainThenExit } = await import("./core/lifecycle.ts");
const seedLog = (line: string) => process.stdout.write(line);

if (config.serverProcesses > 1 && cluster.isPrimary) {
  // Migrate and seed once, here, then let the workers serve (cluster.ts).
  const setup = await buildApp({ ...config, serveWeb: false, jobIntervalMs: 0 });
  if (config.autoSeed) await seedIfEmpty(setup.deps, { skus: config.seedSkus, tty: process.stdout.isTTY, log: seedLog });
  await setup.close();
  runClusterPrimary(config.serverProcesses, config.shutdownTimeoutMs, { info: (message) => console.log(message), error: (message) => console.error(message) });
} else {
  const app = await buildApp(config);
  if (config.autoSeed) await seedIfEmpty(app.deps, { skus: config.seedSkus, tty: process.stdout.isTTY, log: seedLog });
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`商城已启动：http://${config.host}:${config.port}/web/${cluster.isWorker ? `（进程 ${process.pid}）` : ""}`);

  // Drain, then exit within SHUTDOWN_TIMEOUT_MS (core/lifecycle.ts). Both signals can come (a
  // terminal's Ctrl-C reaches a cluster's workers and its primary, which then sends SIGTERM): once.
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info(`收到 ${signal}，开始排空${cluster.isWorker ? `（进程 ${process.pid}）` : ""}`);
      void drainThenExit(app, { drainDelayMs: config.drainDelayMs, shutdownTimeoutMs: config.shutdownTimeoutMs });
    });
  }
}
