import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, SigninAward, SigninConfig, SigninRecord, SigninStatus, StaffSigninRecord } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { nextIp, registerMember } from "../auth/testing.ts";
import { ledgerSum } from "../account/ledger.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { setOwnConfig } from "../member-level/own-config.ts";
import { insertCouponType } from "../member-level/test-fixtures.ts";
import { ALREADY_SIGNED, signIn } from "./signin.ts";
import { DEFAULT_SIGNIN_CONFIG } from "./signin-config.ts";
import { shopDate } from "./shop-day.ts";

/** 2026-05-14 00:00 in Beijing (2026-05-13 16:00 UTC). */
const MAY_14 = Date.UTC(2026, 4, 13, 16) / 1000;
const DAY = 86_400;

/** Daily sign-in: once per shop day (also under a burst of concurrent calls), streaks and their cycle, the calendar, staff settings. */
describe(`daily sign-in (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let servicer: string;
  let couponTypeId: number;
  const db = (): Db => t.app.deps.db;
  const config = (changes: Partial<SigninConfig> = {}) => setOwnConfig(db(), "signin_config", { ...DEFAULT_SIGNIN_CONFIG, ...changes });
  const signinRows = (memberId: number) =>
    db().selectFrom("member_signin").select(["sign_date", "streak", "cycle_day", "point", "growth", "coupon_type_ids"]).where("member_id", "=", memberId).orderBy("sign_date").execute();
  const member = () => registerMember(t);

  beforeAll(async () => {
    t = await startTestApp();
    admin = await loginTestStaff(t, "admin");
    servicer = await loginTestStaff(t, "servicer");
    couponTypeId = await insertCouponType(db(), "连续签到7天礼券", 500, 5000);
  });
  afterAll(() => t.close());

  it("signs in once a day, giving the daily reward through the ledger and growth", async () => {
    await config();
    const m = await member();
    expect((await t.call("/api/membersignin/issign", {}, { token: m.token })).data).toBe(0);
    const first = await t.call<SigninRecord>("/api/membersignin/signin", {}, { token: m.token });
    expect(first).toMatchObject({ code: 0, message: "签到成功", data: { sign_date: shopDate(Math.floor(Date.now() / 1000)), streak: 1, cycle_day: 1, point: 5, growth: 1, coupons: [] } });
    expect(await t.call("/api/membersignin/signin", {}, { token: m.token })).toMatchObject({ code: Code.ERROR, message: ALREADY_SIGNED });
    expect((await t.call("/api/membersignin/issign", {}, { token: m.token })).data).toBe(1);
    const account = await db().selectFrom("member").select(["point", "growth"]).where("member_id", "=", m.member_id).executeTakeFirstOrThrow();
    expect(account).toEqual({ point: 5, growth: 1 });
    expect(await ledgerSum(db(), m.member_id, "point")).toBe(5);
    expect((await t.call("/api/membersignin/signin", {})).code).toBe(Code.TOKEN_ERROR);
  });

  it("gives one record and one reward to 30 concurrent sign-ins of one member", async () => {
    await config();
    const m = await member();
    const answers = await Promise.all(Array.from({ length: 30 }, () => t.call("/api/membersignin/signin", {}, { token: m.token, ip: nextIp() })));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code !== 0).map((answer) => answer.message)).toEqual(Array(29).fill(ALREADY_SIGNED));
    expect(await signinRows(m.member_id)).toHaveLength(1);
    const ledger = await db().selectFrom("member_account").select("account_data").where("member_id", "=", m.member_id).where("from_type", "=", "signin").execute();
    expect(ledger).toEqual([{ account_data: 5 }]);
    const totals = await db().selectFrom("member").select(["point", "growth"]).where("member_id", "=", m.member_id).executeTakeFirstOrThrow();
    expect(totals).toEqual({ point: 5, growth: 1 });
  });

  it("counts the streak in Beijing days, rewards its days in the cycle, restarts the cycle and after a missed day", async () => {
    await config({
      cycle_days: 3, daily_point: 1, daily_growth: 1,
      rewards: [{ day: 2, point: 10, growth: 0, coupon_type_ids: [] }, { day: 3, point: 20, growth: 5, coupon_type_ids: [couponTypeId] }],
    });
    const m = await member();
    // 23:59:59 and then 00:00:00 Beijing time: two shop days, one second apart.
    const lateNight = MAY_14 + DAY - 1;
    expect(await signIn(db(), m.member_id, lateNight)).toMatchObject({ sign_date: "2026-05-14", streak: 1, cycle_day: 1, point: 1 });
    await expect(signIn(db(), m.member_id, MAY_14 + 9 * 3600)).rejects.toThrow(ALREADY_SIGNED);
    expect(await signIn(db(), m.member_id, MAY_14 + DAY)).toMatchObject({ sign_date: "2026-05-15", streak: 2, cycle_day: 2, point: 11, growth: 1 });
    const third = await signIn(db(), m.member_id, MAY_14 + 2 * DAY + 3600);
    expect(third).toMatchObject({ sign_date: "2026-05-16", streak: 3, cycle_day: 3, point: 21, growth: 6 });
    expect(third.coupons).toEqual([expect.objectContaining({ coupon_type_id: couponTypeId, coupon_name: "连续签到7天礼券", money: "5.00", at_least: "50.00" })]);
    expect(await signIn(db(), m.member_id, MAY_14 + 3 * DAY + 3600)).toMatchObject({ streak: 4, cycle_day: 1, point: 1 });
    // 05-18 missed: 05-19 starts over.
    expect(await signIn(db(), m.member_id, MAY_14 + 5 * DAY + 3600)).toMatchObject({ sign_date: "2026-05-19", streak: 1, cycle_day: 1 });
    expect((await signinRows(m.member_id)).map((row) => [row.sign_date, row.streak, row.cycle_day, row.point, row.coupon_type_ids])).toEqual([
      ["2026-05-14", 1, 1, 1, ""], ["2026-05-15", 2, 2, 11, ""], ["2026-05-16", 3, 3, 21, String(couponTypeId)], ["2026-05-17", 4, 1, 1, ""], ["2026-05-19", 1, 1, 1, ""],
    ]);
    const account = await db().selectFrom("member").select(["point", "growth"]).where("member_id", "=", m.member_id).executeTakeFirstOrThrow();
    expect(account).toEqual({ point: 35, growth: 10 });
    expect(await ledgerSum(db(), m.member_id, "point")).toBe(35);
    const coupons = await db().selectFrom("coupon").select(["coupon_type_id", "get_type"]).where("member_id", "=", m.member_id).execute();
    expect(coupons).toEqual([{ coupon_type_id: couponTypeId, get_type: "signin" }]);
  });

  it("shows the month's calendar, the live streak and the next reward; records are the caller's own", async () => {
    await config();
    const m = await member();
    const other = await member();
    const today = Math.floor(Date.now() / 1000);
    for (const daysAgo of [3, 2, 1]) await signIn(db(), m.member_id, today - daysAgo * DAY);
    await signIn(db(), other.member_id, today - DAY);
    const status = await t.call<SigninStatus>("/api/membersignin/getSignStatus", {}, { token: m.token });
    expect(status.data).toMatchObject({ today: shopDate(today), month: shopDate(today).slice(0, 7), is_sign: 0, streak: 3, next_cycle_day: 4, next_point: 5, next_growth: 1, total_days: 3, is_enable: 1, cycle_days: 7 });
    const inThisMonth = [3, 2, 1].map((daysAgo) => shopDate(today - daysAgo * DAY)).filter((date) => date.startsWith(status.data.month)).map((date) => Number(date.slice(8)));
    expect(status.data.signed_days).toEqual(inThisMonth);
    await t.call("/api/membersignin/signin", {}, { token: m.token });
    const after = await t.call<SigninStatus>("/api/membersignin/getSignStatus", {}, { token: m.token });
    expect(after.data).toMatchObject({ is_sign: 1, streak: 4, next_cycle_day: 5, total_days: 4 });

    const records = await t.call<Page<SigninRecord>>("/api/membersignin/getSignRecords", { page: 1, page_size: 2, member_id: other.member_id }, { token: m.token });
    expect(records.data.count).toBe(4);
    expect(records.data.list.map((record) => record.sign_date)).toEqual([shopDate(today), shopDate(today - DAY)]);
    const theirs = await t.call<Page<SigninRecord>>("/api/membersignin/getSignRecords", {}, { token: other.token });
    expect(theirs.data.list.map((record) => record.streak)).toEqual([1]);
    const month = await t.call<Page<SigninRecord>>("/api/membersignin/getSignRecords", { month: "2020-01" }, { token: m.token });
    expect(month.data).toEqual({ page_count: 0, count: 0, list: [] });
    const past = await t.call<SigninStatus>("/api/membersignin/getSignStatus", { month: "2020-02" }, { token: m.token });
    expect(past.data).toMatchObject({ month: "2020-02", signed_days: [], streak: 4 });
    for (const bad of ["2026-13", "2026-5", "abc", "1999-12"]) {
      expect((await t.call("/api/membersignin/getSignStatus", { month: bad }, { token: m.token })).code, bad).toBe(Code.PARAM);
    }
  });

  it("refuses sign-ins while switched off and publishes the rules", async () => {
    await config({ is_enable: 0 });
    const m = await member();
    expect(await t.call("/api/membersignin/signin", {}, { token: m.token })).toMatchObject({ code: Code.ERROR, message: "签到活动未开启" });
    expect(await signinRows(m.member_id)).toEqual([]);
    await config({ rewards: [{ day: 7, point: 30, growth: 20, coupon_type_ids: [couponTypeId, 987654] }] });
    const award = await t.call<SigninAward>("/api/membersignin/award", {});
    expect(award.data).toEqual({
      is_enable: 1, cycle_days: 7, daily_point: 5, daily_growth: 1,
      rewards: [{ day: 7, point: 30, growth: 20, coupons: [expect.objectContaining({ coupon_type_id: couponTypeId })] }],
    });
  });

  it("lets staff with member.manage set the rules (validated, logged) and list every sign-in", async () => {
    const valid = { is_enable: 1, cycle_days: 5, daily_point: 2, daily_growth: 1, rewards: [{ day: 5, point: 50, coupon_type_ids: [couponTypeId] }, { day: 2, growth: 3 }] };
    expect(await t.call("/shopapi/membersignin/setconfig", valid, { token: servicer })).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
    const bad: Array<[object, string]> = [
      [{ ...valid, cycle_days: 0 }, "参数 cycle_days 不能小于 1"],
      [{ ...valid, cycle_days: 32 }, "参数 cycle_days 不能大于 31"],
      [{ ...valid, rewards: [{ day: 6, point: 1 }] }, "第 6 天超出了 5 天的签到周期"],
      [{ ...valid, rewards: [{ day: 2, point: 1 }, { day: 2, growth: 1 }] }, "第 2 天的奖励重复设置"],
      [{ ...valid, rewards: [{ day: 2 }] }, "第 2 天的奖励为空"],
      [{ ...valid, daily_point: -1 }, "参数 daily_point 不能小于 0"],
      [{ ...valid, rewards: "x" }, "参数 rewards 类型错误"],
    ];
    for (const [body, message] of bad) expect(await t.call("/shopapi/membersignin/setconfig", body, { token: admin }), message).toMatchObject({ code: Code.PARAM, message });
    expect(await t.call("/shopapi/membersignin/setconfig", { ...valid, rewards: [{ day: 1, coupon_type_ids: [987654] }] }, { token: admin })).toMatchObject({
      code: Code.ERROR, message: "优惠券类型 987654 不存在",
    });
    const saved = await t.call<SigninConfig>("/shopapi/membersignin/setconfig", valid, { token: admin });
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data.rewards).toEqual([{ day: 2, point: 0, growth: 3, coupon_type_ids: [] }, { day: 5, point: 50, growth: 0, coupon_type_ids: [couponTypeId] }]);
    expect((await t.call<SigninConfig>("/shopapi/membersignin/config", {}, { token: admin })).data).toEqual(saved.data);
    const log = await db().selectFrom("staff_log").select("action").where("action", "=", "membersignin.setconfig").execute();
    expect(log).toHaveLength(1);

    const m = await member();
    await db().updateTable("member").set({ nickname: "签到达人" }).where("member_id", "=", m.member_id).execute();
    await signIn(db(), m.member_id, MAY_14);
    const records = await t.call<Page<StaffSigninRecord>>("/shopapi/membersignin/records", { search: "签到达人", month: "2026-05" }, { token: admin });
    expect(records.data.list).toEqual([expect.objectContaining({ member_id: m.member_id, nickname: "签到达人", sign_date: "2026-05-14", point: 2 })]);
    const byMember = await t.call<Page<StaffSigninRecord>>("/shopapi/membersignin/records", { member_id: m.member_id }, { token: admin });
    expect(byMember.data.count).toBe(1);
    expect((await t.call("/shopapi/membersignin/records", {}, { token: servicer })).code).toBe(Code.ERROR);
  });
});
