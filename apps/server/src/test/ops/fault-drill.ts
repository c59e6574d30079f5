import type { ScaleOut } from "./scale-out.ts";
import type { UnexpectedExit } from "./instance.ts";
import { LoadRecord, runGuests, runShoppers } from "./load.ts";
import { ChatDrill, type ChatDrillReport } from "./chat-drill.ts";
import { guessPasswords, LOGIN_LIMIT, type LoginLimitResult } from "./login-limit.ts";
import { checkDatabase } from "./checks.ts";
import { closeClientConnections } from "./http-client.ts";
import type { NginxTroubles } from "./nginx.ts";

/**
 * The fault drill: shoppers buy and pay through nginx for `durationMs` while the faults an operator
 * meets happen one after another — an instance killed (SIGKILL) and restarted, the shop's PostgreSQL
 * connections terminated, the Redis stopped and started, the Redis stalled (SIGSTOP) and resumed,
 * the database stalled past its statement timeout —
 * with a chat going on and the login limit tried while Redis is down. After each fault, every
 * instance is polled directly until it serves again. Answers everything measured; the proof
 * (scale-out.proof.ts) and the bench (bench/scaleout.ts) judge and print it.
 */
export const RECOVERY_LIMIT_MS = 2000;
/** Longer than the shop's statement timeout (DB_STATEMENT_TIMEOUT_MS, 5 s), shorter than a client's deadline. */
const DATABASE_STALL_MS = 8000;

export interface FaultFigure {
  fault: string;
  /** seconds after the load started */
  at: number;
  /** how long the fault lasted, ms */
  lastedMs: number;
  /** per instance: ms from the fault's end until it served again (null: not within 10 s) */
  recoveryMs: Record<string, number | null>;
  /** purchases per second while the fault lasted */
  ordersPerSecondDuring: number;
  note: string;
}

