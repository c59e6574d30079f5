import { z } from "zod";
import { endpoint, id, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { yuanInput } from "../money-input.ts";
import { cents } from "../money.ts";

/**
 * Recharge (issue 10; reference addon memberrecharge): packages staff offer — a face value credited
 * to the balance, the price paid, bonus points, growth and coupons — and the member's recharge
 * orders. Creating an order opens a trade of kind "recharge" (out_trade_no) that the cashier
 * (/pay?code=) collects through a gateway — never by balance; when the gateway's payment is settled
 * the face value is credited and the bonuses given, once. Unpaid orders close after the orders'
 * payment time limit. Money is a string with two decimals; times are unix seconds (0 = not yet).
 * Docs: docs/api/recharge.md; decision: docs/adr/0017-recharge-trades.md.
 */

/** A recharge order's status: 0 待支付, 1 已支付 (credited), -1 已关闭 (not paid in time). */
export const RECHARGE_ORDER_STATUS = { CLOSED: -1, WAIT_PAY: 0, PAID: 1 } as const;
export const RECHARGE_ORDER_STATUS_NAMES: Readonly<Record<number, string>> = { [-1]: "已关闭", 0: "待支付", 1: "已支付" };
export const rechargeOrderStatusName = (status: number): string => RECHARGE_ORDER_STATUS_NAMES[status] ?? "";

/** The member's list filter (/memberrecharge/api/order/page status): all, or one status. */
export const RECHARGE_ORDER_FILTERS = ["all", "0", "1", "-1"] as const;
export type RechargeOrderFilter = (typeof RECHARGE_ORDER_FILTERS)[number];

/** A package's status: 1 offered, 0 withdrawn (kept for its orders). */
export const RECHARGE_PACKAGE_STATUS = { OFF: 0, ON: 1 } as const;

/** How many coupon types one package may give. */
export const MAX_RECHARGE_COUPONS = 5;

/** A coupon a package gives, as the pages show it. */
export interface RechargeCoupon {
  coupon_type_id: number;
  coupon_name: string;
  /** "满100减20", "9折" … ("" when the coupon type no longer exists) */
  coupon_desc: string;
}

/** A recharge package (/memberrecharge/api/memberrecharge/page|info). */
export interface RechargePackage {
  recharge_id: number;
  recharge_name: string;
  /** credited to the balance */
  face_value: string;
  /** what the member pays */
  buy_price: string;
  /** bonus points and growth */
  point: number;
  growth: number;
  /** bonus coupon types, comma-separated as the reference ("" for none) */
  coupon_id: string;
  coupon_list: RechargeCoupon[];
  /** paid orders of it */
  sale_num: number;
  /** 1 offered, 0 withdrawn */
  status: number;
  sort: number;
  create_time: number;
}

/** A recharge order as the member and staff see it. */
export interface RechargeOrder {
  order_id: number;
  order_no: string;
  /** the trade paying it: the cashier is /pay?code={out_trade_no} */
  out_trade_no: string;
  recharge_id: number;
  recharge_name: string;
  face_value: string;
  buy_price: string;
  point: number;
  growth: number;
  coupon_id: string;
  coupon_list: RechargeCoupon[];
  /** 0 待支付, 1 已支付, -1 已关闭 */
  status: number;
  status_name: string;
  /** the method that paid it ("" until paid) */
  pay_type: string;
  pay_type_name: string;
  create_time: number;
  pay_time: number;
  close_time: number;
  /** an unpaid order closes by itself then (0 once paid or closed) */
  auto_close_time: number;
}

/** A recharge order in the staff list: with its member. */
export interface StaffRechargeOrder extends RechargeOrder {
  member_id: number;
  username: string;
  nickname: string;
  mobile: string;
}

// ---- request fields -------------------------------------------------------------------------

const rechargeId = { recharge_id: id };

/** A whole number of points or growth, 0–1,000,000. */
const bonusCount = (label: string) =>
  z.coerce.number({ error: `请填写${label}` }).int(`${label}须为整数`).min(0, `${label}不能为负数`).max(1_000_000, `${label}不能超过 1000000`);

/** Coupon type ids as an array or the reference's comma-separated string; "" or none = no coupon. */
const couponIds = z.preprocess(
  (value) => (value === undefined || value === null ? [] : typeof value === "string" ? value.split(",").map((part) => part.trim()).filter((part) => part !== "") : typeof value === "number" ? [value] : value),
  z.array(id, { error: "优惠券无效" }).max(MAX_RECHARGE_COUPONS, `最多赠送 ${MAX_RECHARGE_COUPONS} 种优惠券`),
);

/** The most one recharge may credit or cost: ¥50,000.00. */
export const MAX_RECHARGE_CENTS = 5_000_000;

const rechargeMoney = (label: string) =>
  yuanInput({ min: cents(1) }).refine((amount) => amount <= MAX_RECHARGE_CENTS, `${label}不能超过 50000 元`);

const packageStatus = z.coerce.number({ error: "状态无效" }).int("状态无效").pipe(z.union([z.literal(0), z.literal(1)], { error: "状态无效" }));

/** The fields staff set on a package (add, edit). */
const packageFields = {
  recharge_name: z.string({ error: "请填写套餐名称" }).trim().min(1, "请填写套餐名称").max(30, "套餐名称最多30个字"),
  face_value: rechargeMoney("面值"),
  buy_price: rechargeMoney("售价"),
  point: bonusCount("赠送积分").default(0),
  growth: bonusCount("赠送成长值").default(0),
  coupon_id: couponIds.default([]),
  sort: z.coerce.number({ error: "排序须为整数" }).int("排序须为整数").min(0, "排序不能为负数").max(9999, "排序不能超过 9999").default(0),
  status: packageStatus.default(1),
};

/** A package never sells the balance for more than it credits. */
const priceWithinFaceValue = (body: { buy_price: number; face_value: number }) => body.buy_price <= body.face_value;
const PRICE_ABOVE_FACE_VALUE = { message: "售价不能高于面值", path: ["buy_price"] };

export const rechargePackageBody = z.object(packageFields).refine(priceWithinFaceValue, PRICE_ABOVE_FACE_VALUE);
export type RechargePackageInput = z.output<typeof rechargePackageBody>;

const orderFilter = z.enum(RECHARGE_ORDER_FILTERS, { error: "状态无效" });

export const rechargeEndpoints = {
  // ---- members ----
  /** the packages offered now, by sort then id (public: shop information) */
  "/memberrecharge/api/memberrecharge/page": endpoint<Page<RechargePackage>>()(z.object({ ...paging })),
  /** one offered package; a withdrawn or unknown one is -1 充值套餐不存在 */
  "/memberrecharge/api/memberrecharge/info": endpoint<RechargePackage>()(z.object(rechargeId)),
  /** a recharge order of an offered package → the out_trade_no of its trade (the cashier's code) */
  "/memberrecharge/api/ordercreate/create": endpoint<string>()(z.object(rechargeId)),
  /** the member's recharge orders, newest first */
  "/memberrecharge/api/order/page": endpoint<Page<RechargeOrder>>()(z.object({ ...paging, status: orderFilter.default("all") })),
  /** one of the member's recharge orders (another member's is -1 充值订单不存在) */
  "/memberrecharge/api/order/detail": endpoint<RechargeOrder>()(z.object({ order_id: id })),

  // ---- staff ----
  /** every package, withdrawn ones too (member.manage) */
  "/shopapi/memberrecharge/lists": endpoint<Page<RechargePackage>>()(
    z.object({ ...paging, status: z.enum(["all", "0", "1"], { error: "状态无效" }).default("all") }),
  ),
  /** a new package (member.manage) → its id */
  "/shopapi/memberrecharge/add": endpoint<{ recharge_id: number }>()(rechargePackageBody),
  /** changes a package; orders keep what they were bought with (member.manage) */
  "/shopapi/memberrecharge/edit": endpoint<{ recharge_id: number }>()(z.object({ ...rechargeId, ...packageFields }).refine(priceWithinFaceValue, PRICE_ABOVE_FACE_VALUE)),
  /** offers (1) or withdraws (0) a package (member.manage) */
  "/shopapi/memberrecharge/setstatus": endpoint<{ recharge_id: number }>()(
    z.object({ ...rechargeId, status: packageStatus }),
  ),
  /** every member's recharge orders, newest first; search by order number or the member's username / nickname / mobile (order.view) */
  "/shopapi/memberrecharge/orderlists": endpoint<Page<StaffRechargeOrder>>()(
    z.object({ ...paging, status: orderFilter.default("all"), search: text(50).default("") }),
  ),
};
