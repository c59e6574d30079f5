/**
 * Order-create data of the promotions (SPEC §3 "client state: order-create data for normal,
 * group-buy, seckill and combo orders"): how a promotion's detail page hands what the shopper chose
 * to its payment page. Like the normal buy-now (/order/payment?sku_id=&num=), it travels in the
 * payment page's query string, so a reload, the back button and the login detour keep it, and the
 * server-side loader opens the checkout with it:
 *
 *   /promotion/seckill/payment?seckill_id=3&sku_id=12&num=1     → /seckill/api/ordercreate/payment
 *   /promotion/groupbuy/payment?groupbuy_id=5&sku_id=12&num=2   → /groupbuy/api/ordercreate/payment
 *   /promotion/combo/payment?bl_id=7&sku_ids=12,40,41&num=1     → /bundling/api/ordercreate/payment
 *
 * A detail page's 立即抢购 / 立即购买:
 *
 *   import { goToPromotionPayment } from "../promotion/order-create-data.ts";
 *   const navigate = useNavigate();
 *   goToPromotionPayment(navigate, { kind: "groupbuy", groupbuy_id, sku_id, num }, isMember);
 *
 * (or <Link to={promotionPaymentPath(data)}>). A guest goes to login first and comes back to the
 * payment page (the SPEC guard's redirect, without the round trip through the guarded loader).
 * The payment route reads the query back with paymentBodyOf(kind, query); the server checks
 * everything again (limits, stock, dates), so the query is only a wish.
 */
import type { NavigateFunction } from "react-router";
import { loginUrl } from "../../lib/auth.ts";

/** The promotion checkouts, named as their routes: /promotion/{kind}/payment. */
export const PROMOTION_CHECKOUT_KINDS = ["seckill", "groupbuy", "combo"] as const;
export type PromotionCheckoutKind = (typeof PROMOTION_CHECKOUT_KINDS)[number];

export type SeckillOrderCreateData = { kind: "seckill"; seckill_id: number; sku_id: number; num: number };
export type GroupbuyOrderCreateData = { kind: "groupbuy"; groupbuy_id: number; sku_id: number; num: number };
/** A combo (bundling package): the SKU picked for each of its goods; num = packages. */
export type ComboOrderCreateData = { kind: "combo"; bl_id: number; sku_ids: number[]; num: number };

export type OrderCreateData = SeckillOrderCreateData | GroupbuyOrderCreateData | ComboOrderCreateData;

/** The payment page's app path (no /web basename) carrying the order-create data. */
export function promotionPaymentPath(data: OrderCreateData): string {
  const query = new URLSearchParams();
  if (data.kind === "seckill") query.set("seckill_id", String(data.seckill_id));
  else if (data.kind === "groupbuy") query.set("groupbuy_id", String(data.groupbuy_id));
  else query.set("bl_id", String(data.bl_id));
  if (data.kind === "combo") query.set("sku_ids", data.sku_ids.join(","));
  else query.set("sku_id", String(data.sku_id));
  query.set("num", String(data.num));
  // Commas of sku_ids stay readable.
  return `/promotion/${data.kind}/payment?${query.toString().replace(/%2C/g, ",")}`;
}

/** Where 立即抢购 / 立即购买 leads: the payment page, or login and back to it for a guest. */
export function promotionBuyPath(data: OrderCreateData, isMember: boolean): string {
  const path = promotionPaymentPath(data);
  return isMember ? path : loginUrl(path);
}

export function goToPromotionPayment(navigate: NavigateFunction, data: OrderCreateData, isMember = true): void {
  void navigate(promotionBuyPath(data, isMember));
}

/** The body of /{prefix}/ordercreate/payment of each kind (strings: the contract coerces and checks them). */
export type PaymentBodyOf = {
  seckill: { seckill_id: string; sku_id: string; num: string };
  groupbuy: { groupbuy_id: string; sku_id: string; num: string };
  combo: { bl_id: string; sku_ids?: string; num: string };
};

/**
 * The payment body in the page's query, or null when the query lacks the promotion or its SKU
 * (the page then says there is nothing to check out). num defaults to 1.
 */
export function paymentBodyOf<K extends PromotionCheckoutKind>(kind: K, query: URLSearchParams): PaymentBodyOf[K] | null {
  const num = query.get("num") || "1";
  const get = (name: string) => query.get(name)?.trim() || "";
  if (kind === "seckill") {
    const seckillId = get("seckill_id");
    const skuId = get("sku_id");
    return seckillId && skuId ? ({ seckill_id: seckillId, sku_id: skuId, num } as PaymentBodyOf[K]) : null;
  }
  if (kind === "groupbuy") {
    const groupbuyId = get("groupbuy_id");
    const skuId = get("sku_id");
    return groupbuyId && skuId ? ({ groupbuy_id: groupbuyId, sku_id: skuId, num } as PaymentBodyOf[K]) : null;
  }
  const blId = get("bl_id");
  const skuIds = get("sku_ids");
  // sku_ids may be absent: the server then picks each goods' SKU.
  return blId ? ({ bl_id: blId, ...(skuIds ? { sku_ids: skuIds } : {}), num } as PaymentBodyOf[K]) : null;
}
