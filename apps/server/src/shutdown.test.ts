import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { StaffLoginResult } from "@shop/contract";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { hashPassword } from "./core/password.ts";
import { RESTARTING_MESSAGE } from "./core/lifecycle.ts";
import { usingPostgres } from "./test/harness.ts";
import { RawConnection } from "./test/raw-http.ts";
import { postJson, startShopProcess, type ShopProcess } from "./test/shop-process.ts";
import { TestSocket } from "./modules/chat/testing.ts";

const DRAIN_DELAY_MS = 4000;
const SHUTDOWN_TIMEOUT_MS = 8000;
const STAFF = { username: "drain_admin", password: "drain-secret-1" };

/** A migrated SQLite database in a new DATA_DIR, with one staff account (for a servicer socket). */
async function prepareDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-drain-"));
  const app = await buildApp(loadConfig({ NODE_ENV: "test" }, { dataDir, serveWeb: false, logLevel: "silent", autoSeed: false, jobIntervalMs: 0 }));
  await app.deps.db
    .insertInto("staff")
    .values({ username: STAFF.username, password: await hashPassword(STAFF.password), nickname: "drain", role: "admin", headimg: "", status: 1, create_time: 0 })
    .execute();
  await app.close();
  return dataDir;
}

/** A GET on a connection of its own; resolves with the status and body, rejects on a reset. */
function getOnNewConnection(url: string, onSent?: () => void): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }));
    });
    request.once("error", reject);
    if (onSent) request.once("finish", onSent);
  });
}

/** A connect on a connection of its own: "refused", "answered", or "no answer" (reset, or nothing within 300 ms). */
function tryConnect(url: string): Promise<"refused" | "answered" | "no answer"> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 300 }, (response) => {
      response.resume();
      resolve("answered");
    });
    request.once("timeout", () => request.destroy());
    request.once("error", (error) => resolve(/ECONNREFUSED/.test(error.message) ? "refused" : "no answer"));
  });
}

/**
 * Waits until the instance is out: the balancer's kept-alive probe reads 503, and new connects are
 * refused. (With a cluster, a connect in the few milliseconds while the workers leave the
 * primary's round robin may get no answer, then a reset: Node's cluster, not ours, so such a
 * connect only counts as "not yet".)
 */
async function untilNotReady(url: string, probe: RawConnection): Promise<{ readyz: { status: number; body: string }; ms: number }> {
  const started = Date.now();
  let readyz = await probe.get("/readyz");
  // The signal may reach that process a moment later: a 200 leaves the probe's connection open.
  while (readyz.status === 200 && Date.now() - started < 3000) readyz = await probe.get("/readyz");
  for (;;) {
    if ((await tryConnect(`${url}/readyz`)) === "refused") return { readyz, ms: Date.now() - started };
    if (Date.now() - started > 3000) throw new Error("still accepting connections three seconds after SIGTERM");
  }
}

// Real processes over one SQLite file (what is tested is the processes, whatever the database).
describe.skipIf(usingPostgres())("SIGTERM drains a real server process", () => {
  const dataDirs: string[] = [];
  afterAll(() => {
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const processes of [1, 2]) {
    it(`SERVER_PROCESSES=${processes}: readyz 503 at once, sockets told to reconnect (1012), kept-alive connections answered with Connection: close, the slow request finished, exit within SHUTDOWN_TIMEOUT_MS`, async () => {
      const dataDir = await prepareDataDir();
      dataDirs.push(dataDir);
      let shop: ShopProcess | undefined;
      try {
        shop = await startShopProcess({
          readyPath: "/readyz",
          env: {
            DATA_DIR: dataDir,
            NODE_ENV: "test",
            SERVER_PROCESSES: String(processes),
            DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
            SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
            JOB_INTERVAL_MS: "0",
          },
        });
        const port = Number(new URL(shop.url).port);
        const login = await postJson<StaffLoginResult>(`${shop.url}/shopapi/login/login`, STAFF);
        expect(login.code).toBe(0);
        const socket = await TestSocket.open(shop.url.replace("http:", "ws:"), "", { servicer: true, headers: { "x-staff-token": login.data.token } });
        // Kept-alive connections, idle at the signal (with two processes, some land on each).
        const keptAlive = await Promise.all(Array.from({ length: 4 }, () => RawConnection.open(port)));
        for (const connection of keptAlive) expect((await connection.get("/healthz")).status).toBe(200);
        // A balancer's health check on a kept-alive connection of its own.
        const probe = await RawConnection.open(port);
        expect((await probe.get("/readyz")).status).toBe(200);
        // A slow request, sent before the signal.
        let sent!: () => void;
        const requestSent = new Promise<void>((resolve) => (sent = resolve));
        const slow = getOnNewConnection(`${shop.url}/__test/slow?ms=1500`, sent);
        await requestSent;

        const signalled = Date.now();
        shop.child.kill("SIGTERM");

        // New connects refused at once; the kept-alive probe reads 503 draining.
        const notReady = await untilNotReady(shop.url, probe);
        expect(notReady.ms).toBeLessThan(1000);
        expect(notReady.readyz.status).toBe(503);
        expect(JSON.parse(notReady.readyz.body)).toMatchObject({ status: "not_ready", checks: { draining: "yes" } });

        expect(await socket.closed).toEqual({ code: 1012, reason: "server restarting" });

        // Used during the drain, each kept-alive connection gets a normal answer, then is closed
        // cleanly (never reset); at worst the 503 envelope, never Fastify's own body.
        for (const connection of keptAlive) {
          const answer = await connection.get("/healthz");
          if (answer.status === 503) expect(JSON.parse(answer.body)).toMatchObject({ code: -10005, message: RESTARTING_MESSAGE });
          else expect(answer).toMatchObject({ status: 200, body: '{"status":"ok"}' });
          expect(answer.headers.connection).toBe("close");
          expect(await connection.closed()).toBe("end");
        }

        const slowAnswer = await slow;
        expect(slowAnswer).toMatchObject({ status: 200, body: '{"slept":1500}', connection: "close" });

        expect(await shop.exited).toBe(0);
        const tookMs = Date.now() - signalled;
        expect(tookMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
        // Every connection was gone before the drain delay ran out: the process did not wait it out.
        expect(tookMs).toBeLessThan(DRAIN_DELAY_MS + 1500);
        await expect(getOnNewConnection(`${shop.url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);
      } finally {
        await shop?.stop();
      }
    }, 120_000);
  }
});
