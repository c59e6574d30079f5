import fs from "node:fs";
import type { ScaleOut } from "./scale-out.ts";
import { LoadRecord, runGuests, runShoppers, type Failure } from "./load.ts";
import { checkDatabase } from "./checks.ts";
import { closeClientConnections, Tally } from "./http-client.ts";
import type { NginxTroubles } from "./nginx.ts";

/**
 * A rolling restart behind nginx under load, as docs/deploy.md tells an operator to do it: one
 * instance after the other gets SIGTERM, is waited for until it exited, started again, and waited
 * for until it is ready, while shoppers buy and guests read through nginx. Every request must be
 * answered by the shop with success: a 5xx, nginx's 502 (an instance dropped a request) or a
 * connection error is a failure.
 */
export interface RollingReport {
  instances: number;
  shoppers: number;
  guests: number;
  durationMs: number;
  requests: number;
  purchases: number;
  ordersPerSecond: number;
  restarts: Array<{ instance: string; sigtermAt: string; exitMs: number; exitCode: number | null; readyMs: number; readyAt: string; lastLines: string[] }>;
  failures: Failure[];
  failureKinds: Array<[string, number]>;
  databaseProblems: string[];
  nginx: NginxTroubles;
}

const GUESTS = 4;

export async function runRollingRestart(shop: ScaleOut, log: (line: string) => void = () => {}): Promise<RollingReport> {
  const origin = shop.nginx.url;
  const record = new LoadRecord();
  const started = Date.now();
  const shoppers = runShoppers(origin, shop.buyers, shop.skuIds, record);
  const guests = runGuests(origin, GUESTS, shop.servesPages, shop.skuIds, record);
  // Load first, so the restarts meet requests in flight and kept-alive connections.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const restarts: RollingReport["restarts"] = [];
  const clock = (at: number) => new Date(at).toISOString().slice(11, 23);
  for (const instance of shop.instances) {
    const sigtermAt = Date.now();
    const { code, ms } = await instance.terminate();
    // What the instance said on its way out (a forced exit says why).
    const lastLines = code === 0 ? [] : instance.lines.slice(-15);
    const startedAgain = Date.now();
    await instance.start();
    const restart = { instance: instance.name, sigtermAt: clock(sigtermAt), exitMs: ms, exitCode: code, readyMs: Date.now() - startedAgain, readyAt: clock(Date.now()), lastLines };
    restarts.push(restart);
    log(JSON.stringify(restart));
    // The next goes down only once nginx sends the restarted one traffic again: after its refused
    // connects nginx leaves it out for fail_timeout, and on a loaded machine "ready" can come
    // before nginx has tried it again — stopping the other then leaves no live upstream.
    await waitForAnswersFrom(shop.nginx.accessLog, `127.0.0.1:${instance.port}`, 20, 30_000);
  }
  await Promise.all([shoppers.stop(), guests.stop()]);
  const ended = Date.now();
  closeClientConnections();
  const kinds = new Tally();
  for (const failure of record.failures) kinds.add(`${failure.step}: ${failure.label}`);
  return {
    instances: shop.instances.length,
    shoppers: shop.buyers.length,
    guests: GUESTS,
    durationMs: ended - started,
    requests: record.requests,
    purchases: record.completions.length,
    ordersPerSecond: record.ordersPerSecond(started, ended),
    restarts,
    failures: record.failures,
    failureKinds: kinds.entries(),
    databaseProblems: await checkDatabase(shop.app.deps.db, record, shop.skuIds, shop.buyers.map((buyer) => buyer.memberId)),
    nginx: shop.nginx.troubles(),
  };
}

/** Waits until nginx's access log shows `count` answers below 500 from `upstream` written after this call (or `timeoutMs`). */
async function waitForAnswersFrom(accessLog: string, upstream: string, count: number, timeoutMs: number): Promise<void> {
  const from = fs.existsSync(accessLog) ? fs.statSync(accessLog).size : 0;
  const answered = new RegExp(`upstream=(?:[^ ]*, )?${upstream.replace(/[.]/g, "\\.")}/[1-4]\\d\\d`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const written = fs.readFileSync(accessLog).subarray(from).toString("utf8");
    if (written.split("\n").filter((line) => answered.test(line)).length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not send ${upstream} ${count} requests within ${timeoutMs} ms of its restart`);
}