export interface DrillReport {
  durationMs: number;
  instances: number;
  shoppers: number;
  purchases: number;
  ordersPerSecond: number;
  requests: number;
  outcomes: Array<[string, number]>;
  record: LoadRecord;
  faults: FaultFigure[];
  unexpectedExits: UnexpectedExit[];
  loginWithRedis: LoginLimitResult;
  loginWithoutRedis: LoginLimitResult;
  chat: ChatDrillReport;
  databaseProblems: string[];
  readyzMissing: boolean;
  nginx: NginxTroubles;
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

export async function runFaultDrill(shop: ScaleOut, durationMs: number, log: (line: string) => void = () => {}): Promise<DrillReport> {
  const origin = shop.nginx.url;
  const record = new LoadRecord();
  const faults: FaultFigure[] = [];
  const chat = new ChatDrill(shop.chat, { http: origin, ws: shop.nginx.wsOrigin });
  await chat.start();
  // The limit with Redis up, for comparison (its own client address).
  const loginWithRedis = await guessPasswords(origin, "127.6.0.1", LOGIN_LIMIT + 2);
  log(`login limit with Redis: ${JSON.stringify(loginWithRedis)}`);

  const started = Date.now();
  const shoppers = runShoppers(origin, shop.buyers, shop.skuIds, record);
  const guests = runGuests(origin, 4, shop.servesPages, shop.skuIds, record);
  const step = durationMs / 60;

  const recover = async (fault: string, faultStarted: number, faultEnded: number, note: string): Promise<void> => {
    const recoveryMs: Record<string, number | null> = {};
    await Promise.all(
      shop.instances.map(async (instance) => {
        if (!instance.running) {
          recoveryMs[instance.name] = null;
          return;
        }
        const { ready, ms } = await instance.waitReady(10_000);
        recoveryMs[instance.name] = ready ? ms : null;
      }),
    );
    // An instance the fault brought down is counted (unexpectedExits) and started again, so the
    // drill goes on measuring the next faults.
    for (const instance of shop.instances.filter((candidate) => !candidate.running)) {
      await instance.start().then(
        () => (note += `; ${instance.name} had exited and was started again`),
        (error: Error) => (note += `; ${instance.name} had exited and did not start again: ${error.message.slice(0, 200)}`),
      );
    }
    const figure: FaultFigure = {
      fault, at: Math.round((faultStarted - started) / 100) / 10, lastedMs: faultEnded - faultStarted, recoveryMs,
      ordersPerSecondDuring: record.ordersPerSecond(faultStarted, Math.max(faultEnded, faultStarted + 1000)), note,
    };
    faults.push(figure);
    log(`${fault}: ${JSON.stringify(figure)}`);
  };

  // 1. An instance killed mid-load, then started again.
  await sleepUntil(started + 5 * step);
  const victim = shop.instances[1 % shop.instances.length]!;
  let at = Date.now();
  await victim.kill();
  await victim.start();
  await recover("SIGKILL instance, restart", at, Date.now(), `${victim.name} killed, started again: ready ${victim.lastStartMs} ms after its start`);

  // 2. The shop's PostgreSQL connections terminated (a PostgreSQL restart, a failover).
  await sleepUntil(started + 15 * step);
  at = Date.now();
  const terminated = await shop.terminateDatabaseConnections();
  await recover("pg_terminate_backend", at, Date.now(), `${terminated} connections terminated`);

  // 3. Redis stopped: the login limit is tried while it is down; started again.
  await sleepUntil(started + 22 * step);
  at = Date.now();
  await shop.redis.stop();
  const loginWithoutRedis = await guessPasswords(origin, "127.6.0.2", LOGIN_LIMIT + 2);
  if (loginWithoutRedis.refused === 0) {
    // Each instance may count alone while Redis is down: the limit must still hold across them all.
    const more = await guessPasswords(origin, "127.6.0.2", LOGIN_LIMIT * (shop.instances.length - 1));
    loginWithoutRedis.attempts += more.attempts;
    loginWithoutRedis.answered += more.answered;
    loginWithoutRedis.refused += more.refused;
    loginWithoutRedis.other.push(...more.other);
    loginWithoutRedis.tookMs += more.tookMs;
  }
  log(`login limit without Redis: ${JSON.stringify(loginWithoutRedis)}`);
  // Faults last their full length even when an earlier step ran late (a slow restart).
  await sleepUntil(Math.max(started + 32 * step, at + 10 * step));
  await shop.redis.restart();
  await recover("Redis stopped, started", at, Date.now(), "");

  // 4. Redis stalled (SIGSTOP) for a while, then resumed.
  await sleepUntil(started + 36 * step);
  at = Date.now();
  shop.redis.pause();
  await sleepUntil(Math.max(started + 42 * step, at + 6 * step));
  shop.redis.resume();
  await recover("Redis stalled (SIGSTOP), resumed", at, Date.now(), "");

  // 5. PostgreSQL connections terminated again, now with Redis back.
  await sleepUntil(started + 46 * step);
  at = Date.now();
  const terminatedAgain = await shop.terminateDatabaseConnections();
  await recover("pg_terminate_backend again", at, Date.now(), `${terminatedAgain} connections terminated`);

  // 6. The database stalls longer than the statement timeout: requests must get an envelope in time, not hang.
  await sleepUntil(started + 50 * step);
  at = Date.now();
  const stalled = await shop.stallDatabase(DATABASE_STALL_MS).then(
    () => `goods_sku locked ${DATABASE_STALL_MS / 1000} s`,
    (error: Error) => `the lock failed: ${error.message}`,
  );
  await recover("PostgreSQL stalled (table locked)", at, Date.now(), stalled);

  await sleepUntil(started + durationMs);
  await Promise.all([shoppers.stop(), guests.stop()]);
  const ended = Date.now();
  const chatReport = await chat.finish(async (memberId) =>
    (await shop.app.deps.db.selectFrom("chat_message").select("id").where("member_id", "=", memberId).orderBy("id").execute()).map((row) => row.id),
  );
  closeClientConnections();
  const databaseProblems = await checkDatabase(shop.app.deps.db, record, shop.skuIds, shop.buyers.map((buyer) => buyer.memberId));
  return {
    durationMs: ended - started,
    instances: shop.instances.length,
    shoppers: shop.buyers.length,
    purchases: record.completions.length,
    ordersPerSecond: record.ordersPerSecond(started, ended),
    requests: record.requests,
    outcomes: record.tally.entries(),
    record,
    faults,
    unexpectedExits: shop.instances.flatMap((instance) => instance.unexpectedExits),
    loginWithRedis,
    loginWithoutRedis,
    chat: chatReport,
    databaseProblems,
    readyzMissing: shop.instances.some((instance) => instance.readyzMissing),
    nginx: shop.nginx.troubles(),
  };
}
