import { describe, expect, it } from "vitest";
import { COMING_SOON_FEATURES, findComingSoon, isGuardedFeature, isMemberFeature } from "./features.ts";

/** SPEC §2 routes not built yet (the member welcome page, cart, checkout, pay and order pages are built). */
const SPEC_PENDING = [
  "/goods/coupon",
  ..."account account_edit account_list activist apply_withdrawal collection coupon footprint info level my_point recharge_detail recharge_list recharge_order security signin withdrawal withdrawal_detail security/security"
    .split(" ").map((page) => `/member/${page}`),
  ..."batchrefund complain orderbatch_refund refund refund_detail"
    .split(" ").map((page) => `/order/${page}`),
  "/promotion/groupbuy", "/promotion/seckill", "/promotion/combo/payment", "/promotion/groupbuy/payment", "/promotion/seckill/payment",
  "/promotion/combo/12", "/promotion/groupbuy/3", "/promotion/seckill/45",
];

describe("coming-soon features", () => {
  it("names every SPEC route that is not built yet", () => {
    for (const path of SPEC_PENDING) expect(findComingSoon(path)?.name, path).toMatch(/\p{Script=Han}/u);
    expect(COMING_SOON_FEATURES.length).toBe(SPEC_PENDING.length);
  });

  it("has one row per path", () => {
    expect(new Set(COMING_SOON_FEATURES.map((feature) => feature.path.toLowerCase())).size).toBe(COMING_SOON_FEATURES.length);
  });

  it("ignores case and a trailing slash, like the router", () => {
    expect(findComingSoon("/member/footprint/")?.name).toBe("我的足迹");
    expect(findComingSoon("/Promotion/Seckill")?.name).toBe("秒杀");
    expect(findComingSoon("/order/refund_Detail")?.path).toBe("/order/refund_detail");
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

  it("tells member-centre and guarded pages apart", () => {
    const feature = (path: string) => {
      const found = findComingSoon(path);
      if (!found) throw new Error(path);
      return found;
    };
    expect(isMemberFeature(feature("/member/coupon"))).toBe(true);
    expect(isMemberFeature(feature("/goods/coupon"))).toBe(false);
    for (const path of ["/member/info", "/order/refund", "/promotion/combo/payment"]) {
      expect(isGuardedFeature(feature(path)), path).toBe(true);
    }
    for (const path of ["/goods/coupon", "/promotion/seckill", "/promotion/groupbuy/3", "/promotion/combo/1"]) {
      expect(isGuardedFeature(feature(path)), path).toBe(false);
    }
  });
});
