import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShopProcess, type ShopProcess } from "../test/shop-process.ts";
import { usingPostgres } from "../test/harness.ts";
import { sampleSum } from "./metrics-testing.ts";

/** A request on a connection of its own: the cluster hands connections to its processes in turn. */
function onNewConnection(url: string, method: "GET" | "POST", timeoutMs = 10_000): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent: false, timeout: timeoutMs, headers: method === "POST" ? { "content-type": "application/json" } : {} }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.once("error", reject);
    request.once("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.end(method === "POST" ? "{}" : undefined);
  });
}

// SERVER_PROCESSES=2 over one SQLite file (what is tested is the processes, whatever the database).
describe.skipIf(usingPostgres())("GET /metrics of a cluster (SERVER_PROCESSES=2)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-metrics-cluster-"));
  let shop: ShopProcess;

  beforeAll(async () => {
    shop = await startShopProcess({ env: { DATA_DIR: dataDir, SERVER_PROCESSES: "2", NODE_ENV: "test", JOB_INTERVAL_MS: "0" } });
  }, 180_000);
  afterAll(async () => {
    await shop?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const scrape = async () => {
    const answer = await onNewConnection(`${shop.url}/metrics`, "GET");
    expect(answer.status).toBe(200);
    return answer.text;
  };
  const statusCalls = (text: string) => sampleSum(text, "shop_http_request_duration_seconds_count", { route: "/api/site/status", method: "POST" });

  it("answers the whole instance's figures whichever process the scrape lands on", async () => {
    const before = await scrape();
    expect(sampleSum(before, "shop_server_processes")).toBe(2);

    // Ten calls on ten connections: each process answers about half of them.
    for (let index = 0; index < 10; index += 1) expect((await onNewConnection(`${shop.url}/api/site/status`, "POST")).status).toBe(200);

    // Scrapes on new connections land on both processes: every one counts all ten calls.
    const scrapes = [await scrape(), await scrape(), await scrape(), await scrape()];
    for (const text of scrapes) {
      expect(sampleSum(text, "shop_server_processes")).toBe(2);
      expect(statusCalls(text) - statusCalls(before)).toBe(10);
    }
    // Per-process figures add up too: two processes' resident memory is more than either's heap.
    expect(sampleSum(scrapes[0]!, "shop_process_resident_memory_bytes")).toBeGreaterThan(sampleSum(scrapes[0]!, "shop_nodejs_heap_size_total_bytes"));
    // The process start time has no sum worth having: left out rather than added up.
    expect(sampleSum(scrapes[0]!, "shop_process_start_time_seconds")).toBe(0);
  });

  it("answers without a process that does not answer in time (stopped), and says how many were counted", async () => {
    // The primary's children running the server (tsx's esbuild service is a child too).
    const children = execFileSync("pgrep", ["-P", String(shop.child.pid)], { encoding: "utf8" }).trim().split("\n").map(Number);
    const workers = children.filter((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("src/main.ts"));
    expect(workers).toHaveLength(2);
    process.kill(workers[0]!, "SIGSTOP");
    try {
      // Connections handed to the stopped process wait for it; those the other one gets are answered.
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 4 }, () => onNewConnection(`${shop.url}/metrics`, "GET", 4000).catch(() => undefined)));
      const answered = answers.filter((answer) => answer !== undefined);
      expect(answered.length).toBeGreaterThan(0);
      for (const answer of answered) {
        expect(answer.status).toBe(200);
        expect(sampleSum(answer.text, "shop_server_processes")).toBe(1);
      }
      expect(Date.now() - started).toBeLessThan(4000 + 1000);
    } finally {
      process.kill(workers[0]!, "SIGCONT");
    }
    await expect.poll(async () => sampleSum(await scrape(), "shop_server_processes"), { timeout: 10_000 }).toBe(2);
  });
});
