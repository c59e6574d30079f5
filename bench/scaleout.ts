/**
 * Scale-out figures (the long form of the proofs in apps/server/src/test/ops): nginx running
 * docs/deploy/nginx.conf in front of SCALEOUT_INSTANCES (default 3) shop instances on PostgreSQL
 * and a redis-server of its own; 20 shoppers buy and pay through it for BENCH_SECONDS (default 120)
 * while an instance is killed and restarted, the database connections are terminated, Redis stops
 * and stalls; then a rolling restart under load. Figures, not pass/fail (the proofs judge):
 * orders/s, answers by kind, seconds to recover per fault, restart times.
 * Run: `npm run bench:scaleout -w @shop/bench` (writes bench/scale-out-results.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.SEED_IMAGE_CACHE ||= path.join(ROOT, ".cache/seed-image-cache");
const { startScaleOut } = await import("../apps/server/src/test/ops/scale-out.ts");
const { runFaultDrill } = await import("../apps/server/src/test/ops/fault-drill.ts");
const { runRollingRestart } = await import("../apps/server/src/test/ops/rolling-restart.ts");
const { formatDrill, formatRolling } = await import("../apps/server/src/test/ops/report.ts");

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 120) * 1000;
const INSTANCES = Number(process.env.SCALEOUT_INSTANCES ?? 3);
const log = (line: string) => console.log(line);

const drillShop = await startScaleOut({ instances: INSTANCES, buyers: 20 });
let drill: string;
try {
  drill = formatDrill(await runFaultDrill(drillShop, DURATION_MS, log));
} finally {
  await drillShop.close();
}
console.log(drill);

const rollingShop = await startScaleOut({ instances: INSTANCES, buyers: 20, catalog: true });
let rolling: string;
try {
  rolling = formatRolling(await runRollingRestart(rollingShop, log));
} finally {
  await rollingShop.close();
}
console.log(rolling);

const report = [
  "# Scale-out benchmark",
  "",
  `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run bench:scaleout\` (bench/scaleout.ts) — figures, not pass/fail`,
  "(the proofs in apps/server/src/test/ops judge the same runs in `npm test`, shorter).",
  `nginx (docs/deploy/nginx.conf) + ${INSTANCES} instances (SERVER_PROCESSES=1 each, NODE_ENV=test for the captcha code, caches on)`,
  `on PostgreSQL + a redis-server of the run's own; load generator, nginx, PostgreSQL and the instances share ${os.cpus().length} CPUs, Node ${process.version}.`,
  "",
  drill,
  rolling,
].join("\n");
fs.writeFileSync(path.join(ROOT, "bench/scale-out-results.md"), report);
