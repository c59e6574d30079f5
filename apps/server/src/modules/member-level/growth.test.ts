import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { registerMember } from "../auth/testing.ts";
import { ledgerSum } from "../account/ledger.ts";
import { addGrowth } from "./growth.ts";
import { insertLadder, LADDER_GIFTS, memberState, type TestLadder } from "./test-fixtures.ts";

/** addGrowth: once per event, upgrades on crossing thresholds, gifts once per level, never below zero. */
describe("member growth", () => {
  let t: TestApp;
  let ladder: TestLadder;
  const db = (): Db => t.app.deps.db;
  const grow = (memberId: number, growth: number, fromType: string, businessId: string) =>
    unitOfWork(db(), (tx) => addGrowth(tx, memberId, growth, fromType, businessId));
  const newMember = async () => {
    const member = await registerMember(t);
    await db().updateTable("member").set({ member_level: ladder.normal }).where("member_id", "=", member.member_id).execute();
    return member.member_id;
  };

  beforeAll(async () => {
    t = await startTestApp();
    ladder = await insertLadder(db());
  });
  afterAll(() => t.close());

  it("counts an event once and refuses a key reused for another member or amount", async () => {
    const memberId = await newMember();
    expect(await grow(memberId, 30, "test", `once-${memberId}`)).toBe(true);
    expect(await grow(memberId, 30, "test", `once-${memberId}`)).toBe(false);
    expect((await memberState(db(), memberId)).growth).toBe(30);
    await expect(grow(memberId, 31, "test", `once-${memberId}`)).rejects.toThrow(/already recorded/);
    const logs = await db().selectFrom("member_growth_log").selectAll().where("member_id", "=", memberId).execute();
    expect(logs).toEqual([expect.objectContaining({ growth: 30, growth_after: 30, from_type: "test", type_name: "成长值变动" })]);
  });

  it("must run inside a unit of work and ignores a zero change", async () => {
    const memberId = await newMember();
    await expect(addGrowth(db(), memberId, 5, "test", "outside")).rejects.toThrow(/unit of work/);
    expect(await grow(memberId, 0, "test", `zero-${memberId}`)).toBe(false);
    await expect(grow(memberId, 1.5, "test", `fraction-${memberId}`)).rejects.toThrow(/invalid growth/);
    await expect(grow(999_999, 5, "test", "nobody")).rejects.toThrow("会员不存在");
    expect(await db().selectFrom("member_growth_log").select("id").where("business_id", "=", "nobody").execute()).toEqual([]);
  });

  it("upgrades when a threshold is crossed and gives the level's gifts through the ledger", async () => {
    const memberId = await newMember();
    await grow(memberId, 499, "test", `a-${memberId}`);
    expect((await memberState(db(), memberId)).member_level).toBe(ladder.normal);
    await grow(memberId, 1, "test", `b-${memberId}`);
    const state = await memberState(db(), memberId);
    expect(state).toMatchObject({ growth: 500, member_level: ladder.silver, point: LADDER_GIFTS.silver.point, balance_cents: 0 });
    const gifts = await db().selectFrom("member_account").select(["account_type", "account_data", "from_type", "type_name"]).where("member_id", "=", memberId).execute();
    expect(gifts).toEqual([{ account_type: "point", account_data: 100, from_type: "level_upgrade", type_name: "会员升级奖励" }]);
  });

  it("passing several levels at once gives every passed level's gifts and lands on the highest", async () => {
    const memberId = await newMember();
    await grow(memberId, 12_000, "test", `jump-${memberId}`);
    const state = await memberState(db(), memberId);
    const points = LADDER_GIFTS.silver.point + LADDER_GIFTS.gold.point + LADDER_GIFTS.diamond.point;
    const balance = LADDER_GIFTS.gold.balance + LADDER_GIFTS.diamond.balance;
    expect(state).toMatchObject({ member_level: ladder.diamond, point: points, balance_cents: balance });
    expect(await ledgerSum(db(), memberId, "point")).toBe(points);
    expect(await ledgerSum(db(), memberId, "balance")).toBe(balance);
    const reached = await db().selectFrom("member_level_record").select("level_id").where("member_id", "=", memberId).orderBy("level_id").execute();
    expect(reached.map((row) => row.level_id)).toEqual([ladder.silver, ladder.gold, ladder.diamond]);
  });

  it("takes growth back without lowering the level, never below zero, and gives no gift twice", async () => {
    const memberId = await newMember();
    await grow(memberId, 600, "test", `up-${memberId}`);
    await grow(memberId, -300, "test", `down-${memberId}`);
    expect(await memberState(db(), memberId)).toMatchObject({ growth: 300, member_level: ladder.silver });
    await grow(memberId, -1000, "test", `floor-${memberId}`);
    expect((await memberState(db(), memberId)).growth).toBe(0);
    // Lowered by staff and climbing again: the level comes back, its gifts do not.
    await db().updateTable("member").set({ member_level: ladder.normal }).where("member_id", "=", memberId).execute();
    await grow(memberId, 700, "test", `again-${memberId}`);
    const state = await memberState(db(), memberId);
    expect(state).toMatchObject({ growth: 700, member_level: ladder.silver, point: LADDER_GIFTS.silver.point });
  });

  it("rolls back with the caller's unit of work", async () => {
    const memberId = await newMember();
    await expect(
      unitOfWork(db(), async (tx) => {
        await addGrowth(tx, memberId, 800, "test", `rollback-${memberId}`);
        throw new Error("caller failed");
      }),
    ).rejects.toThrow("caller failed");
    expect(await memberState(db(), memberId)).toMatchObject({ growth: 0, member_level: ladder.normal, point: 0 });
    expect(await grow(memberId, 800, "test", `rollback-${memberId}`)).toBe(true);
  });

  it("applies concurrent growth exactly and upgrades (and gives gifts) once", async () => {
    const memberId = await newMember();
    const results = await Promise.all([
      ...Array.from({ length: 24 }, (_, index) => grow(memberId, 100, "test", `race-${memberId}-${index}`)),
      // The same event sent four more times: counted once.
      ...Array.from({ length: 4 }, () => grow(memberId, 100, "test", `race-${memberId}-0`)),
    ]);
    expect(results.filter(Boolean)).toHaveLength(24);
    const state = await memberState(db(), memberId);
    expect(state).toMatchObject({ growth: 2400, member_level: ladder.gold, point: LADDER_GIFTS.silver.point + LADDER_GIFTS.gold.point, balance_cents: LADDER_GIFTS.gold.balance });
    const gifts = await db().selectFrom("member_account").select("id").where("member_id", "=", memberId).where("from_type", "=", "level_upgrade").execute();
    expect(gifts).toHaveLength(3);
    const records = await db().selectFrom("member_level_record").select("level_id").where("member_id", "=", memberId).execute();
    expect(records).toHaveLength(2);
  });
});
