import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CouponCounts, CouponReceiveResult, CouponTypeItem, MemberCoupon, Page } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertCategory, insertGoods } from "../goods/test-fixtures.ts";
import { now } from "../../core/time.ts";
import { couponsOf, insertCouponType } from "./test-fixtures.ts";
import { couponGoodsFilter } from "./goods-filter.ts";

/** The shopper's calls: the coupon centre, receiving, a goods' coupons, the member's coupons and counts. */
describe(`coupons for shoppers (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let member: TestMember;
  let other: TestMember;
  const db = () => t.app.deps.db;
  const centre = (token?: string, body: object = {}) => t.call<Page<CouponTypeItem>>("/coupon/api/coupon/typepagelists", body, token ? { token } : {});
  const receive = (who: TestMember, couponTypeId: unknown) => t.call<CouponReceiveResult>("/coupon/api/coupon/receive", { coupon_type_id: couponTypeId }, { token: who.token });
  const memberPage = (who: TestMember, state: unknown) => t.call<Page<MemberCoupon>>("/coupon/api/coupon/memberpage", { state, page_size: 50 }, { token: who.token });

  beforeAll(async () => {
    t = await startTestApp();
    [member, other] = [await registerMember(t), await registerMember(t)];
  });
  afterAll(() => t.close());

  it("lists free, running, unexpired types in the centre, available before used-up; reward-only, closed and expired ones are not offered", async () => {
    const at = now();
    const open = await insertCouponType(db(), { coupon_name: "中心满100减10", money_cents: 1000, at_least_cents: 10000, total_count: 100, max_fetch: 2, sort: 1 });
    const usedUp = await insertCouponType(db(), { coupon_name: "中心已领完", total_count: 1, lead_count: 1 });
    const discount = await insertCouponType(db(), { coupon_name: "中心8.5折", type: "discount", money_cents: 0, discount_percent: 85, discount_limit_cents: 5000, validity_type: 0, start_time: at - 60, end_time: at + 86400, sort: 2 });
    await insertCouponType(db(), { coupon_name: "只作奖励", is_show: 0 });
    await insertCouponType(db(), { coupon_name: "已关闭", status: -1 });
    await insertCouponType(db(), { coupon_name: "已过期", validity_type: 0, start_time: at - 86400, end_time: at - 1 });

    const guest = await centre();
    expect(guest.code, guest.message).toBe(0);
    expect(guest.data.list.map((item) => item.coupon_type_id)).toEqual([open, discount, usedUp]);
    const [first, second, last] = guest.data.list;
    expect(first).toMatchObject({
      coupon_name: "中心满100减10", type: "reward", type_name: "满减券", money: "10.00", at_least: "100.00", discount: "0", goods_type: 1,
      goods_type_name: "全场通用", validity_type: 1, fixed_term: 30, count: 100, lead_count: 0, max_fetch: 2, received_num: 0,
      receive_state: "available", use_url: "/goods/list",
    });
    expect(second).toMatchObject({ type: "discount", type_name: "折扣券", discount: "8.5", discount_limit: "50.00", start_time: at - 60, end_time: at + 86400 });
    expect(last).toMatchObject({ receive_state: "sold_out", lead_percent: 100 });
    expect(guest.data.count).toBe(3);
  });

  it("receives within the member's limit, then answers 已领取 (limit) and refuses a third", async () => {
    const typeId = await insertCouponType(db(), { coupon_name: "限领两张", max_fetch: 2, fixed_term: 7 });
    const first = await receive(member, typeId);
    expect(first).toMatchObject({ code: 0, message: "领取成功", data: { coupon_type_id: typeId, received_num: 1, receive_state: "available" } });
    expect(first.data.end_time).toBeGreaterThanOrEqual(now() + 7 * 86400 - 5);
    expect((await receive(member, String(typeId))).data).toMatchObject({ received_num: 2, receive_state: "limit" });
    expect(await receive(member, typeId)).toMatchObject({ code: Code.ERROR, message: "您已达到该优惠券的领取上限" });
    expect(await couponsOf(db(), member.member_id, typeId)).toHaveLength(2);
    const item = (await centre(member.token, { page_size: 100 })).data.list.find((row) => row.coupon_type_id === typeId);
    expect(item).toMatchObject({ received_num: 2, receive_state: "limit" });
    // Another member's view is its own.
    expect((await centre(other.token, { page_size: 100 })).data.list.find((row) => row.coupon_type_id === typeId)).toMatchObject({ received_num: 0, receive_state: "available" });
  });

  it("refuses what cannot be received, naming why, and writes nothing", async () => {
    const at = now();
    const rewardOnly = await insertCouponType(db(), { is_show: 0 });
    const closed = await insertCouponType(db(), { status: -1 });
    const expired = await insertCouponType(db(), { validity_type: 0, start_time: at - 100, end_time: at - 1 });
    const soldOut = await insertCouponType(db(), { total_count: 3, lead_count: 3 });
    expect(await receive(member, rewardOnly)).toMatchObject({ code: Code.ERROR, message: "该优惠券不能直接领取" });
    expect(await receive(member, closed)).toMatchObject({ code: Code.ERROR, message: "该优惠券活动已结束" });
    expect(await receive(member, expired)).toMatchObject({ code: Code.ERROR, message: "该优惠券已过期" });
    expect(await receive(member, soldOut)).toMatchObject({ code: Code.ERROR, message: "来晚了，优惠券已领完" });
    expect(await receive(member, 999_999)).toMatchObject({ code: Code.ERROR, message: "优惠券不存在" });
    for (const typeId of [rewardOnly, closed, expired, soldOut]) expect(await couponsOf(db(), member.member_id, typeId)).toHaveLength(0);
    expect((await db().selectFrom("coupon_type").select("lead_count").where("coupon_type_id", "=", soldOut).executeTakeFirstOrThrow()).lead_count).toBe(3);
  });

  it("answers bad input with -10006 and a Chinese message, and guests with TOKEN_ERROR", async () => {
    for (const bad of [0, -1, "abc", null, 1.5, 2 ** 40, { id: 1 }, ""]) {
      const answer = await receive(member, bad);
      expect(answer.code, String(bad)).toBe(Code.PARAM);
      expect(answer.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const bad of [0, 4, "x", -1]) expect((await memberPage(member, bad)).code, String(bad)).toBe(Code.PARAM);
    expect((await t.call("/coupon/api/coupon/goodsCoupon", { goods_id: "x" })).code).toBe(Code.PARAM);
    expect((await t.call("/coupon/api/coupon/typepagelists", { page: 0 })).code).toBe(Code.PARAM);
    expect((await t.call("/coupon/api/coupon/typepagelists", { page_size: 101 })).code).toBe(Code.PARAM);
    expect(await t.call("/coupon/api/coupon/receive", { coupon_type_id: 1 })).toMatchObject({ code: Code.TOKEN_ERROR });
    expect(await t.call("/coupon/api/coupon/memberpage", {})).toMatchObject({ code: Code.TOKEN_ERROR });
    expect(await t.call("/coupon/api/coupon/num", {})).toMatchObject({ code: Code.TOKEN_ERROR });
  });

  it("lists a member's coupons by state — 未使用, 已使用, 已过期 — with counts, and only its own", async () => {
    const buyer = await registerMember(t);
    const at = now();
    const typeId = await insertCouponType(db(), { coupon_name: "状态测试", money_cents: 500 });
    const values = (state: number, end: number, useOrderId = 0) => ({
      coupon_type_id: typeId, member_id: buyer.member_id, state, get_type: "receive", grant_id: 0, fetch_time: at - 100, start_time: at - 100,
      end_time: end, use_time: useOrderId ? at - 50 : 0, use_order_id: useOrderId,
    });
    await db().insertInto("coupon").values([values(1, at + 1000), values(1, at + 500), values(2, at + 1000, 77), values(1, at - 10)]).execute();
    // Another member's coupons never show.
    await db().insertInto("coupon").values({ ...values(1, at + 1000), member_id: other.member_id }).execute();

    const unused = await memberPage(buyer, 1);
    expect(unused.data.list.map((coupon) => [coupon.state, coupon.state_name, coupon.end_time])).toEqual([[1, "未使用", at + 500], [1, "未使用", at + 1000]]);
    expect(unused.data.list[0]).toMatchObject({ coupon_type_id: typeId, coupon_name: "状态测试", money: "5.00", get_type: "receive", get_type_name: "领取", use_order_id: 0 });
    const used = await memberPage(buyer, "2");
    expect(used.data.list.map((coupon) => [coupon.state, coupon.state_name, coupon.use_order_id])).toEqual([[2, "已使用", 77]]);
    const expired = await memberPage(buyer, 3);
    expect(expired.data.list.map((coupon) => [coupon.state, coupon.state_name])).toEqual([[3, "已过期"]]);
    expect((await t.call<MemberCoupon[]>("/coupon/api/coupon/memberpage", {}, { token: buyer.token })).data).toMatchObject({ count: 2 });
    expect((await t.call<CouponCounts>("/coupon/api/coupon/num", {}, { token: buyer.token })).data).toEqual({ unused: 2, used: 1, expired: 1 });
    expect((await t.call<CouponCounts>("/coupon/api/coupon/num", {}, { token: (await registerMember(t)).token })).data).toEqual({ unused: 0, used: 0, expired: 0 });
  });

  it("shows on a goods the free types for all goods, for the goods, and for any level of its category; 去使用 leads to them", async () => {
    const top = await insertCategory(db(), { category_name: "数码", level: 1 });
    const mid = await insertCategory(db(), { category_name: "手机", pid: top, level: 2 });
    const phone = await insertGoods(db(), "测试手机", { goods: { category_id_1: top, category_id_2: mid, category_id: `,${top},${mid},` } });
    const cup = await insertGoods(db(), "测试水杯");
    await db().updateTable("coupon_type").set({ is_show: 0 }).execute();
    const all = await insertCouponType(db(), { coupon_name: "全场" });
    const forPhone = await insertCouponType(db(), { coupon_name: "单品", goods: [phone.goodsId] });
    const forTop = await insertCouponType(db(), { coupon_name: "数码类", categories: [top] });
    const forMid = await insertCouponType(db(), { coupon_name: "手机类", categories: [mid] });
    const forCup = await insertCouponType(db(), { coupon_name: "水杯", goods: [cup.goodsId] });
    const forBoth = await insertCouponType(db(), { coupon_name: "两件", goods: [cup.goodsId, phone.goodsId] });

    const phoneCoupons = await t.call<CouponTypeItem[]>("/coupon/api/coupon/goodsCoupon", { goods_id: phone.goodsId });
    expect(phoneCoupons.code, phoneCoupons.message).toBe(0);
    expect(phoneCoupons.data.map((item) => item.coupon_type_id).sort((a, b) => a - b)).toEqual([all, forPhone, forTop, forMid, forBoth].sort((a, b) => a - b));
    const urls = Object.fromEntries(phoneCoupons.data.map((item) => [item.coupon_name, item.use_url]));
    expect(urls).toEqual({
      全场: "/goods/list", 单品: `/sku/${phone.skuIds[0]}`, 数码类: `/goods/list?category_id=${top}&level=1`, 手机类: `/goods/list?category_id=${mid}&level=2`,
      两件: `/goods/list?coupon=${forBoth}`,
    });
    const cupCoupons = await t.call<CouponTypeItem[]>("/coupon/api/coupon/goodsCoupon", { goods_id: cup.goodsId });
    expect(cupCoupons.data.map((item) => item.coupon_type_id).sort((a, b) => a - b)).toEqual([all, forCup, forBoth].sort((a, b) => a - b));
    expect(await t.call("/coupon/api/coupon/goodsCoupon", { goods_id: 987_654 })).toMatchObject({ code: Code.ERROR, message: "商品不存在或已下架" });
    // The goods list's coupon filter (去使用 of a type for several goods) reads the same scope.
    expect(await couponGoodsFilter(db(), forBoth)).toEqual({ all: false, goodsIds: [cup.goodsId, phone.goodsId], categoryIds: [] });
    expect(await couponGoodsFilter(db(), forTop)).toEqual({ all: false, goodsIds: [], categoryIds: [top] });
    expect(await couponGoodsFilter(db(), all)).toEqual({ all: true });
    expect(await couponGoodsFilter(db(), 987_654)).toBeNull();
  });
});
