import { describe, expect, it } from "vitest";
import { orderPromotionPath } from "./OrderPromotionTag.tsx";

describe("orderPromotionPath", () => {
  it("leads to the promotion's page", () => {
    expect(orderPromotionPath({ promotion_type: "seckill", promotion_type_name: "秒杀", promotion_id: 4 })).toBe("/promotion/seckill/4");
    expect(orderPromotionPath({ promotion_type: "groupbuy", promotion_type_name: "拼团", promotion_id: 2 })).toBe("/promotion/groupbuy/2");
    expect(orderPromotionPath({ promotion_type: "bundling", promotion_type_name: "组合套餐", promotion_id: 7 })).toBe("/promotion/combo/7");
  });

  it("is empty for an ordinary order", () => {
    expect(orderPromotionPath({ promotion_type: "", promotion_type_name: "", promotion_id: 0 })).toBe("");
  });
});
