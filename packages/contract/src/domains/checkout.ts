import { z } from "zod";
import { endpoint, id, text } from "../endpoint.ts";
import type { StoreItem } from "./store.ts";
import type { ReceiverFields } from "./address.ts";
import type { CouponKind } from "./coupon.ts";
import type { CheckoutPromotion } from "./promotion.ts";

/**
 * Checkout (/order/payment): payment → calculate (on every change) → create. The server keeps what
 * is being bought under an `order_key` and recomputes every amount from the database on each call;
 * amounts are strings with two decimals. See docs/api/checkout.md.
 */

/** Delivery types: express, pickup at a store, local delivery (同城配送). Virtual goods have none. */
export const DELIVERY_TYPES = ["express", "store", "local"] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** The longest buyer message (买家留言), in characters. */
export const BUYER_MESSAGE_MAX = 100;

/** Invoice kinds: 1 paper (纸质发票), 2 electronic (电子发票); titles: 1 personal (个人), 2 company (企业). */
export const INVOICE_TYPES = { paper: 1, electronic: 2 } as const;
export const INVOICE_TITLE_TYPES = { personal: 1, company: 2 } as const;

/** One line of the order as the server priced it. */
export interface CheckoutGoodsLine {
  /** 0 for buy-now */
  cart_id: number;
  sku_id: number;
  goods_id: number;
  sku_name: string;
  goods_name: string;
  sku_image: string;
  spec_name: string;
  /** 1 physical, 2 virtual */
  goods_class: number;
  num: number;
  /** the unit price the member pays: the lower of discount price and member price */
  price: string;
  discount_price: string;
  member_price: string;
  /** price × num */
  goods_money: string;
  stock: number;
  unit: string;
  is_free_shipping: number;
}

/** A pickup store with its opening hours ("09:00-21:00"). */
export type CheckoutStore = Pick<StoreItem, "store_id" | "store_name" | "telphone" | "full_address" | "open_date" | "longitude" | "latitude">;

/** One delivery option: name express | store | local, its Chinese title, and the stores for pickup. */
export interface DeliveryOption {
  name: DeliveryType;
  title: string;
  /** stores open for pickup (empty for other types) */
  store_list: CheckoutStore[];
}

/** The address an order goes to (a member's saved address). */
export interface CheckoutAddress extends ReceiverFields {
  id: number;
  is_default: number;
}

export interface CheckoutMemberAccount {
  /** the member's balance, "500.00" */
  balance_total: string;
  /** 1 when the member set a pay password: create must carry it when balance is used */
  is_pay_password: 0 | 1;
  /** the member's points */
  point: number;
}

export interface CheckoutPointConfig {
  is_enable: number;
  /** points worth ¥1.00 */
  points_per_yuan: number;
  /** at most this percent of the goods money is paid with points */
  max_percent: number;
}

export interface CheckoutInvoiceConfig {
  is_enable: number;
  /** tax added to the order: invoice_money = rate_percent% × goods money */
  rate_percent: number;
  /** invoice types offered: 1 paper, 2 electronic */
  types: Array<{ value: number; name: string }>;
  /** content options, e.g. ["商品明细", "商品类别"] */
  contents: string[];
}

export interface LocalDeliveryInfo {
  /** the city served (GB/T 2260 code) */
  city_id: number;
  /** km from the shop; 0 = the whole city */
  range_km: number;
  fee: string;
  /** minimum goods money */
  start_money: string;
  /** free from this goods money ("0.00" = never) */
  free_above: string;
}

/** /api/ordercreate/payment: the order preview. */
export interface OrderPaymentPreview {
  order_key: string;
  /** unix seconds: calculate/create answer "expired" after it */
  expire_time: number;
  /** 1 when every goods is virtual: no address, no delivery, a verification code after payment */
  is_virtual: 0 | 1;
  goods_list: CheckoutGoodsLine[];
  goods_num: number;
  goods_money: string;
  delivery: {
    /** the delivery types offered (empty for virtual goods) */
    express_type: DeliveryOption[];
    /** pickup dates offered ("YYYY-MM-DD", shop time), today first */
    pickup_days: string[];
    local: LocalDeliveryInfo | null;
    /** express: free shipping from this goods money ("0.00" = never) */
    free_shipping_above: string;
  };
  /** the member's default address (else the newest), null when there is none */
  member_address: CheckoutAddress | null;
  member_account: CheckoutMemberAccount;
  point_config: CheckoutPointConfig;
  invoice: CheckoutInvoiceConfig;
  buyer_message_max: number;
  /** a promotion checkout (/seckill/api/ordercreate/payment …): its kind and rules; absent otherwise */
  promotion?: CheckoutPromotion;
}

