import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { usingPostgres } from "../../test/harness.ts";
import type { TestMember } from "../auth/testing.ts";
import { createTestOrder } from "../order/test-fixtures.ts";
import { ledgerSum } from "../account/ledger.ts";
import { startLedgerRace, type LedgerRace } from "../account/test-fixtures.ts";

/**
 * Staff adjustments race the members' own balance payments: per member, more is asked of the
 * balance than it holds, all at once, across two app instances on one database. Whatever passes,
 * the balance equals its ledger's sum, equals the start plus what passed, and never goes below zero.
 */
describe(`staff balance adjustments racing balance payments (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  const MEMBERS = 3;
  const START_CENTS = 20_000;
  const SKU_CENTS = 3_000;
  let race: LedgerRace;
  const db = () => race.t.app.deps.db;

  beforeAll(async () => {
    race = await startLedgerRace({ members: MEMBERS, balanceCents: START_CENTS, skuName: "余额竞争保温杯", subnet: 94 });
  }, 120_000);
  afterAll(() => race?.close());

  interface Operation { member: TestMember; cents: number; send(app: FastifyInstance): Promise<boolean> }

  it("many adjustments and payments at once: each balance equals its ledger and never goes below zero", async () => {
    const operations: Operation[] = [];
    for (const member of race.members) {
      // 6 payments of 30 yuan, 8 deductions of 25 yuan and 4 additions of 10 yuan: 420 yuan asked of 200 + 40
      for (let index = 0; index < 6; index++) {
        const order = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId: race.skuId, num: 1 }] });
        operations.push({
          member, cents: -SKU_CENTS,
          send: async (app) => (await race.api(app, "/api/pay/pay", { token: member.token, out_trade_no: order.outTradeNo, pay_type: "balance" })).code === 0,
        });
      }
      for (let index = 0; index < 12; index++) {
        const cents = index < 8 ? -2_500 : 1_000;
        operations.push({
          member, cents,
          send: async (app) =>
            (await race.api(app, "/shopapi/member/adjustbalance", { token: race.admin, member_id: member.member_id, adjust_num: cents / 100, remark: `竞争测试 ${index}` })).code === 0,
        });
      }
    }
    const results = await Promise.all(operations.map((operation, index) => operation.send(index % 2 ? race.second : race.t.app).then((passed) => ({ operation, passed }))));

    for (const member of race.members) {
      const row = await db().selectFrom("member").select("balance_cents").where("member_id", "=", member.member_id).executeTakeFirstOrThrow();
      const balance = Number(row.balance_cents);
      const passed = results.filter((result) => result.operation.member === member && result.passed);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(db(), member.member_id, "balance")).toBe(balance);
      expect(balance).toBe(START_CENTS + passed.reduce((sum, result) => sum + result.operation.cents, 0));
      // more was asked than there was: some were refused, and every addition passed
      expect(passed.length).toBeLessThan(operations.filter((operation) => operation.member === member).length);
      expect(passed.filter((result) => result.operation.cents > 0)).toHaveLength(4);
    }
    const adjusted = await db().selectFrom("staff_log").select("id").where("action", "=", "member.adjustbalance").execute();
    const passedAdjustments = results.filter((result) => result.passed && result.operation.cents !== -SKU_CENTS).length;
    expect(adjusted).toHaveLength(passedAdjustments);
  }, 180_000);
});
