import { describe, expect, it } from "vitest";
import { couponCap, couponCondition, couponFace, couponLabel, heldValidity, shortMoney, typeValidity } from "./coupon-text.ts";

describe("coupon text", () => {
  const reward = { type: "reward" as const, money: "20.00", discount: "0", at_least: "199.00", discount_limit: "0.00" };
  const discount = { type: "discount" as const, money: "0.00", discount: "8.5", at_least: "0.00", discount_limit: "50.00" };

  it("shows the figure without trailing zeros, ¥ for 满减 and 折 for 折扣", () => {
    expect(shortMoney("20.00")).toBe("20");
    expect(shortMoney("19.90")).toBe("19.9");
    expect(shortMoney("0.05")).toBe("0.05");
    expect(couponFace(reward)).toEqual({ prefix: "¥", value: "20", unit: "" });
    expect(couponFace(discount)).toEqual({ prefix: "", value: "8.5", unit: "折" });
  });

  it("says the condition, the chip's label and the cap", () => {
    expect(couponCondition(reward)).toBe("满199元可用");
    expect(couponCondition(discount)).toBe("无门槛");
    expect(couponLabel(reward)).toBe("满199减20");
    expect(couponLabel({ ...reward, at_least: "0.00" })).toBe("无门槛减20");
    expect(couponLabel(discount)).toBe("8.5折");
    expect(couponLabel({ ...discount, at_least: "100.00" })).toBe("满100享8.5折");
    expect(couponCap(discount)).toBe("最多优惠50元");
    expect(couponCap({ ...discount, discount_limit: "0.00" })).toBe("");
    expect(couponCap(reward)).toBe("");
  });

  it("says the validity in shop time, the end day included", () => {
    const start = Date.parse("2026-03-01T00:00:00+08:00") / 1000;
    const end = Date.parse("2026-04-01T00:00:00+08:00") / 1000;
    expect(heldValidity(start, end)).toBe("2026.03.01 - 2026.03.31");
    expect(typeValidity({ validity_type: 1, fixed_term: 30, start_time: 0, end_time: 0 })).toBe("领取后30天内有效");
    expect(typeValidity({ validity_type: 0, fixed_term: 0, start_time: start, end_time: end })).toBe("2026.03.01 - 2026.03.31");
  });
});
