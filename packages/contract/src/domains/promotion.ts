import type { z } from "zod";
import { endpoint, type EndpointDef } from "../endpoint.ts";
import { checkoutChoicesBody, checkoutCreateBody, type CheckoutCoupon, type OrderCalculation, type OrderPaymentPreview } from "./checkout.ts";

/**
 * What every promotion (秒杀 seckill, 拼团 groupbuy, 组合套餐 bundling) shares on the wire: the kinds
 * and their names, what an order and a checkout say of their promotion, and the checkout calls a
 * promotion serves under its own prefix (/seckill/api/ordercreate/payment|calculate|create …), which
 * answer exactly like /api/ordercreate/* (docs/api/checkout.md): only payment's body differs.
 */
export const PROMOTION_KINDS = ["seckill", "groupbuy", "bundling"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** The order's promotion: "" for an ordinary order. */
export type OrderPromotionType = "" | PromotionKind;

export const PROMOTION_TYPE_NAMES: Record<OrderPromotionType, string> = {
  "": "",
  seckill: "秒杀",
  groupbuy: "拼团",
  bundling: "组合套餐",
};

/** What payment and calculate say of the promotion a checkout buys at (absent for ordinary checkouts). */
export interface CheckoutPromotion {
  promotion_type: PromotionKind;
  /** 秒杀 | 拼团 | 组合套餐 */
  promotion_type_name: string;
  /** the seckill_id / groupbuy_id / bl_id */
  promotion_id: number;
  /** 1 when a coupon may be used (no for seckill and groupbuy, as the reference) */
  allow_coupon: 0 | 1;
  /** minutes the order stays unpaid before it closes by itself */
  auto_close_minutes: number;
}

const orderKeyBody = checkoutChoicesBody.pick({ order_key: true });

/** One object type with the three paths (not an intersection: the client's generic BodyOf<P> must resolve). */
type PromotionCheckoutEndpoints<P extends string, B extends z.ZodType> = {
  [K in `${P}/payment` | `${P}/calculate` | `${P}/create`]: K extends `${P}/payment`
    ? EndpointDef<B, OrderPaymentPreview>
    : K extends `${P}/calculate`
      ? EndpointDef<typeof checkoutChoicesBody, OrderCalculation>
      : EndpointDef<typeof checkoutCreateBody, string>;
};

/**
 * The checkout calls of a promotion under `prefix` ("/seckill/api/ordercreate"): payment takes the
 * promotion's own body (e.g. {seckill_id, sku_id, num}) and keeps it under an order_key; calculate
 * and create take the same bodies as /api/ordercreate/calculate and create. A domain spreads it into
 * its endpoint map: `...promotionCheckoutEndpoints("/seckill/api/ordercreate", seckillPaymentBody)`.
 */
export function promotionCheckoutEndpoints<const P extends string, B extends z.ZodType>(prefix: P, paymentBody: B): PromotionCheckoutEndpoints<P, B> {
  return {
    [`${prefix}/payment`]: endpoint<OrderPaymentPreview>()(paymentBody),
    [`${prefix}/calculate`]: endpoint<OrderCalculation>()(checkoutChoicesBody),
    [`${prefix}/create`]: endpoint<string>()(checkoutCreateBody),
  } as PromotionCheckoutEndpoints<P, B>;
}

/** `${prefix}/getcouponlist {order_key}`, for a promotion whose orders take coupons (allow_coupon 1). */
export function promotionCouponListEndpoint<const P extends string>(prefix: P): { [K in `${P}/getcouponlist`]: EndpointDef<typeof orderKeyBody, CheckoutCoupon[]> } {
  return { [`${prefix}/getcouponlist`]: endpoint<CheckoutCoupon[]>()(orderKeyBody) } as { [K in `${P}/getcouponlist`]: EndpointDef<typeof orderKeyBody, CheckoutCoupon[]> };
}
