import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { run, startShopServer, type ServerProcess } from "./processes.ts";
import { measure, type LoadResult } from "./load.ts";
import { startBaseline, type Baseline } from "./baseline.ts";
import { firstLoadJs } from "./first-load-js.ts";
import { renderReport, type ApiRow } from "./report.ts";

/**
 * npm run bench: seeds (or reuses) a 100,000-SKU SQLite catalog in .cache/bench-data, rebuilds
 * its search index, starts the shop on a free loopback port and measures the goods list API, keyword
 * search (beside a bare-Fastify baseline with the same bodies), SSR pages and first-load JS.
 * Writes bench/results.md. Takes about two and a half minutes after the first seed.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATA_DIR = path.join(ROOT, ".cache/bench-data");
const ENV = { DATA_DIR, SEED_SIZE: "large", NODE_ENV: "production" };
const tsx = (script: string, args: string[] = []) => run(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT, env: ENV });

/** Every API row is a /api/goodssku/page call; the rows differ by body. */
const LIST_API = "/api/goodssku/page";
const API_CALLS: Array<{ name: string; body: object }> = [
  { name: LIST_API, body: { page: 1, page_size: 20 } },
  { name: "search 手机", body: { keyword: "手机", page: 1, page_size: 20 } },
  { name: "search 蓝牙耳机", body: { keyword: "蓝牙耳机", page: 1, page_size: 20 } },
];

async function post(url: string, body: object): Promise<Buffer> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return Buffer.from(await response.arrayBuffer());
}

/** A few requests first, so the measured runs do not include compiling the code paths. */
async function warmUp(url: string, init?: RequestInit) {
  for (let index = 0; index < 20; index += 1) await (await fetch(url, init)).arrayBuffer();
}

async function main() {
  console.log("▶ 演示数据（已有则复用）");
  await tsx("apps/server/src/seed/cli.ts", ["--size", "large"]);
  console.log("▶ 重建搜索索引");
  const rebuildStarted = Date.now();
  await tsx("apps/server/src/modules/search/reindex-cli.ts");
  const indexRebuildSeconds = (Date.now() - rebuildStarted) / 1000;
  if (!fs.existsSync(path.join(ROOT, "apps/web/build/server/index.js"))) {
    console.log("▶ 构建前端");
    await run("npm", ["run", "build", "-w", "@shop/web"], { cwd: ROOT });
  }

  let server: ServerProcess | undefined;
  let baseline: Baseline | undefined;
  try {
    server = await startShopServer(ROOT, ENV);
    const origin = server.url;
    console.log(`▶ 服务已启动：${origin}`);
    const bodies = Object.fromEntries(await Promise.all(API_CALLS.map(async (call) => [call.name, await post(origin + LIST_API, call.body)] as const)));
    baseline = await startBaseline(bodies);

    const api: ApiRow[] = [];
    for (const call of API_CALLS) {
      const body = JSON.stringify(call.body);
      const init = { method: "POST", headers: { "content-type": "application/json" }, body };
      await warmUp(origin + LIST_API, init);
      await warmUp(baseline.urlFor(call.name), init);
      console.log(`▶ 压测 ${call.name}`);
      const real = await measure({ name: call.name, url: origin + LIST_API, method: "POST", body });
      const yardstick = await measure({ name: `baseline ${call.name}`, url: baseline.urlFor(call.name), method: "POST", body });
      api.push({ real, baseline: yardstick });
    }

    const firstPage = JSON.parse(bodies[LIST_API]!.toString()) as { data: { count: number; list: Array<{ sku_id: number }> } };
    const skuPath = `/web/sku/${firstPage.data.list[0]?.sku_id ?? 1}`;
    const pagePaths = ["/web/", "/web/goods/list", `/web/goods/list?keyword=${encodeURIComponent("手机")}`, skuPath];
    const pages: LoadResult[] = [];
    for (const pagePath of pagePaths) {
      await warmUp(origin + pagePath);
      console.log(`▶ 压测 ${pagePath}`);
      pages.push(await measure({ name: decodeURIComponent(pagePath), url: origin + pagePath }));
    }
    const firstLoad = [];
    for (const pagePath of pagePaths) firstLoad.push({ page: decodeURIComponent(pagePath), ...(await firstLoadJs(origin, pagePath)) });

    const markdown = renderReport({
      date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
      catalog: { goods: firstPage.data.count, skus: 100_000, indexRebuildSeconds },
      api,
      pages,
      firstLoad,
    });
    fs.writeFileSync(path.join(ROOT, "bench/results.md"), markdown);
    console.log(`\n${markdown}\n(已写入 bench/results.md)`);
  } finally {
    await baseline?.close();
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
