import cluster from "node:cluster";
import { loadConfig } from "./config.ts";
import { runClusterPrimary } from "./cluster.ts";
import { useProductionReactRouter } from "./ssr/production-react-router.ts";

const config = loadConfig();
if (config.production) useProductionReactRouter();
// Loaded after the hook above: the app imports react-router.
const { buildApp } = await import("./app.ts");
const { seedIfEmpty } = await import("./seed/index.ts");
const seedLog = (line: string) => process.stdout.write(line);

if (config.serverProcesses > 1 && cluster.isPrimary) {
  // Migrate and seed once, here, then let the workers serve (cluster.ts).
  const setup = await buildApp({ ...config, serveWeb: false, jobIntervalMs: 0 });
  if (config.autoSeed) await seedIfEmpty(setup.deps, { skus: config.seedSkus, tty: process.stdout.isTTY, log: seedLog });
  await setup.close();
  runClusterPrimary(config.serverProcesses, { info: (message) => console.log(message), error: (message) => console.error(message) });
} else {
  const app = await buildApp(config);
  if (config.autoSeed) await seedIfEmpty(app.deps, { skus: config.seedSkus, tty: process.stdout.isTTY, log: seedLog });
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`商城已启动：http://${config.host}:${config.port}/web/${cluster.isWorker ? `（进程 ${process.pid}）` : ""}`);

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
}
