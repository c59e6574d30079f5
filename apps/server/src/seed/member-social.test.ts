import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEDGER_CATEGORIES, type AccountRecord, type BrowsePage, type CollectItem, type MemberAccountInfo, type Page, type TokenResult } from "@shop/contract";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { solvedCaptcha } from "../modules/auth/testing.ts";
import { now } from "../core/time.ts";
import { ledgerSum } from "../modules/account/ledger.ts";
import { DEMO_MEMBER_ID } from "./members.ts";

/** The demo member's follows, footprints and points, as /member/collection, footprint and my_point show them on first start. */
describe("seeded follows, footprints and points", () => {
  let t: TestApp;
  let token: string;
  const call = async <T>(path: string, body: Record<string, unknown> = {}) => {
    const response = await t.call<T>(path, body, { token });
    expect(response.code, `${path}: ${response.message}`).toBe(0);
    return response.data;
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    token = (await t.call<TokenResult>("/api/login/login", { username: "demo", password: "demo123456", ...(await solvedCaptcha(t)) })).data.token;
  });
  afterAll(() => t.close());

  it("follows 14 goods on sale over the past two months, each counted in its goods' collect_num", async () => {
    const follows = await call<Page<CollectItem>>("/api/goodscollect/page", { page_size: 50 });
    expect(follows.count).toBe(14);
    const times = follows.list.map((item) => item.create_time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times.every((time) => time < now() && time > now() - 61 * 86400)).toBe(true);
    expect(follows.list.every((item) => item.goods_state === 1)).toBe(true);
    const goods = await t.app.deps.db.selectFrom("goods").select(["goods_id", "collect_num"]).where("goods_id", "in", follows.list.map((item) => item.goods_id)).execute();
    expect(goods.every((row) => Number(row.collect_num) >= 1)).toBe(true);
  });

  it("has footprints on six days up to today, one per goods", async () => {
    const footprints = await call<BrowsePage>("/api/goodsbrowse/page", { page_size: 100 });
    expect(footprints.count).toBe(28);
    expect(footprints.days.map((day) => day.count)).toEqual([5, 7, 3, 6, 4, 3]);
    const today = new Date((now() + 8 * 3600) * 1000).toISOString().slice(0, 10);
    expect(footprints.days[0]!.date).toBe(today);
    expect(new Set(footprints.list.map((item) => item.goods_id)).size).toBe(28);
  });

  it("has a points history the filters of 我的积分 all find, through the ledger", async () => {
    const info = await call<MemberAccountInfo>("/api/memberaccount/info", { account_type: "point" });
    expect(info.point).toBe(await ledgerSum(t.app.deps.db, DEMO_MEMBER_ID, "point"));
    const all = await call<Page<AccountRecord>>("/api/memberaccount/page", { account_type: "point", page_size: 100 });
    expect(all.list[0]!.account_after).toBe(String(info.point));
    for (const category of LEDGER_CATEGORIES.point) {
      const rows = await call<Page<AccountRecord>>("/api/memberaccount/page", { account_type: "point", category: category.key });
      expect(rows.count, category.name).toBeGreaterThan(0);
    }
  });
});
