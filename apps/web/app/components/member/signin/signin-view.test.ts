import { describe, expect, it } from "vitest";
import type { SigninAward } from "@shop/contract";
import { cycleRewards, monthGrid, monthHref, monthLabel, parseSigninQuery, rewardText, shiftMonth } from "./signin-view.ts";

describe("sign-in view", () => {
  it("lays a month out in Monday-first weeks", () => {
    // 2026-05-01 is a Friday: four blanks and 31 days fill five weeks.
    const may = monthGrid("2026-05");
    expect(may).toHaveLength(5);
    expect(may[0]).toEqual([null, null, null, null, 1, 2, 3]);
    expect(may.at(-1)).toEqual([25, 26, 27, 28, 29, 30, 31]);
    // 2026-02-01 is a Sunday; February 2026 has 28 days.
    const february = monthGrid("2026-02");
    expect(february[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(february.flat().filter((day) => day !== null)).toHaveLength(28);
    expect(monthGrid("2024-02").flat().filter((day) => day !== null)).toHaveLength(29);
  });

  it("moves between months and names them", () => {
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2025-12", 1)).toBe("2026-01");
    expect(shiftMonth("2026-05", 0)).toBe("2026-05");
    expect(monthLabel("2026-05")).toBe("2026年5月");
    expect(monthHref("2026-05", "2026-05")).toBe("/member/signin");
    expect(monthHref("2026-04", "2026-05")).toBe("/member/signin?month=2026-04");
  });

  it("reads the query, ignoring what is malformed", () => {
    expect(parseSigninQuery(new URL("http://x/member/signin?month=2026-04&page=2"))).toEqual({ month: "2026-04", page: 2 });
    expect(parseSigninQuery(new URL("http://x/member/signin?month=2026-13&page=0"))).toEqual({ month: undefined, page: 1 });
    expect(parseSigninQuery(new URL("http://x/member/signin?month=1999-12"))).toEqual({ month: undefined, page: 1 });
  });

  it("adds each cycle day's streak reward to the daily one", () => {
    const award: SigninAward = {
      is_enable: 1, cycle_days: 3, daily_point: 5, daily_growth: 2,
      rewards: [{ day: 3, point: 50, growth: 20, coupons: [{ coupon_type_id: 1, coupon_name: "签到礼券", type: "reward", money: "5.00", discount: "0", at_least: "50.00" }] }],
    };
    const days = cycleRewards(award);
    expect(days.map((day) => [day.day, day.point, day.growth, day.bonus])).toEqual([[1, 5, 2, false], [2, 5, 2, false], [3, 55, 22, true]]);
    expect(rewardText(days[2]!)).toBe("55积分、22成长值、优惠券「签到礼券」");
    expect(rewardText({ point: 0, growth: 0, coupons: [] })).toBe("无");
  });
});
