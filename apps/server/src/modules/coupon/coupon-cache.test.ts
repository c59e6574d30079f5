import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CouponTypeItem, Page } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { COUPON_TAG } from "./cache.ts";
import { insertCouponType } from "./test-fixtures.ts";

/**
 * What guests see of coupons is cached (and so are the pages showing it, under the same tag): a
 * type created, edited or closed by staff, or running out, is purged at once; a member's own view
 * is never served from the cache.
 */
describe(`coupon cache purges (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let goodsId: number;
  const purged: string[][] = [];
  const centre = async () => (await t.call<Page<CouponTypeItem>>("/coupon/api/coupon/typepagelists", { page_size: 50 })).data.list;
  const names = async () => (await centre()).map((item) => `${item.coupon_name}:${item.receive_state}`);
  const onGoods = async () => (await t.call<CouponTypeItem[]>("/coupon/api/coupon/goodsCoupon", { goods_id: goodsId })).data.map((item) => item.coupon_name);

  beforeAll(async () => {
    t = await startTestApp({ config: { dataCache: true } });
    admin = await loginTestStaff(t, "admin");
    goodsId = (await insertGoods(t.app.deps.db, "缓存测试商品")).goodsId;
    t.app.deps.cache.onPurge((tags) => void purged.push([...tags]));
  });
  afterAll(() => t.close());

  it("purges the centre and the goods' coupons when staff add, edit or close a type", async () => {
    expect(await names()).toEqual([]);
    expect(await onGoods()).toEqual([]);
    const added = await t.call<{ coupon_type_id: number }>(
      "/shopapi/coupon/add",
      { coupon_name: "缓存满100减10", type: "reward", money: "10", at_least: "100", validity_type: 1, fixed_term: 7, count: 1, max_fetch: 1 },
      { token: admin },
    );
    expect(added.code, added.message).toBe(0);
    expect(purged.at(-1)).toEqual([COUPON_TAG]);
    expect(await names()).toEqual(["缓存满100减10:available"]);
    expect(await onGoods()).toEqual(["缓存满100减10"]);

    const body = { coupon_type_id: added.data.coupon_type_id, coupon_name: "缓存满100减12", type: "reward", money: "12", at_least: "100", validity_type: 1, fixed_term: 7, count: 1, max_fetch: 1 };
    expect((await t.call("/shopapi/coupon/edit", body, { token: admin })).code).toBe(0);
    expect(await names()).toEqual(["缓存满100减12:available"]);
  });

  it("purges when a type runs out, so guests see 已领完; a member's view is its own, never the cached one", async () => {
    const [typeId] = (await centre()).map((item) => item.coupon_type_id);
    const member = await registerMember(t);
    const before = purged.length;
    expect((await t.call("/coupon/api/coupon/receive", { coupon_type_id: typeId }, { token: member.token })).code).toBe(0);
    expect(purged.slice(before)).toEqual([[COUPON_TAG]]);
    expect(await names()).toEqual(["缓存满100减12:sold_out"]);
    const mine = await t.call<Page<CouponTypeItem>>("/coupon/api/coupon/typepagelists", {}, { token: member.token });
    expect(mine.data.list.map((item) => [item.received_num, item.receive_state])).toEqual([[1, "limit"]]);

    // A receive that leaves some behind does not purge (the bar's percent may lag up to the cache's minute).
    const plenty = await insertCouponType(t.app.deps.db, { coupon_name: "不限量" });
    const quiet = purged.length;
    expect((await t.call("/coupon/api/coupon/receive", { coupon_type_id: plenty }, { token: member.token })).code).toBe(0);
    expect(purged.length).toBe(quiet);
  });

  it("purges when a type is closed", async () => {
    const [typeId] = (await centre()).map((item) => item.coupon_type_id);
    expect(await names()).toEqual(["缓存满100减12:sold_out"]);
    expect((await t.call("/shopapi/coupon/close", { coupon_type_id: typeId }, { token: admin })).code).toBe(0);
    // Only the type inserted straight into the database by the test above is left.
    expect(await names()).toEqual(["不限量:available"]);
  });
});