/** /api/ordercreate/calculate: the amounts, recomputed by the server. */
export interface OrderCalculation {
  order_key: string;
  is_virtual: 0 | 1;
  /** 1 express, 2 pickup, 3 local delivery, 4 virtual */
  order_type: number;
  delivery_type: DeliveryType | "virtual";
  goods_list: CheckoutGoodsLine[];
  goods_num: number;
  goods_money: string;
  delivery_money: string;
  /** what the applied coupon takes off (its saving on these goods) */
  coupon_money: string;
  /** the coupon applied, 0 when none (with coupon {coupon_id: "best"}: the one the server picked) */
  coupon_id: number;
  coupon_name: string;
  promotion_money: string;
  point_money: string;
  balance_money: string;
  invoice_money: string;
  /** goods + delivery + invoice − promotion − coupon − points */
  order_money: string;
  /** order_money − balance: what the shopper still pays */
  pay_money: string;
  /** the most points this order can use (rate, cap and the member's points) */
  max_usable_point: number;
  /** points used (is_point = 1), else 0 */
  use_point: number;
  member_address: CheckoutAddress | null;
  delivery_store: CheckoutStore | null;
  member_account: CheckoutMemberAccount;
  /** 1 when create must carry pay_password (balance used and a pay password set) */
  need_pay_password: 0 | 1;
  /**
   * "" when the order can be created; else why not yet, in Chinese (请选择收货地址, 请选择提货时间,
   * 发票抬头不能为空 …). create refuses with the same message.
   */
  submit_blocked_reason: string;
  /** a promotion checkout: its kind and rules; absent otherwise */
  promotion?: CheckoutPromotion;
}

/** A coupon usable on this order (/api/ordercreate/getcouponlist), with what it saves here. */
export interface CheckoutCoupon {
  coupon_id: number;
  coupon_type_id: number;
  coupon_name: string;
  /** reward 满减 | discount 折扣 */
  type: CouponKind;
  type_name: string;
  money: string;
  /** 折扣: "8.5"; "0" for 满减 */
  discount: string;
  discount_limit: string;
  at_least: string;
  goods_type_name: string;
  start_time: number;
  end_time: number;
  /** what it takes off this order's goods ("20.00") */
  saving: string;
  /** 1 for the coupon saving the most (the one pre-selected), else 0 */
  is_best: 0 | 1;
}

/**
 * The coupon choice of calculate and create: {coupon_id: n} uses the member's coupon n, 0 or {}
 * none, "best" the one saving the most (the checkout page's first calculation). A bare id is taken
 * as {coupon_id: id}.
 */
export const couponChoice = z.object({
  coupon_id: z
    .union([z.literal("best"), z.coerce.number({ error: "参数 coupon 格式不正确" }).int("参数 coupon 格式不正确").min(0, "参数 coupon 格式不正确").max(2_147_483_647, "参数 coupon 格式不正确")])
    .default(0),
});

// ---- bodies ----------------------------------------------------------------------------------

/** 0 | 1, also sent as "0" / "1" / booleans. */
const flag = z.coerce.number().int().min(0).max(1).default(0);

/** A bare coupon id (12, "12", "best") as the object the schema takes. */
const bareCouponId = (value: unknown): unknown =>
  typeof value === "number" || (typeof value === "string" && /^(\d{1,10}|best)$/.test(value.trim())) ? { coupon_id: typeof value === "string" ? value.trim() : value } : value;

/** Longest JSON text accepted for the fields that may come as JSON strings. */
const MAX_JSON_TEXT = 2000;

/**
 * The reference sends some fields as JSON strings (delivery, member_address); an object is accepted
 * as well. "" and "null" mean "not given". A string that is not JSON fails the object schema (-10006).
 */
