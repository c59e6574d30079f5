import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShopProcess, postJson, type ShopProcess } from "./test/shop-process.ts";
import { usingPostgres } from "./test/harness.ts";

/** A POST on a connection of its own: the cluster spreads connections over its processes in turn. */
function postOnNewConnection<T>(url: string, body: object): Promise<{ code: number; data: T }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", agent: false, headers: { "content-type": "application/json" } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve(JSON.parse(text) as { code: number; data: T }));
    });
    request.once("error", reject);
    request.end(JSON.stringify(body));
  });
}

// SERVER_PROCESSES=2 over one SQLite file (what is tested is the processes, whatever the database).
describe.skipIf(usingPostgres())("a cluster of server processes (SERVER_PROCESSES=2)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-cluster-"));
  let shop: ShopProcess;

  beforeAll(async () => {
    shop = await startShopProcess({
      env: { DATA_DIR: dataDir, SERVER_PROCESSES: "2", AUTO_SEED: "1", SEED_SIZE: "200", DATA_CACHE: "1", NODE_ENV: "test", JOB_INTERVAL_MS: "0" },
    });
  }, 180_000);
  afterAll(async () => {
    await shop?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves from both processes, and a price changed through one is purged from the other's cache", async () => {
    const page = await postJson<{ list: Array<{ sku_id: number }> }>(`${shop.url}/api/goodssku/page`, { page_size: 1 });
    const skuId = page.data.list[0]!.sku_id;
    const price = async () => (await postOnNewConnection<{ goods_sku_detail: { price: string } }>(`${shop.url}/api/goodssku/detail`, { sku_id: skuId })).data.goods_sku_detail.price;
    // Every process reads (and caches) the SKU: connections alternate between them.
    const before = await Promise.all(Array.from({ length: 6 }, price));
    expect(new Set(before).size).toBe(1);

    const login = await postJson<{ token: string }>(`${shop.url}/shopapi/login/login`, { username: "admin", password: "admin123456" });
    expect(login.code).toBe(0);
    const changed = await postJson(`${shop.url}/shopapi/goods/editskuprice`, { sku_id: skuId, price: "321.98" }, { "x-staff-token": login.data.token });
    expect(changed.code).toBe(0);

    // The purge reaches the other process through the primary: soon every answer has the new price.
    await expect.poll(async () => new Set(await Promise.all(Array.from({ length: 6 }, price))), { timeout: 5000 }).toEqual(new Set(["321.98"]));
  });

  it("stops every process on SIGTERM", async () => {
    await shop.stop();
    await expect(fetch(`${shop.url}/api/site/status`, { method: "POST" })).rejects.toThrow();
  });
});
