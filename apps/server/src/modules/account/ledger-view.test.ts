import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountRecord, MemberAccountInfo, Page } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { changeAccount, ledgerSum, type AccountChange } from "./ledger.ts";

/** 2026-04-01 00:00 in Beijing (UTC+8) as unix seconds; `at(day, hour)` hours after it. */
const APRIL_1 = Date.UTC(2026, 3, 1) / 1000 - 8 * 3600;
const at = (day: number, hour: number) => APRIL_1 + day * 86400 + hour * 3600;

describe("ledger views (memberaccount)", () => {
  let t: TestApp;
  let owner: TestMember;
  let stranger: TestMember;
  let business = 0;

  /** A ledger change through the one writer, dated `time` (shop clock). */
  const change = async (who: TestMember, time: number, fields: Omit<AccountChange, "memberId" | "businessId" | "typeName"> & { typeName?: string }) => {
    business += 1;
    const businessId = `view-${business}`;
    await unitOfWork(t.app.deps.db, (tx) => changeAccount(tx, { typeName: fields.fromType, ...fields, memberId: who.member_id, businessId }));
    await t.app.deps.db.updateTable("member_account").set({ create_time: time }).where("business_id", "=", businessId).execute();
  };
  const page = async (who: TestMember, body: object) => {
    const response = await t.call<Page<AccountRecord>>("/api/memberaccount/page", body, { token: who.token });
    expect(response.code, response.message).toBe(0);
    return response.data;
  };
  const fromTypes = (rows: Page<AccountRecord>) => rows.list.map((row) => row.from_type);

  beforeAll(async () => {
    t = await startTestApp();
    [owner, stranger] = [await registerMember(t), await registerMember(t)];
    // The owner's points: a grant, an order's deduction, its return on close, two sign-ins, a refund.
    await change(owner, at(0, 9), { accountType: "point", amount: 1000, fromType: "seed_grant", typeName: "开户赠送" });
    await change(owner, at(1, 10), { accountType: "point", amount: -300, fromType: "order_use_point", typeName: "订单抵扣" });
    await change(owner, at(1, 11), { accountType: "point", amount: 300, fromType: "order_close", typeName: "订单关闭退回" });
    await change(owner, at(2, 8), { accountType: "point", amount: 5, fromType: "signin", typeName: "签到奖励" });
    await change(owner, at(3, 0), { accountType: "point", amount: 10, fromType: "signin_streak", typeName: "连签奖励" });
    await change(owner, at(3, 23.5), { accountType: "point", amount: -200, fromType: "order_use_point", typeName: "订单抵扣" });
    await change(owner, at(4, 12), { accountType: "point", amount: 80, fromType: "order_refund_point", typeName: "退款退还" });
    // Balance: a recharge, a payment, a refund.
    await change(owner, at(0, 10), { accountType: "balance", amount: 50_000, fromType: "recharge", typeName: "会员充值" });
    await change(owner, at(1, 10), { accountType: "balance", amount: -1234, fromType: "order_use_balance", typeName: "订单抵扣" });
    await change(owner, at(2, 10), { accountType: "balance", amount: 1234, fromType: "order_refund", typeName: "退款" });
    // Someone else's rows on the same days must never show.
    await change(stranger, at(1, 10), { accountType: "point", amount: 777, fromType: "signin", typeName: "签到奖励" });
    await change(stranger, at(1, 10), { accountType: "balance", amount: 999, fromType: "recharge", typeName: "会员充值" });
  });
  afterAll(() => t.close());

  it("is for members only", async () => {
    for (const path of ["/api/memberaccount/info", "/api/memberaccount/page"]) {
      expect((await t.call(path, { account_type: "point" })).code, path).toBe(-10009);
    }
  });

  it("tells the totals now and the account's income and expense", async () => {
    const points = await t.call<MemberAccountInfo>("/api/memberaccount/info", { account_type: "point" }, { token: owner.token });
    expect(points.data).toEqual({ account_type: "point", point: 895, balance: "500.00", total_income: "1395", total_expense: "500", record_count: 7 });
    const balance = await t.call<MemberAccountInfo>("/api/memberaccount/info", { account_type: "balance" }, { cookie: owner.cookie });
    expect(balance.data).toMatchObject({ account_type: "balance", balance: "500.00", total_income: "512.34", total_expense: "12.34", record_count: 3 });
  });

  it("pages the member's rows newest first, amounts as strings with the total after each", async () => {
    const points = await page(owner, { account_type: "point", page_size: 3 });
    expect(points.count).toBe(7);
    expect(points.page_count).toBe(3);
    expect(points.list[0]).toMatchObject({
      account_type: "point", account_data: "80", account_after: "895", from_type: "order_refund_point", type_name: "退款退还", category: "refund", create_time: at(4, 12),
    });
    expect(points.list.map((row) => [row.account_data, row.account_after])).toEqual([["80", "895"], ["-200", "815"], ["10", "1015"]]);
    const balance = await page(owner, { account_type: "balance" });
    expect(balance.list.map((row) => [row.account_data, row.account_after, row.category])).toEqual([
      ["12.34", "500.00", "refund"], ["-12.34", "487.66", "pay"], ["500.00", "500.00", "recharge"],
    ]);
    expect(await ledgerSum(t.app.deps.db, owner.member_id, "point")).toBe(895);
  });

  it("lists by time, not by id, and totals in that order (a row written later can be dated earlier)", async () => {
    const latecomer = await registerMember(t);
    await change(latecomer, at(5, 9), { accountType: "point", amount: 50, fromType: "signin", typeName: "签到奖励" });
    await change(latecomer, at(6, 9), { accountType: "point", amount: -20, fromType: "order_use_point", typeName: "订单抵扣" });
    await change(latecomer, at(0, 9), { accountType: "point", amount: 100, fromType: "seed_grant", typeName: "开户赠送" });
    const rows = await page(latecomer, { account_type: "point" });
    expect(rows.list.map((row) => [row.from_type, row.account_after])).toEqual([["order_use_point", "130"], ["signin", "150"], ["seed_grant", "100"]]);
  });

  it("filters by category, exact from_type and direction", async () => {
    expect(fromTypes(await page(owner, { account_type: "point", category: "signin" }))).toEqual(["signin_streak", "signin"]);
    expect(fromTypes(await page(owner, { account_type: "point", category: "deduct" }))).toEqual(["order_use_point", "order_use_point"]);
    expect(fromTypes(await page(owner, { account_type: "point", category: "refund" }))).toEqual(["order_refund_point", "order_close"]);
    expect(fromTypes(await page(owner, { account_type: "point", category: "other" }))).toEqual(["seed_grant"]);
    expect(fromTypes(await page(owner, { account_type: "point", from_type: "order_close,seed_grant" }))).toEqual(["order_close", "seed_grant"]);
    expect((await page(owner, { account_type: "point", direction: "expense" })).list.map((row) => row.account_data)).toEqual(["-200", "-300"]);
    expect((await page(owner, { account_type: "point", direction: "income", category: "signin" })).count).toBe(2);
    expect((await page(owner, { account_type: "balance", category: "withdraw" })).count).toBe(0);
  });

  it("filters by shop days, both ends included", async () => {
    // 4月4日 00:00 and 23:30 Beijing time are both 4月4日.
    expect(fromTypes(await page(owner, { account_type: "point", start_date: "2026-04-04", end_date: "2026-04-04" }))).toEqual(["order_use_point", "signin_streak"]);
    expect(fromTypes(await page(owner, { account_type: "point", start_date: "2026-04-02", end_date: "2026-04-03" }))).toEqual(["signin", "order_close", "order_use_point"]);
    expect((await page(owner, { account_type: "point", start_date: "2026-04-05" })).count).toBe(1);
    expect((await page(owner, { account_type: "point", end_date: "2026-04-01" })).count).toBe(1);
    expect((await page(owner, { account_type: "point", category: "deduct", start_date: "2026-04-03" })).count).toBe(1);
  });

  it("shows a member only its own rows, whatever it asks for", async () => {
    const mine = await page(stranger, { account_type: "point" });
    expect(mine.list.map((row) => row.account_data)).toEqual(["777"]);
    expect((await page(stranger, { account_type: "point", from_type: "order_use_point,seed_grant" })).count).toBe(0);
    const info = await t.call<MemberAccountInfo>("/api/memberaccount/info", { account_type: "point" }, { token: stranger.token });
    expect(info.data).toMatchObject({ point: 777, total_income: "777", record_count: 1 });
    // A member_id in the body is no way into another ledger.
    expect((await page(stranger, { account_type: "point", member_id: owner.member_id })).count).toBe(1);
  });

  it("answers an empty ledger with zeros", async () => {
    const newcomer = await registerMember(t);
    expect(await page(newcomer, { account_type: "balance" })).toEqual({ page_count: 0, count: 0, list: [] });
    const info = await t.call<MemberAccountInfo>("/api/memberaccount/info", { account_type: "balance" }, { token: newcomer.token });
    expect(info.data).toMatchObject({ balance: "0.00", total_income: "0.00", total_expense: "0.00", record_count: 0 });
  });

  it("refuses bad input with -10006 and a Chinese message", async () => {
    const cases: Array<[string, object]> = [
      ["/api/memberaccount/info", {}],
      ["/api/memberaccount/info", { account_type: "coin" }],
      ["/api/memberaccount/page", {}],
      ["/api/memberaccount/page", { account_type: "point", category: "withdraw" }],
      ["/api/memberaccount/page", { account_type: "point", category: "x".repeat(30) }],
      ["/api/memberaccount/page", { account_type: "point", direction: "up" }],
      ["/api/memberaccount/page", { account_type: "point", start_date: "2026-04-31" }],
      ["/api/memberaccount/page", { account_type: "point", end_date: "20260401" }],
      ["/api/memberaccount/page", { account_type: "point", start_date: "2026-04-05", end_date: "2026-04-01" }],
      ["/api/memberaccount/page", { account_type: "point", from_type: "order close" }],
      ["/api/memberaccount/page", { account_type: "point", from_type: "'; drop table member_account; --" }],
      ["/api/memberaccount/page", { account_type: "point", page_size: 101 }],
      ["/api/memberaccount/page", { account_type: "point", page: 0 }],
    ];
    for (const [path, body] of cases) {
      const answer = await t.call(path, body, { token: owner.token });
      expect(answer.code, `${path} ${JSON.stringify(body)}`).toBe(-10006);
      expect(answer.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await page(owner, { account_type: "point" })).count).toBe(7);
  });
});
