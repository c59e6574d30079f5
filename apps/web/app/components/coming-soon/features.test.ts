import { describe, expect, it } from "vitest";
import { COMING_SOON_FEATURES, findComingSoon, isGuardedFeature, isMemberFeature } from "./features.ts";

/**
 * SPEC §2 routes not built yet: only the promotions (the member centre, the coupon centre, cart,
 * checkout, pay, order and after-sales pages are built).
 */
const SPEC_PENDING = [
  "/promotion/groupbuy", "/promotion/seckill", "/promotion/combo/payment", "/promotion/groupbuy/payment", "/promotion/seckill/payment",
  "/promotion/combo/12", "/promotion/groupbuy/3", "/promotion/seckill/45",
];

/** Built SPEC pages: their own routes answer them, so no coming-soon row may claim them. */
const SPEC_BUILT = [
  "/goods/coupon", "/goods/cart", "/member",
  ..."account account_edit account_list activist apply_withdrawal collection coupon footprint info level my_point recharge_detail recharge_list recharge_order security signin withdrawal withdrawal_detail security/security"
    .split(" ").map((page) => `/member/${page}`),
  ..."batchrefund complain orderbatch_refund refund refund_detail payment logistics"
    .split(" ").map((page) => `/order/${page}`),
];

describe("coming-soon features", () => {
  it("names every SPEC route that is not built yet", () => {
    for (const path of SPEC_PENDING) expect(findComingSoon(path)?.name, path).toMatch(/\p{Script=Han}/u);
    expect(COMING_SOON_FEATURES.length).toBe(SPEC_PENDING.length);
  });

  it("names no page that is built", () => {
    for (const path of SPEC_BUILT) expect(findComingSoon(path), path).toBeNull();
  });

  it("has one row per path", () => {
    expect(new Set(COMING_SOON_FEATURES.map((feature) => feature.path.toLowerCase())).size).toBe(COMING_SOON_FEATURES.length);
  });

  it("ignores case and a trailing slash, like the router", () => {
    expect(findComingSoon("/Promotion/Seckill/")?.name).toBe("秒杀");
    expect(findComingSoon("/promotion/groupbuy/")?.name).toBe("团购");
    expect(findComingSoon("/Promotion/Combo/Payment")?.path).toBe("/promotion/combo/payment");
  });

  it("matches promotion details by numeric id only", () => {
    expect(findComingSoon("/promotion/seckill/7")?.name).toBe("秒杀商品");
    expect(findComingSoon("/promotion/seckill/payment")?.name).toBe("秒杀订单结算");
    expect(findComingSoon("/promotion/seckill/abc")).toBeNull();
    expect(findComingSoon("/promotion/combo")).toBeNull();
  });

  it("knows nothing of other paths", () => {
    for (const path of ["/", "/member", "/member/nope", "/order", "/order/unknown", "/pay/x", "/promotion/bargain/payment", "/goods/list"]) {
      expect(findComingSoon(path), path).toBeNull();
    }
  });

  it("tells guarded pages apart; no page still to come is in the member centre", () => {
    const feature = (path: string) => {
      const found = findComingSoon(path);
      if (!found) throw new Error(path);
      return found;
    };
    for (const path of ["/promotion/seckill/payment", "/promotion/groupbuy/payment", "/promotion/combo/payment"]) {
      expect(isGuardedFeature(feature(path)), path).toBe(true);
    }
    for (const path of ["/promotion/seckill", "/promotion/groupbuy", "/promotion/groupbuy/3", "/promotion/combo/1"]) {
      expect(isGuardedFeature(feature(path)), path).toBe(false);
    }
    expect(COMING_SOON_FEATURES.filter(isMemberFeature)).toEqual([]);
    // The rules themselves, on rows of the kinds the list held before (and may hold again).
    const sample = (path: string) => ({ path, name: "示例", blurb: "", icon: "coupon" as const });
    expect(isMemberFeature(sample("/member/coupon"))).toBe(true);
    expect(isMemberFeature(sample("/goods/coupon"))).toBe(false);
    expect(isGuardedFeature(sample("/member/coupon"))).toBe(true);
    expect(isGuardedFeature(sample("/order/refund"))).toBe(true);
    expect(isGuardedFeature(sample("/goods/coupon"))).toBe(false);
  });
});
