import { z } from "zod";
import { endpoint, paging, text, type EndpointDef } from "../endpoint.ts";
import { checkoutChoicesBody, checkoutCreateBody, type CheckoutCoupon, type OrderCalculation, type OrderPaymentPreview } from "./checkout.ts";

/**
 * What every promotion (秒杀 seckill, 团购 groupbuy, 组合套餐 bundling) shares on the wire: the kinds
 * and their names, what an order and a checkout say of their promotion, and the checkout calls a
 * promotion serves under its own prefix (/seckill/api/ordercreate/payment|calculate|create …), which
 * answer exactly like /api/ordercreate/* (docs/api/checkout.md): only payment's body differs.
 */
export const PROMOTION_KINDS = ["seckill", "groupbuy", "bundling"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** The order's promotion: "" for an ordinary order. */
export type OrderPromotionType = "" | PromotionKind;

/** The storefront's words, as its promotion pages (团购 is the group-buy add-on's name; 拼团 would be another add-on). */
export const PROMOTION_TYPE_NAMES: Record<OrderPromotionType, string> = {
  "": "",
  seckill: "秒杀",
  groupbuy: "团购",
  bundling: "组合套餐",
};

/** What payment and calculate say of the promotion a checkout buys at (absent for ordinary checkouts). */
export interface CheckoutPromotion {
  promotion_type: PromotionKind;
  /** 秒杀 | 团购 | 组合套餐 */
  promotion_type_name: string;
  /** the seckill_id / groupbuy_id / bl_id */
  promotion_id: number;
  /** 1 when a coupon may be used (no for seckill and groupbuy, as the reference) */
  allow_coupon: 0 | 1;
  /** minutes the order stays unpaid before it closes by itself */
  auto_close_minutes: number;
}

/**
 * goods_spec_format of a promotion's page (seckill, group buy, each goods of a combo), as JSON: the
 * goods' specs with every value, in the goods' order (first spec with its pictures). Unlike the SKU
 * page's, no value says which SKU it leads to: the page works that out among the SKUs the promotion
 * offers (their sku_spec_format), as the shopper switches without asking again.
 */
export interface PromotionSpecRow {
  spec_id: number;
  spec_name: string;
  value: Array<{ spec_id: number; spec_name: string; spec_value_id: number; spec_value_name: string; image: string }>;
}

/** A SKU a promotion offers, as its page's spec choice reads it (each promotion adds its own price, stock …). */
export interface PromotionSku {
  sku_id: number;
  sku_name: string;
  spec_name: string;
  /** JSON [{spec_id, spec_name, spec_value_id, spec_value_name}]: the SKU's own value of each spec ("[]" without specs) */
  sku_spec_format: string;
  /** its picture, else the goods' first */
  sku_image: string;
  /** the SKU's own price (its discount price, 原价 on the promotion's page), "99.00" */
  price: string;
  /** units that can be bought: the SKU's stock, or a seckill's pool */
  stock: number;
}

// ---- request fields the promotions' staff bodies share ---------------------------------------

/** Unix seconds between 2000 and 2100 (a promotion's start and end). */
export const promotionTime = z.coerce.number({ error: "时间格式不正确" }).int("时间格式不正确").min(946_684_800, "时间格式不正确").max(4_102_444_800, "时间格式不正确");

/** A list posted as an array or as its JSON text (forms post it as text); text that is not JSON fails the array's own message. */
export const jsonList = <T extends z.ZodType>(list: z.ZodArray<T>) =>
  z.preprocess((value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, list);

/** Ids posted as an array, one id, or "1,2" (blanks dropped), for z.preprocess. */
export const splitIds = (value: unknown): unknown =>
  typeof value === "string" ? value.split(",").map((part) => part.trim()).filter((part) => part !== "") : typeof value === "number" ? [value] : value;

/** The staff's list of a promotion: a page, by phase (all | upcoming | running | ended | closed), by keyword. */
export const staffPromotionListBody = z.object({
  ...paging,
  status: z.enum(["all", "upcoming", "running", "ended", "closed"], { error: "状态只能是 all、upcoming、running、ended 或 closed" }).default("all"),
  keyword: text(30).default(""),
});

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
