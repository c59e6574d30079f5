import { describe, expect, it } from "vitest";
import type { GoodsPromotionTag, GoodsSkuItem } from "@shop/contract";
import { listPromotionOf } from "./list-promotion.ts";

const item = (promotion?: Partial<GoodsPromotionTag> | null) =>
  ({ goods_id: 1, sku_id: 2, discount_price: "99.00", promotion_type: 0, ...(promotion === undefined ? {} : { promotion }) }) as unknown as GoodsSkuItem;
const tag = (fields: Partial<GoodsPromotionTag>): Partial<GoodsPromotionTag> => ({ promotion_id: 7, promotion_type_name: "秒杀", end_time: 1_900_000_000, ...fields });

describe("listPromotionOf", () => {
  it("reads the item's seckill or group-buy promotion with its price", () => {
    expect(listPromotionOf(item(tag({ promotion_type: "seckill", promotion_price: "59.00" })))).toEqual({ kind: "seckill", name: "秒杀", price: "59.00" });
    expect(listPromotionOf(item(tag({ promotion_type: "groupbuy", promotion_type_name: "团购", promotion_price: "79.90" })))).toEqual({ kind: "groupbuy", name: "团购", price: "79.90" });
  });

  it("shows nothing without a promotion, for other kinds, or for a promotion without a price", () => {
    expect(listPromotionOf(item())).toBeNull();
    expect(listPromotionOf(item(null))).toBeNull();
    expect(listPromotionOf(item(tag({ promotion_type: "bundling", promotion_price: "5.00" })))).toBeNull();
    expect(listPromotionOf(item(tag({ promotion_type: "seckill" })))).toBeNull();
    expect(listPromotionOf(item(tag({ promotion_type: "groupbuy", promotion_price: "0.00" })))).toBeNull();
  });

  it("ignores the reference's numeric promotion_type", () => {
    expect(listPromotionOf({ ...item(), promotion_type: 1 } as GoodsSkuItem)).toBeNull();
  });
});
