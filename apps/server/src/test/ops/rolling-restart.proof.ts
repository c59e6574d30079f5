import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScaleOut, type ScaleOut } from "./scale-out.ts";
import { runRollingRestart, type RollingReport } from "./rolling-restart.ts";
import { formatRolling } from "./report.ts";
import { opsServices } from "./services.ts";

/**
 * Issue 21 proof: a rolling restart behind nginx (docs/deploy.md's config and procedure) under
 * load loses no request: none answered 5xx, none dropped.
 */
const INSTANCES = Number(process.env.SCALEOUT_INSTANCES ?? 2);
const services = await opsServices();

describe.skipIf(services.skip)(`rolling restart behind nginx: ${INSTANCES} instances under load${services.note}`, () => {
  let shop: ScaleOut | undefined;
  let report: RollingReport;
  beforeAll(async () => {
    services.require();
    shop = await startScaleOut({ instances: INSTANCES, buyers: 20, catalog: true });
    report = await runRollingRestart(shop, (line) => console.log(`[rolling] ${line}`));
    console.log(formatRolling(report));
  }, 600_000);
  afterAll(() => shop?.close());

  it("every instance stopped on SIGTERM by itself (exit 0) and came back", () => {
    expect(report.restarts.map((restart) => `${restart.instance}: exit ${restart.exitCode}`)).toEqual(shop!.instances.map((instance) => `${instance.name}: exit 0`));
  });

  it("no request was answered 5xx or dropped while the instances restarted", () => {
    expect(report.purchases, "purchases went through").toBeGreaterThan(0);
    expect(report.failureKinds).toEqual([]);
  });

  it("the database adds up afterwards", () => {
    expect(report.databaseProblems).toEqual([]);
  });
});
