import { loadConfig } from "./config.ts";
import { buildApp } from "./app.ts";
import { seedIfEmpty } from "./seed/index.ts";

const config = loadConfig();
const app = await buildApp(config);
if (config.autoSeed) await seedIfEmpty(app.deps, { skus: config.seedSkus, tty: process.stdout.isTTY, log: (line) => process.stdout.write(line) });
await app.listen({ host: config.host, port: config.port });
app.log.info(`商城已启动：http://${config.host}:${config.port}/web/`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
