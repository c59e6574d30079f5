import { describe, expect, it } from "vitest";
import { COMING_SOON_FEATURES, comingSoonRow, findComingSoon, isGuardedFeature, isMemberFeature } from "./features.ts";

/** SPEC §2 routes not built yet: none (the promotions, issue 11, were the last). */
const SPEC_PENDING: string[] = [];

/** Built SPEC pages: their own routes answer them, so no coming-soon row may claim them. */
const SPEC_BUILT = [
  "/goods/coupon", "/goods/cart", "/member",
  "/promotion/groupbuy", "/promotion/groupbuy/3", "/promotion/combo/12",
  "/promotion/seckill", "/promotion/seckill/45",
  "/promotion/seckill/payment", "/promotion/groupbuy/payment", "/promotion/combo/payment",
  ..."account account_edit account_list activist apply_withdrawal collection coupon footprint info level my_point recharge_detail recharge_list recharge_order security signin withdrawal withdrawal_detail security/security"
    .split(" ").map((page) => `/member/${page}`),
  ..."batchrefund complain orderbatch_refund refund refund_detail payment logistics"
    .split(" ").map((page) => `/order/${page}`),
];

/** Rows of the kinds the list held before (and may hold again), for the matching rules. */
const SAMPLE = [
  comingSoonRow("/promotion/seckill", "秒杀", "seckill", "每日限时秒杀，超值好物准点开抢。"),
  comingSoonRow("/promotion/seckill/:id", "秒杀商品", "seckill", "秒杀商品详情与开抢倒计时将在这里展示。"),
  comingSoonRow("/promotion/seckill/payment", "秒杀订单结算", "pay", "秒杀商品下单结算将在这里完成。"),
  comingSoonRow("/promotion/combo/payment", "组合套餐结算", "pay", "组合套餐下单结算将在这里完成。"),
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
    expect(findComingSoon("/Promotion/Seckill/", SAMPLE)?.name).toBe("秒杀");
    expect(findComingSoon("/promotion/seckill/payment/", SAMPLE)?.name).toBe("秒杀订单结算");
    expect(findComingSoon("/Promotion/Combo/Payment", SAMPLE)?.path).toBe("/promotion/combo/payment");
  });

  it("matches ids by number only; static paths are their own", () => {
    expect(findComingSoon("/promotion/seckill/7", SAMPLE)?.name).toBe("秒杀商品");
    expect(findComingSoon("/promotion/seckill/payment", SAMPLE)?.name).toBe("秒杀订单结算");
    expect(findComingSoon("/promotion/seckill/abc", SAMPLE)).toBeNull();
    expect(findComingSoon("/promotion/combo", SAMPLE)).toBeNull();
  });

  it("knows nothing of other paths", () => {
    for (const path of ["/", "/member", "/member/nope", "/order", "/order/unknown", "/pay/x", "/promotion/bargain/payment", "/goods/list"]) {
      expect(findComingSoon(path), path).toBeNull();
      expect(findComingSoon(path, SAMPLE), path).toBeNull();
    }
  });

  it("tells guarded pages apart; no page still to come is in the member centre", () => {
    expect(COMING_SOON_FEATURES.filter(isMemberFeature)).toEqual([]);
    const sample = (path: string) => ({ path, name: "示例", blurb: "", icon: "coupon" as const });
    for (const path of ["/promotion/seckill/payment", "/promotion/groupbuy/payment", "/promotion/combo/payment", "/member/coupon", "/order/refund"]) {
      expect(isGuardedFeature(sample(path)), path).toBe(true);
    }
    for (const path of ["/promotion/seckill", "/promotion/groupbuy", "/promotion/groupbuy/3", "/promotion/combo/1", "/goods/coupon"]) {
      expect(isGuardedFeature(sample(path)), path).toBe(false);
    }
    expect(isMemberFeature(sample("/member/coupon"))).toBe(true);
    expect(isMemberFeature(sample("/goods/coupon"))).toBe(false);
  });
});
