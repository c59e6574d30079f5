import { paymentBodyOf, PROMOTION_CHECKOUT_KINDS, type PromotionCheckoutKind } from "../promotion/order-create-data.ts";
import { checkoutSourceOf } from "./checkout-choices.ts";

/**
 * What one checkout page (routes/order/payment.tsx, components/checkout/*) needs to know of what it
 * sells: the ordinary checkout (/order/payment, /api/ordercreate/*) or a promotion's
 * (/promotion/{seckill|groupbuy|combo}/payment, /{seckill|groupbuy|bundling}/api/ordercreate/*).
 * The calls answer alike (docs/api/checkout.md); only payment's body (read from the page's query:
 * components/promotion/order-create-data.ts) and the coupons differ.
 */
export type CheckoutKindName = "order" | PromotionCheckoutKind;

/** Where a kind's checkout calls live: `${prefix}/payment|calculate|create|getcouponlist`. */
export type CheckoutPrefix = "/api/ordercreate" | "/seckill/api/ordercreate" | "/groupbuy/api/ordercreate" | "/bundling/api/ordercreate";

export interface CheckoutKind {
  name: CheckoutKindName;
  /** the page's router path */
  path: string;
  prefix: CheckoutPrefix;
  /** the page title */
  title: string;
  /** where "nothing to check out" sends the shopper back to */
  back: { label: string; to: string };
}

export const CHECKOUT_KINDS: Record<CheckoutKindName, CheckoutKind> = {
  order: { name: "order", path: "/order/payment", prefix: "/api/ordercreate", title: "确认订单", back: { label: "返回购物车", to: "/goods/cart" } },
  seckill: { name: "seckill", path: "/promotion/seckill/payment", prefix: "/seckill/api/ordercreate", title: "秒杀订单结算", back: { label: "返回秒杀", to: "/promotion/seckill" } },
  groupbuy: { name: "groupbuy", path: "/promotion/groupbuy/payment", prefix: "/groupbuy/api/ordercreate", title: "团购订单结算", back: { label: "返回团购", to: "/promotion/groupbuy" } },
  combo: { name: "combo", path: "/promotion/combo/payment", prefix: "/bundling/api/ordercreate", title: "组合套餐结算", back: { label: "返回首页", to: "/" } },
};

/** The kind of a router pathname (no basename; case and a trailing slash ignored): a promotion's payment path, else the ordinary checkout. */
export function checkoutKindOf(pathname: string): CheckoutKind {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  const promotion = PROMOTION_CHECKOUT_KINDS.find((kind) => path === CHECKOUT_KINDS[kind].path);
  return CHECKOUT_KINDS[promotion ?? "order"];
}

/** The body of `${prefix}/payment` in the page's query, or null when there is nothing to check out. */
export function paymentRequestOf(kind: CheckoutKind, query: URLSearchParams): Record<string, string> | null {
  return kind.name === "order" ? checkoutSourceOf(query) : paymentBodyOf(kind.name, query);
}

/**
 * The paths of a kind's calls. calculate, create and getcouponlist take and answer the same as
 * /api/ordercreate/*, whose types they are given here (the contract declares each prefix's).
 */
export function checkoutPaths(kind: CheckoutKind) {
  return {
    payment: `${kind.prefix}/payment` as "/api/ordercreate/payment",
    calculate: `${kind.prefix}/calculate` as "/api/ordercreate/calculate",
    create: `${kind.prefix}/create` as "/api/ordercreate/create",
    couponList: `${kind.prefix}/getcouponlist` as "/api/ordercreate/getcouponlist",
  };
}
