import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScaleOut, type ScaleOut } from "./scale-out.ts";
import { runFaultDrill, RECOVERY_LIMIT_MS, type DrillReport } from "./fault-drill.ts";
import { LOGIN_LIMIT } from "./login-limit.ts";
import { formatDrill } from "./report.ts";
import { opsServices } from "./services.ts";

/**
 * Issue 21 proof: the deployment of docs/deploy.md (nginx in front of instances on PostgreSQL and
 * Redis) survives the faults an operator meets while 20 shoppers buy and pay through it
 * (fault-drill.ts says which, and when). SCALEOUT_DRILL_SECONDS sets the length (default 60);
 * `npm run bench:scaleout` runs the long form and writes the figures.
 */
const DRILL_MS = Number(process.env.SCALEOUT_DRILL_SECONDS ?? 60) * 1000;
const INSTANCES = Number(process.env.SCALEOUT_INSTANCES ?? 2);
const services = await opsServices();

describe.skipIf(services.skip)(`scale-out under faults: nginx + ${INSTANCES} instances, PostgreSQL, Redis, 20 shoppers for ${DRILL_MS / 1000} s${services.note}`, () => {
  let shop: ScaleOut | undefined;
  let report: DrillReport;
  beforeAll(async () => {
    services.require();
    shop = await startScaleOut({ instances: INSTANCES, buyers: 20 });
    report = await runFaultDrill(shop, DRILL_MS, (line) => console.log(`[drill] ${line}`));
    console.log(formatDrill(report));
  }, DRILL_MS + 600_000);
  afterAll(() => shop?.close());

  it("every order a client was told was created exists whole; nothing paid twice; stock + sold = start; ledger = balance", () => {
    expect(report.purchases, "purchases went through").toBeGreaterThan(0);
    expect(report.databaseProblems).toEqual([]);
  });

  it("clients got envelopes or connection errors, never a hang past the deadline nor a foreign body", () => {
    expect(report.record.forbidden().map((failure) => `${failure.step}: ${failure.label}`)).toEqual([]);
  });

  it("no instance exited on a database or Redis fault (only the one killed)", () => {
    expect(report.unexpectedExits.map((exit) => `${exit.instance} exited (${exit.code ?? exit.signal}):\n${exit.lastLines.join("\n")}`)).toEqual([]);
  });

  it(`each instance serves again within ${RECOVERY_LIMIT_MS / 1000} s of each fault ending`, () => {
    const slow = report.faults.flatMap((fault) =>
      Object.entries(fault.recoveryMs).flatMap(([instance, ms]) => (ms === null || ms > RECOVERY_LIMIT_MS ? [`${fault.fault}: ${instance} ${ms === null ? "not within 10 s" : `${ms} ms`}`] : [])),
    );
    expect(slow).toEqual([]);
  });

  it("the instances answer GET /readyz", () => {
    expect(report.readyzMissing, "GET /readyz answered 404").toBe(false);
  });

  it(`the login limit holds: ${LOGIN_LIMIT} wrong passwords answered, then -10029, with Redis and without`, () => {
    expect(report.loginWithRedis, "with Redis").toMatchObject({ answered: LOGIN_LIMIT, refused: 2, other: [] });
    const down = report.loginWithoutRedis;
    expect(down.other, "Redis down: answers other than the limit's").toEqual([]);
    expect(down.refused, `Redis down: ${down.answered} of ${down.attempts} wrong passwords answered, none refused`).toBeGreaterThan(0);
    // Each instance counts alone while Redis is down: behind a balancer one address gets at most the limit per instance.
    expect(down.answered, "Redis down: answered").toBeLessThanOrEqual(LOGIN_LIMIT * report.instances);
  });

  it("chat messages sent during the faults reach both sides, each once", () => {
    expect(report.chat.sent, "messages stored").toBeGreaterThan(0);
    expect(report.chat.missing, "stored messages a side never got").toEqual({});
    expect(report.chat.duplicates, "a message twice on one socket").toEqual({});
  });
});
