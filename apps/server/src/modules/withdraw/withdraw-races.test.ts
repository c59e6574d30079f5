import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { Envelope } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { buildApp } from "../../app.ts";
import { seedBuyers, type Buyer } from "../../test/proofs/buyers.ts";
import { grantAccount, loginTestStaff } from "../order/test-fixtures.ts";
import { balanceOf } from "../refund/test-fixtures.ts";
import { ledgerSum } from "../account/ledger.ts";
import { setWithdrawSettings } from "./test-fixtures.ts";

/**
 * Applications at the same moment never take the balance below zero: many parallel applies of one
 * member, spread over two app instances on one database (on PostgreSQL each request on its own
 * connection), pass exactly as many times as the balance allows, and the others leave nothing
 * behind. Mixed with refusals giving money back, the books still add up.
 */
describe(`withdrawal applications under concurrency (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let second: FastifyInstance;
  let admin: string;
  let buyers: Buyer[];
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    t = await startTestApp();
    second = await buildApp(t.config);
    await setWithdrawSettings(db(), { min_cents: 500 });
    admin = await loginTestStaff(t, "admin");
    buyers = await seedBuyers(db(), 3);
    for (const buyer of buyers) await grantAccount(db(), buyer.memberId, "balance", 10_000, `withdraw-race-${buyer.memberId}`);
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  let ipCounter = 0;
  async function call(app: FastifyInstance, path: string, body: object): Promise<Envelope<{ id: number }>> {
    ipCounter += 1;
    const response = await app.inject({ method: "POST", url: path, payload: body, remoteAddress: `10.91.${(ipCounter >> 8) & 255}.${ipCounter & 255}` });
    return response.json();
  }
  const applyBody = (buyer: Buyer, yuan: number) => ({
    token: buyer.token, apply_money: yuan, transfer_type: "alipay", realname: "并发测试", mobile: "13800138000", account_number: "13800138000",
  });

  async function withdrawalsOf(memberId: number) {
    return db().selectFrom("member_withdraw").select(["id", "status", "apply_money_cents"]).where("member_id", "=", memberId).execute();
  }

  /** The member's balance equals its ledger and what its live withdrawals took out. */
  async function expectBooksBalance(memberId: number, granted: number): Promise<number> {
    const balance = await balanceOf(db(), memberId);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(db(), memberId, "balance")).toBe(balance);
    const live = (await withdrawalsOf(memberId)).filter((row) => row.status >= 0);
    expect(balance).toBe(granted - live.reduce((sum, row) => sum + Number(row.apply_money_cents), 0));
    return balance;
  }

  it("40 applies of ¥7.00 at once against ¥100.00: exactly 14 pass, ¥2.00 is left, the rest wrote nothing", async () => {
    const buyer = buyers[0]!;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => call(index % 2 ? second : t.app, "/api/memberwithdraw/apply", applyBody(buyer, 7))));
    const passed = answers.filter((answer) => answer.code === Code.SUCCESS);
    expect(passed).toHaveLength(14);
    for (const answer of answers.filter((item) => item.code !== Code.SUCCESS)) {
      expect(answer.code, answer.message).toBe(Code.ERROR);
      expect(answer.message).toMatch(/^账户余额不足$|^可提现余额不足，当前可提现 ¥\d+\.\d{2}$/);
    }
    expect(await withdrawalsOf(buyer.memberId)).toHaveLength(14);
    expect(await expectBooksBalance(buyer.memberId, 10_000)).toBe(200);
  }, 60_000);

  it("amounts that each fit but not together: 12 applies of ¥30.00, ¥45.50 and ¥9.99 against ¥100.00 never overdraw, and fail only for want of money", async () => {
    const buyer = buyers[1]!;
    const amounts = [30, 45.5, 9.99];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => call(index % 2 ? second : t.app, "/api/memberwithdraw/apply", applyBody(buyer, amounts[index % 3]!))));
    const taken = (await withdrawalsOf(buyer.memberId)).reduce((sum, row) => sum + Number(row.apply_money_cents), 0);
    expect(answers.filter((answer) => answer.code === Code.SUCCESS).length).toBe((await withdrawalsOf(buyer.memberId)).length);
    expect(taken).toBeLessThanOrEqual(10_000);
    for (const answer of answers.filter((item) => item.code !== Code.SUCCESS)) expect(answer.message).toMatch(/余额不足/);
    await expectBooksBalance(buyer.memberId, 10_000);
  }, 60_000);

  it("applies and refusals interleaved: money given back is applied for again; the books balance at every end", async () => {
    const buyer = buyers[2]!;
    const first = await Promise.all(Array.from({ length: 10 }, () => call(t.app, "/api/memberwithdraw/apply", applyBody(buyer, 10))));
    const ids = first.filter((answer) => answer.code === Code.SUCCESS).map((answer) => answer.data.id);
    expect(ids).toHaveLength(10);
    expect(await balanceOf(db(), buyer.memberId)).toBe(0);
    // refuse five (each twice, through both instances) while ten more applications arrive
    const mixed = await Promise.all([
      ...ids.slice(0, 5).flatMap((id) => [
        call(t.app, "/shopapi/memberwithdraw/refuse", { token: admin, id, refuse_reason: "并发拒绝" }),
        call(second, "/shopapi/memberwithdraw/refuse", { token: admin, id, refuse_reason: "并发拒绝" }),
      ]),
      ...Array.from({ length: 10 }, (_, index) => call(index % 2 ? second : t.app, "/api/memberwithdraw/apply", applyBody(buyer, 10))),
    ]);
    const refusals = mixed.slice(0, 10);
    expect(refusals.filter((answer) => answer.code === Code.SUCCESS)).toHaveLength(5);
    const given = await db().selectFrom("member_account").select("business_id").where("from_type", "=", "withdraw_return").where("member_id", "=", buyer.memberId).execute();
    expect(given.map((row) => Number(row.business_id)).sort((a, b) => a - b)).toEqual(ids.slice(0, 5).sort((a, b) => a - b));
    const reapplied = mixed.slice(10).filter((answer) => answer.code === Code.SUCCESS).length;
    expect(reapplied).toBeLessThanOrEqual(5);
    expect(await expectBooksBalance(buyer.memberId, 10_000)).toBe(5_000 - reapplied * 1_000);
  }, 60_000);
});
