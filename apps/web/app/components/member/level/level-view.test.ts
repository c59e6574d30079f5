import { describe, expect, it } from "vitest";
import type { MemberLevelItem } from "@shop/contract";
import { couponValue, discountLabel, giftLines, levelMark, parsePage, signedGrowth } from "./level-view.ts";

const level = (id: number, growth: number, extra: Partial<MemberLevelItem> = {}): MemberLevelItem => ({
  level_id: id, level_name: `L${id}`, growth, remark: "", consume_discount: 100, is_free_shipping: 0, send_point: 0, send_balance: "0.00",
  send_coupon: [], is_default: id === 1 ? 1 : 0, sort: id, ...extra,
});

describe("level view", () => {
  it("names discounts in 折", () => {
    expect([95, 90, 100, 0, 88, 101].map(discountLabel)).toEqual(["9.5折", "9折", "无折扣", "无折扣", "8.8折", "无折扣"]);
  });

  it("describes gifts and coupons", () => {
    expect(couponValue({ type: "reward", money: "10.00", discount: "0", at_least: "99.00" })).toBe("满99.00减10.00");
    expect(couponValue({ type: "reward", money: "5.00", discount: "0", at_least: "0.00" })).toBe("无门槛减5.00");
    expect(couponValue({ type: "discount", money: "0.00", discount: "8.5", at_least: "0.00" })).toBe("8.5折");
    expect(giftLines(level(2, 100))).toEqual([]);
    expect(
      giftLines(level(3, 2000, { send_point: 500, send_balance: "10.00", send_coupon: [{ coupon_type_id: 7, coupon_name: "金卡券", type: "reward", money: "20.00", discount: "0", at_least: "199.00" }] })),
    ).toEqual([{ text: "500 积分" }, { text: "¥10.00 余额" }, { text: "优惠券「金卡券」", title: "满199.00减20.00" }]);
  });

  it("marks the current level, the passed ones and those ahead", () => {
    const ladder = [level(1, 0), level(2, 2000), level(3, 20000)];
    const state = { level_id: 2, growth: 5000 };
    expect(ladder.map((item) => levelMark(item, state, ladder))).toEqual(["reached", "current", "locked"]);
  });

  it("reads the page and signs growth", () => {
    expect(parsePage(new URL("http://x/member/level?page=3"))).toBe(3);
    expect(parsePage(new URL("http://x/member/level?page=-1"))).toBe(1);
    expect(parsePage(new URL("http://x/member/level?page=abc"))).toBe(1);
    expect([20, -617, 0].map(signedGrowth)).toEqual(["+20", "-617", "0"]);
  });
});
