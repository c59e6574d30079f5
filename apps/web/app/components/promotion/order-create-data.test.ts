import { describe, expect, it } from "vitest";
import { paymentBodyOf, promotionBuyPath, promotionPaymentPath } from "./order-create-data.ts";

describe("order-create data", () => {
  it("puts each promotion's choice in its payment page's query", () => {
    expect(promotionPaymentPath({ kind: "seckill", seckill_id: 3, sku_id: 12, num: 1 })).toBe("/promotion/seckill/payment?seckill_id=3&sku_id=12&num=1");
    expect(promotionPaymentPath({ kind: "groupbuy", groupbuy_id: 5, sku_id: 12, num: 2 })).toBe("/promotion/groupbuy/payment?groupbuy_id=5&sku_id=12&num=2");
    expect(promotionPaymentPath({ kind: "combo", bl_id: 7, sku_ids: [12, 40, 41], num: 1 })).toBe("/promotion/combo/payment?bl_id=7&sku_ids=12,40,41&num=1");
  });

  it("sends a guest to login and back to the payment page", () => {
    expect(promotionBuyPath({ kind: "seckill", seckill_id: 3, sku_id: 12, num: 1 }, false)).toBe(
      `/auth/login?redirect=${encodeURIComponent("/promotion/seckill/payment?seckill_id=3&sku_id=12&num=1")}`,
    );
    expect(promotionBuyPath({ kind: "seckill", seckill_id: 3, sku_id: 12, num: 1 }, true)).toBe("/promotion/seckill/payment?seckill_id=3&sku_id=12&num=1");
  });

  it("reads the payment body back from the query", () => {
    const query = (path: string) => new URL(path, "http://shop.test").searchParams;
    const round = <T extends Parameters<typeof promotionPaymentPath>[0]>(data: T) => paymentBodyOf(data.kind, query(promotionPaymentPath(data)));
    expect(round({ kind: "seckill", seckill_id: 3, sku_id: 12, num: 1 })).toEqual({ seckill_id: "3", sku_id: "12", num: "1" });
    expect(round({ kind: "groupbuy", groupbuy_id: 5, sku_id: 12, num: 2 })).toEqual({ groupbuy_id: "5", sku_id: "12", num: "2" });
    expect(round({ kind: "combo", bl_id: 7, sku_ids: [12, 40], num: 1 })).toEqual({ bl_id: "7", sku_ids: "12,40", num: "1" });
  });

  it("has nothing to check out without the promotion or its SKU; num defaults to 1", () => {
    const query = (search: string) => new URLSearchParams(search);
    expect(paymentBodyOf("seckill", query("sku_id=12"))).toBeNull();
    expect(paymentBodyOf("seckill", query("seckill_id=3"))).toBeNull();
    expect(paymentBodyOf("groupbuy", query("groupbuy_id=&sku_id=1"))).toBeNull();
    expect(paymentBodyOf("combo", query("sku_ids=1,2"))).toBeNull();
    expect(paymentBodyOf("seckill", query("seckill_id=3&sku_id=12"))).toEqual({ seckill_id: "3", sku_id: "12", num: "1" });
    expect(paymentBodyOf("combo", query("bl_id=7"))).toEqual({ bl_id: "7", num: "1" });
  });
});
