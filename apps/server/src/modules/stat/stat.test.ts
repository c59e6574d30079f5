import { beforeAll, describe, expect, it } from "vitest";
import type { StatDayData, StatGoodsRank, StatTotal } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { usingPostgres } from "../../test/harness.ts";
import { DAY_SECONDS } from "../../core/time.ts";
import { registerMember } from "../auth/testing.ts";
import { createTestOrder, loginTestStaff } from "../order/test-fixtures.ts";
import { paidOrder, refundSuite, type PaidOrder } from "../refund/test-fixtures.ts";

/** 2025-06-10 00:00:00 in Beijing: the day the figures below happen on (times are moved there after the fact). */
const DAY = Date.UTC(2025, 5, 10) / 1000 - 8 * 3600;
const HOUR = 3600;

/**
 * 概况's figures, to the cent, from orders paid, a refund sent back and members registered on
 * known days: the shop's day boundaries (Beijing time), empty and bad ranges, and who may ask.
 */
describe(`stat: totals, trend, goods ranking (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  const suite = refundSuite("stat", { cup: ["统计茶杯", 3000], tea: ["统计茶叶", 8000] });
  const { db, call, staff } = suite;
  const paidAt = (order: PaidOrder, payTime: number) => db().updateTable("orders").set({ pay_time: payTime }).where("order_id", "=", order.orderId).execute();
  const day = (offsetDays: number, seconds = 0) => DAY + offsetDays * DAY_SECONDS + seconds;

  beforeAll(async () => {
    const memberId = suite.member.member_id;
    // A: two cups (60.00), paid mid-morning and refunded in full at noon
    const a = await paidOrder(db(), { memberId, lines: [{ skuId: suite.skus.cup, num: 2 }] });
    await call("/api/orderrefund/refund", { order_goods_id: a.lineIds[0], refund_type: 1, refund_reason: "协商一致退款" });
    await staff("/shopapi/orderrefund/agree", { order_goods_id: a.lineIds[0] });
    await staff("/shopapi/orderrefund/transfer", { order_goods_id: a.lineIds[0] });
    await paidAt(a, day(0, 10 * HOUR));
    await db().updateTable("order_refund").set({ refund_time: day(0, 12 * HOUR) }).where("order_id", "=", a.orderId).execute();
    // B: tea and a cup with 10.00 shipping (120.00), paid in the day's last second
    await paidAt(await paidOrder(db(), { memberId, lines: [{ skuId: suite.skus.tea, num: 1 }, { skuId: suite.skus.cup, num: 1 }] }, { deliveryCents: 1000 }), day(1, -1));
    // C: a cup (30.00), paid at the next day's first second
    await paidAt(await paidOrder(db(), { memberId, lines: [{ skuId: suite.skus.cup, num: 1 }] }), day(1));
    // never paid: counts nowhere
    await createTestOrder(db(), { memberId, lines: [{ skuId: suite.skus.tea, num: 1 }] });
    // members: the suite's and one more on the day, one a second before it
    const early = await registerMember(suite.t);
    const late = await registerMember(suite.t);
    await db().updateTable("member").set({ reg_time: day(0, HOUR) }).where("member_id", "in", [memberId, late.member_id]).execute();
    await db().updateTable("member").set({ reg_time: day(0, -1) }).where("member_id", "=", early.member_id).execute();
  });

  it("a day's totals are what happened on it, to the cent: 23:59:59 counts, the next 00:00:00 does not", async () => {
    expect(await staff<StatTotal>("/shopapi/stat/getstattotal", { start_time: day(0), end_time: day(1) })).toEqual({
      order_pay_count: 2,
      order_pay_money: "180.00",
      order_member_count: 1,
      goods_pay_count: 4,
      refund_total: "60.00",
      refund_count: 1,
      member_count: 2,
      order_avg_money: "90.00",
      visit_count: null,
    });
    const nextDay = await staff<StatTotal>("/shopapi/stat/getstattotal", { start_time: day(1), end_time: day(2) });
    expect(nextDay).toMatchObject({ order_pay_count: 1, order_pay_money: "30.00", refund_total: "0.00", member_count: 0, order_avg_money: "30.00" });
    const dayBefore = await staff<StatTotal>("/shopapi/stat/getstattotal", { start_time: day(-1), end_time: day(0) });
    expect(dayBefore).toMatchObject({ order_pay_count: 0, member_count: 1 });
  });

  it("the trend answers every day of the range, zeros included, in Beijing dates", async () => {
    expect(await staff<StatDayData>("/shopapi/stat/getstatdata", { start_time: day(-1), end_time: day(3) })).toEqual({
      time: ["2025-06-09", "2025-06-10", "2025-06-11", "2025-06-12"],
      order_pay_count: [0, 2, 1, 0],
      order_pay_money: ["0.00", "180.00", "30.00", "0.00"],
      refund_total: ["0.00", "60.00", "0.00", "0.00"],
      member_count: [1, 2, 0, 0],
    });
  });

  it("ranks goods by pieces and by money, leaving out lines refunded in full", async () => {
    const range = { start_time: day(0), end_time: day(2) };
    const cup = { goods_name: "统计茶杯", sale_num: 2, order_money: "60.00" };
    const tea = { goods_name: "统计茶叶", sale_num: 1, order_money: "80.00" };
    expect(await staff<StatGoodsRank[]>("/shopapi/stat/getgoodsordernumstat", range)).toMatchObject([cup, tea]);
    expect(await staff<StatGoodsRank[]>("/shopapi/stat/getgoodsordermoneystat", range)).toMatchObject([tea, cup]);
    expect(await staff<StatGoodsRank[]>("/shopapi/stat/getgoodsordermoneystat", { ...range, limit: 1 })).toMatchObject([tea]);
  });

  it("an empty range answers zeros", async () => {
    const empty = { start_time: Date.UTC(2020, 0, 1) / 1000, end_time: Date.UTC(2020, 0, 2) / 1000 };
    expect(await staff<StatTotal>("/shopapi/stat/getstattotal", empty)).toEqual({
      order_pay_count: 0, order_pay_money: "0.00", order_member_count: 0, goods_pay_count: 0, refund_total: "0.00", refund_count: 0,
      member_count: 0, order_avg_money: "0.00", visit_count: null,
    });
    expect(await staff<StatGoodsRank[]>("/shopapi/stat/getgoodsordernumstat", empty)).toEqual([]);
  });

  it("bad ranges are refused with a clear message", async () => {
    const refused = async (body: object, path = "/shopapi/stat/getstattotal") => {
      const answer = await suite.t.call(path, body, { token: suite.admin });
      expect(answer.code).toBe(Code.PARAM);
      return answer.message;
    };
    expect(await refused({ start_time: day(1), end_time: day(0) })).toBe("结束时间须晚于开始时间");
    expect(await refused({ start_time: day(0), end_time: day(0) }, "/shopapi/stat/getstatdata")).toBe("结束时间须晚于开始时间");
    expect(await refused({ start_time: day(0), end_time: day(367) })).toBe("统计时间最长 366 天");
    expect(await refused({ end_time: day(1) })).toBe("参数 start_time 不能为空");
    expect(await refused({ start_time: "昨天", end_time: day(1) })).toBe("参数 start_time 类型错误");
    expect(await refused({ start_time: day(0), end_time: day(1), limit: 0 }, "/shopapi/stat/getgoodsordernumstat")).toBe("参数 limit 不能小于 1");
  });

  it("only staff holding stat.view may ask", async () => {
    const servicer = await loginTestStaff(suite.t, "servicer");
    const range = { start_time: day(0), end_time: day(1) };
    for (const path of ["/shopapi/stat/getstattotal", "/shopapi/stat/getstatdata", "/shopapi/stat/getgoodsordernumstat", "/shopapi/stat/getgoodsordermoneystat", "/shopapi/index/todo"]) {
      expect(await suite.t.call(path, range, { token: servicer })).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限", data: null });
      expect((await suite.t.call(path, range, { token: suite.member.token })).code).toBe(Code.TOKEN_ERROR);
    }
  });
});