const jsonOrObject = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== "string") return value;
    if (value.trim() === "") return undefined;
    if (value.length > MAX_JSON_TEXT) return value;
    try {
      return JSON.parse(value) ?? undefined;
    } catch {
      return value;
    }
  }, schema.optional());

/** "1,2,3" (as the cart sends it) or [1, 2, 3]; at most 100 lines. */
const cartIds = z
  .union([z.string().trim().regex(/^\d{1,10}(,\d{1,10}){0,99}$/), z.array(id).min(1).max(100)])
  .transform((value) => (typeof value === "string" ? value.split(",").map(Number) : value))
  .refine((ids) => ids.every((cartId) => cartId > 0 && cartId <= 2_147_483_647), "参数 cart_ids 格式不正确");

/** `sku_id` + `num` (buy now) or `cart_ids`. */
export const checkoutSourceBody = z
  .object({
    sku_id: id.optional(),
    num: z.coerce.number().int().min(1).max(9999).optional(),
    cart_ids: cartIds.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.cart_ids !== undefined) return;
    const missing = body.sku_id === undefined ? "sku_id" : body.num === undefined ? "num" : null;
    if (missing) ctx.addIssue({ code: "custom", message: `参数 ${missing} 不能为空`, path: [missing] });
  });

/** Pickup time "YYYY-MM-DD HH:mm" (shop time). */
export const PICKUP_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

export const deliveryChoice = z.object({
  delivery_type: z.enum(DELIVERY_TYPES),
  /** pickup: the store */
  store_id: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  /** pickup: "YYYY-MM-DD HH:mm" */
  buyer_ask_delivery_time: text(20).optional(),
});

export const addressChoice = z.object({ id });

const orderKey = z.string({ error: "参数 order_key 不能为空" }).trim().regex(/^[0-9a-f]{32}$/, "参数 order_key 格式不正确");

/** What calculate and create take: the shopper's choices. Amounts are never taken from the client. */
export const checkoutChoicesBody = z.object({
  order_key: orderKey,
  /** JSON string or object {delivery_type, store_id, buyer_ask_delivery_time}; omitted for virtual goods */
  delivery: jsonOrObject(deliveryChoice),
  /** JSON string or object {id} of one of the member's addresses; other fields are ignored */
  member_address: jsonOrObject(addressChoice),
  /** JSON string or object {coupon_id: n | "best"} (a bare id is {coupon_id: id}); omitted, "" or {} = no coupon */
  coupon: z.preprocess(bareCouponId, jsonOrObject(couponChoice)),
  is_balance: flag,
  is_point: flag,
  buyer_message: text(BUYER_MESSAGE_MAX).default(""),
  is_invoice: flag,
  invoice_type: z.coerce.number().int().min(0).max(2).default(0),
  invoice_title_type: z.coerce.number().int().min(0).max(2).default(0),
  invoice_title: text(100).default(""),
  taxpayer_number: text(20).default(""),
  invoice_content: text(50).default(""),
  invoice_email: text(100).default(""),
  invoice_full_address: text(200).default(""),
});

export const checkoutCreateBody = checkoutChoicesBody.extend({
  /** the pay password, needed when balance is used and the member has one */
  pay_password: z.string().max(64).default(""),
  /** the pay_money the shopper saw ("12.30"): when given and no longer right, create refuses */
  pay_money: z.string().trim().max(16).optional(),
});

export type CheckoutChoices = z.output<typeof checkoutChoicesBody>;

export const checkoutEndpoints = {
  /** The order preview of buy-now {sku_id, num} or of cart lines {cart_ids}; keeps them under order_key. Member only. */
  "/api/ordercreate/payment": endpoint<OrderPaymentPreview>()(checkoutSourceBody),
  /** The amounts for the shopper's choices, recomputed from the database. Member only. */
  "/api/ordercreate/calculate": endpoint<OrderCalculation>()(checkoutChoicesBody),
  /** Creates the order (stock taken, balance/points deducted, a trade opened) → out_trade_no. Member only. */
  "/api/ordercreate/create": endpoint<string>()(checkoutCreateBody),
  /** The member's coupons usable on this order, the best first, each with its saving. Member only. */
  "/api/ordercreate/getcouponlist": endpoint<CheckoutCoupon[]>()(z.object({ order_key: orderKey })),
};
