import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, usingPostgres, type TestApp } from "../test/harness.ts";
import { ledgerSum } from "../modules/account/ledger.ts";
import { shopDate } from "../modules/signin/shop-day.ts";
import { signinStatus } from "../modules/signin/signin.ts";
import { now } from "../core/time.ts";
import { DEMO_MEMBER_ID } from "./members.ts";
import { DEMO_SIGNIN_DAYS_AGO } from "./levels-signin.ts";

/** The seeded levels, sign-in rules and the demo member's sign-in history (seed/levels-signin.ts). */
describe(`seeded levels and sign-in (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    t = await startTestApp({ seed: 50 });
  });
  afterAll(() => t.close());

  it("signs the demo in on the days before today, a streak of six up to yesterday, never today", async () => {
    const at = now();
    const rows = await db().selectFrom("member_signin").select(["sign_date", "streak"]).where("member_id", "=", DEMO_MEMBER_ID).orderBy("sign_date").execute();
    expect(rows.map((row) => row.sign_date)).toEqual([...DEMO_SIGNIN_DAYS_AGO].map((daysAgo) => shopDate(at - daysAgo * 86_400)));
    expect(rows.at(-1)!.streak).toBe(6);
    expect(rows.map((row) => row.sign_date)).not.toContain(shopDate(at));
    // Their rewards are in the ledger and the growth log, dated like the sign-ins.
    const signinPoints = await db().selectFrom("member_account").select(["account_data", "create_time"]).where("member_id", "=", DEMO_MEMBER_ID).where("from_type", "=", "signin").execute();
    expect(signinPoints).toHaveLength(DEMO_SIGNIN_DAYS_AGO.length);
    expect(signinPoints.every((row) => row.create_time < at)).toBe(true);
    expect(await ledgerSum(db(), DEMO_MEMBER_ID, "point")).toBe((await db().selectFrom("member").select("point").where("member_id", "=", DEMO_MEMBER_ID).executeTakeFirstOrThrow()).point);
  });

  it("leaves today's button to the demo, with the day-7 coupon reward next", async () => {
    expect(await signinStatus(db(), DEMO_MEMBER_ID, undefined)).toMatchObject({ is_sign: 0, streak: 6, next_cycle_day: 7 });
    const config = await db().selectFrom("config").select("value").where("config_key", "=", "signin_config").executeTakeFirstOrThrow();
    const rules = JSON.parse(config.value) as { cycle_days: number; rewards: Array<{ day: number; coupon_type_ids: number[] }> };
    expect(rules.cycle_days).toBe(7);
    expect(rules.rewards.find((reward) => reward.day === 7)?.coupon_type_ids).toHaveLength(1);
  });

  it("gives the upper levels coupon gifts and dates the demo's order growth and level with its orders", async () => {
    const gifts = await db().selectFrom("member_level_coupon").select("level_id").orderBy("level_id").execute();
    expect(gifts.map((row) => row.level_id)).toEqual([3, 4]);
    const paid = await db()
      .selectFrom("member_growth_log")
      .select(["business_id", "create_time"])
      .where("member_id", "=", DEMO_MEMBER_ID)
      .where("from_type", "=", "order_pay")
      .execute();
    expect(paid.length).toBeGreaterThan(0);
    for (const row of paid) {
      const order = await db().selectFrom("orders").select("pay_time").where("order_id", "=", Number(row.business_id)).executeTakeFirstOrThrow();
      expect(row.create_time).toBe(order.pay_time);
    }
    const member = await db().selectFrom("member").select(["growth", "member_level"]).where("member_id", "=", DEMO_MEMBER_ID).executeTakeFirstOrThrow();
    const levels = await db().selectFrom("member_level").select(["level_id", "growth"]).orderBy("growth").execute();
    expect(member.member_level).toBe(levels.filter((level) => level.growth <= member.growth).at(-1)!.level_id);
  });
});
