import { describe, expect, it } from "vitest";
import { checkoutKindOf, checkoutPaths, paymentRequestOf } from "./checkout-kind.ts";

describe("checkout kinds", () => {
  it("picks the kind by the page's path", () => {
    expect(checkoutKindOf("/order/payment").name).toBe("order");
    expect(checkoutKindOf("/promotion/seckill/payment").name).toBe("seckill");
    expect(checkoutKindOf("/Promotion/Groupbuy/Payment/").name).toBe("groupbuy");
    expect(checkoutKindOf("/promotion/combo/payment").name).toBe("combo");
  });

  it("sends each kind's calls to its prefix", () => {
    expect(checkoutPaths(checkoutKindOf("/order/payment"))).toEqual({
      payment: "/api/ordercreate/payment", calculate: "/api/ordercreate/calculate", create: "/api/ordercreate/create", couponList: "/api/ordercreate/getcouponlist",
    });
    expect(checkoutPaths(checkoutKindOf("/promotion/seckill/payment")).payment).toBe("/seckill/api/ordercreate/payment");
    expect(checkoutPaths(checkoutKindOf("/promotion/groupbuy/payment")).calculate).toBe("/groupbuy/api/ordercreate/calculate");
    expect(checkoutPaths(checkoutKindOf("/promotion/combo/payment")).create).toBe("/bundling/api/ordercreate/create");
    expect(checkoutPaths(checkoutKindOf("/promotion/combo/payment")).couponList).toBe("/bundling/api/ordercreate/getcouponlist");
  });

  it("reads each kind's payment body from the query", () => {
    const query = (search: string) => new URLSearchParams(search);
    expect(paymentRequestOf(checkoutKindOf("/order/payment"), query("sku_id=4&num=2"))).toEqual({ sku_id: "4", num: "2" });
    expect(paymentRequestOf(checkoutKindOf("/order/payment"), query("cart_ids=1,2"))).toEqual({ cart_ids: "1,2" });
    expect(paymentRequestOf(checkoutKindOf("/promotion/seckill/payment"), query("seckill_id=3&sku_id=4&num=1"))).toEqual({ seckill_id: "3", sku_id: "4", num: "1" });
    expect(paymentRequestOf(checkoutKindOf("/promotion/seckill/payment"), query("sku_id=4&num=1"))).toBeNull();
  });
});
