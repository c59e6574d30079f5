import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { SEARCH_COMPACTION_JOB, nextCompactionTime } from "./compaction.ts";

const BEIJING = (iso: string) => Date.parse(`${iso}+08:00`) / 1000;

describe("nextCompactionTime", () => {
  it("is the next 04:00 in Beijing, never the moment itself", () => {
    expect(nextCompactionTime(BEIJING("2026-11-26T03:59:59"))).toBe(BEIJING("2026-11-26T04:00:00"));
    expect(nextCompactionTime(BEIJING("2026-11-26T04:00:00"))).toBe(BEIJING("2026-11-27T04:00:00"));
    expect(nextCompactionTime(BEIJING("2026-11-26T23:30:00"))).toBe(BEIJING("2026-11-27T04:00:00"));
    // 20:00 UTC is 04:00 the next day in Beijing.
    expect(nextCompactionTime(Date.parse("2026-11-26T19:00:00Z") / 1000)).toBe(Date.parse("2026-11-26T20:00:00Z") / 1000);
  });
});

describe(`nightly search compaction (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: 300 });
    await t.app.ready();
  });
  afterAll(() => t.close());

  const compactionJobs = () =>
    t.app.deps.db.selectFrom("job").select(["status", "run_at", "dedupe_key"]).where("kind", "=", SEARCH_COMPACTION_JOB).orderBy("run_at").execute();

  it.runIf(usingPostgres())("PostgreSQL needs none: no job is scheduled", async () => {
    expect(await compactionJobs()).toEqual([]);
  });

  it.runIf(!usingPostgres())("SQLite: the night's job merges the index into one segment and schedules the next night, once per night", async () => {
    const db = t.app.deps.db;
    const segments = async () => Number((await sql<{ n: number }>`select count(distinct segid) as n from goods_search_idx`.execute(db)).rows[0]!.n);
    // Sales move entries: each update is a transaction of its own, leaving a segment behind.
    const goods = await db.selectFrom("goods").select("goods_id").orderBy("goods_id").limit(20).execute();
    for (const { goods_id } of goods) await db.updateTable("goods").set({ sale_num: (eb) => eb("sale_num", "+", 1) }).where("goods_id", "=", goods_id).execute();
    expect(await segments()).toBeGreaterThan(1);

    const [first] = await compactionJobs();
    expect(first).toMatchObject({ status: "pending", dedupe_key: `${SEARCH_COMPACTION_JOB}:${first!.run_at}` });
    expect(first!.run_at).toBe(nextCompactionTime(Math.floor(Date.now() / 1000)));

    // A second instance starting the same night enqueues nothing more.
    const second = await startTestApp({ config: { dataDir: t.config.dataDir } });
    await second.app.ready();
    await second.close();
    expect(await compactionJobs()).toHaveLength(1);

    await t.app.deps.jobs.runDue(first!.run_at);
    expect(await segments()).toBe(1);
    const jobs = await compactionJobs();
    expect(jobs.map((job) => job.status)).toEqual(["done", "pending"]);
    expect(jobs[1]!.run_at).toBe(first!.run_at + 86400);
  });
});
