import { z } from "zod";
import { endpoint, id, noBody, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import type { ReceiverFields } from "./address.ts";
import type { RefundAction } from "./refund.ts";
import type { OrderEvaluateLine } from "./evaluate.ts";
import type { OrderVerifyState } from "./verify.ts";
import type { OrderPromotionType } from "./promotion.ts";
import { cents, MAX_CENTS, ZERO_CENTS } from "../money.ts";
import { yuanInput } from "../money-input.ts";

/**
 * Orders: the member's calls (/api/order/…) and the staff's (/shopapi/order/…). Money is a string
 * with two decimals ("99.00"); times are unix seconds (0 = not yet). Statuses (reference "Checkout,
 * orders, pay"): 0 待支付, 1 待发货, 2 待提货, 3 已发货, 4 已收货/已提货, 10 已完成, 11 待使用,
 * 12 已使用, -1 已关闭.
 */

/** The list tabs: 全部, 待付款 (0), 待发货 (1), 待收货 (2 待提货, 3 已发货), 待使用 (11), 待评价 (4, 10 not evaluated). */
export const ORDER_LIST_FILTERS = ["all", "waitpay", "waitsend", "waitconfirm", "wait_use", "waitrate"] as const;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];

/** What a member may do with an order now (reference: "Member actions per status"). */
export type OrderActionName = "orderPay" | "orderClose" | "memberTakeDelivery" | "trace" | "memberOrderEvaluation" | "orderDelete";

export interface OrderAction {
  action: OrderActionName;
  /** the button's text */
  title: string;
  /** "primary" for the action the shopper most likely wants, "" otherwise */
  color: string;
}

export interface OrderGoods {
  order_goods_id: number;
  goods_id: number;
  sku_id: number;
  sku_name: string;
  sku_image: string;
  goods_name: string;
  spec_name: string;
  /** unit price paid */
  price: string;
  num: number;
  goods_money: string;
  /** 0 none; see the reference's refund statuses */
  refund_status: number;
  refund_status_name: string;
  /** what the member may do with this line's refund now (申请退款, 查看退款…; see domains/refund.ts) */
  refund_action: RefundAction[];
  /** refunded so far for this line ("0.00" when nothing) */
  refund_real_money: string;
  /** 0 not shipped, 1 shipped */
  delivery_status: number;
  delivery_status_name: string;
}

/** One order in /api/order/lists (SPEC §3: order_name, order_status_name, delivery_type_name, order_money, order_goods[{sku_image}]). */
export interface OrderListItem {
  order_id: number;
  order_no: string;
  /** the trade currently paying this order: /pay?code=… while it is unpaid */
  out_trade_no: string;
  order_name: string;
  /** 1 express, 2 pickup, 3 local delivery, 4 virtual */
  order_type: number;
  order_type_name: string;
  order_status: number;
  order_status_name: string;
  /** express | store | local | virtual */
  delivery_type: string;
  delivery_type_name: string;
  goods_money: string;
  delivery_money: string;
  order_money: string;
  pay_money: string;
  goods_num: number;
  create_time: number;
  pay_time: number;
  /** when an unpaid order closes by itself */
  auto_close_time: number;
  /** 0 not evaluated, 1 evaluated, 2 evaluated again */
  is_evaluate: number;
  /** the promotion the order was bought at: "" ordinary, seckill | groupbuy | bundling */
  promotion_type: OrderPromotionType;
  /** 秒杀 | 团购 | 组合套餐, "" for an ordinary order */
  promotion_type_name: string;
  /** the seckill_id / groupbuy_id / bl_id, 0 for an ordinary order */
  promotion_id: number;
  order_goods: OrderGoods[];
  action: OrderAction[];
}

export interface OrderListPage extends Page<OrderListItem> {
  /** minutes an unpaid order stays open (order_config.auto_close_minutes) */
  auto_close: number;
}

/** One line of the status timeline (order_log). */
export interface OrderLogEntry {
  action: string;
  action_name: string;
  from_status: number;
  to_status: number;
  /** the status reached, by name */
  status_name: string;
  /** member | staff | system */
  actor_type: string;
  /** for members: 买家 / 商家 / 系统; for staff: the actor's own name */
  actor_name: string;
  remark: string;
  create_time: number;
}

export interface TraceEntry {
  time: number;
  remark: string;
}

/** What the logistics provider knows of a package: success false with a reason when it cannot say. */
export interface PackageTrace {
  success: boolean;
  reason: string;
  /** latest first */
  list: TraceEntry[];
}

export interface OrderPackage {
  package_id: number;
  package_name: string;
  /** 1 by express, 0 no logistics needed (无需物流) */
  delivery_type: number;
  express_company_id: number;
  express_company_name: string;
  delivery_no: string;
  delivery_time: number;
  goods_list: Array<Pick<OrderGoods, "order_goods_id" | "sku_id" | "sku_name" | "sku_image" | "num">>;
  trace: PackageTrace;
}

/** The pickup store as it was when the order was placed. */
export interface OrderStoreInfo {
  store_id: number;
  store_name: string;
  address: string;
  telephone: string;
  open_date: string;
}

/** The receiver's fields are the address's (empty for pickup and virtual orders). */
export interface OrderDetail extends OrderListItem, ReceiverFields, OrderVerifyState {
  buyer_message: string;
  buyer_ask_delivery_time: string;
  delivery_store_id: number;
  delivery_store_name: string;
  delivery_store_info: OrderStoreInfo | null;
  /** pickup / virtual orders once paid: the code staff verify; "" otherwise */
  verify_code: string;
  /** the verification code as a QR code image (data: URL of an SVG), "" without a code */
  verify_code_qrcode: string;
  pay_type: string;
  pay_type_name: string;
  promotion_money: string;
  coupon_money: string;
  point_money: string;
  balance_money: string;
  /** staff price adjustment before payment, signed ("-5.00") */
  adjust_money: string;
  invoice_money: string;
  /** points used */
  point: number;
  is_invoice: number;
  invoice_type: number;
  invoice_title: string;
  taxpayer_number: string;
  invoice_content: string;
  delivery_time: number;
  sign_time: number;
  finish_time: number;
  close_time: number;
  close_cause: string;
  /** oldest first */
  order_log: OrderLogEntry[];
  package_list: OrderPackage[];
}

export interface OrderCounts {
  waitpay: number;
  waitsend: number;
  waitconfirm: number;
  wait_use: number;
  waitrate: number;
  /** lines with a refund in progress (statuses 1 2 4 5 6): the 退款/售后 badge */
  refunding: number;
}

export interface OrderEvaluateInfo {
  /** 0 not evaluated yet, 1 evaluated, 2 evaluated again */
  evaluate_status: number;
  /** 0: the lines that may be evaluated; 1, 2: the evaluated lines, each with its evaluation */
  list: OrderEvaluateLine[];
  /** ours: the order, for the page's title and its way back */
  order_id: number;
  order_no: string;
  order_type: number;
  /** ours: the follow-up may be written until then (0 before the first evaluation) */
  again_end_time: number;
  /** ours: 1 when new evaluations wait for the shop's review before they are shown */
  evaluate_audit: number;
}

// ---- staff ------------------------------------------------------------------------------

export interface StaffOrderListItem extends OrderListItem {
  member_id: number;
  /** the member's username (or mobile) and nickname */
  member_username: string;
  member_nickname: string;
  /** receiver */
  name: string;
  mobile: string;
  pay_type: string;
}

export interface StaffOrderDetail extends OrderDetail {
  /** the shop's remark (卖家备注), "" when none */
  remark: string;
  member_id: number;
  member_username: string;
  member_nickname: string;
}

export interface ExpressCompany {
  company_id: number;
  company_name: string;
  code: string;
}

const orderId = { order_id: id };
const searchText = text(50).default("");
const unixTime = z.coerce.number().int().min(0).max(4_102_444_800);
/** A money amount in yuan on the wire: "12.50" (signed when `signed`); parsed exactly by the server. */
const traceEntry = z.object({
  /** default: the time of shipping */
  time: unixTime.optional(),
  remark: z.string({ error: "请填写物流信息" }).trim().min(1, "请填写物流信息").max(200),
});

const shipPackage = z.object({
  /** 1 by express (company + number), 0 no logistics needed */
  delivery_type: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)])).default(1),
  /** 0 (the default) = not chosen; bounded like every id, so an oversized one is -10006, not a database error */
  express_company_id: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  delivery_no: z.string().trim().max(50).default(""),
  order_goods_ids: z.array(id, { error: "请选择要发货的商品" }).min(1, "请选择要发货的商品").max(200),
  /** the first entries of the package's trace (e.g. 已揽件) */
  trace: z.array(traceEntry).max(20).default([]),
});
export type ShipPackageInput = z.output<typeof shipPackage>;

export const orderEndpoints = {
  // ---- member ----
  "/api/order/lists": endpoint<OrderListPage>()(
    z.object({
      ...paging,
      order_status: z.enum(ORDER_LIST_FILTERS, { error: "订单状态无效" }).default("all"),
      /** goods name or order number */
      searchText,
    }),
  ),
  "/api/order/detail": endpoint<OrderDetail>()(z.object(orderId)),
  /** the member cancels an unpaid order */
  "/api/order/close": endpoint<null>()(z.object({ ...orderId, reason: text(100).default("") })),
  "/api/order/takedelivery": endpoint<null>()(z.object(orderId)),
  /** closed orders only: hidden from the member's lists from then on */
  "/api/order/delete": endpoint<null>()(z.object(orderId)),
  "/api/order/package": endpoint<OrderPackage[]>()(z.object(orderId)),
  "/api/order/num": endpoint<OrderCounts>()(noBody),
  "/api/order/evluateinfo": endpoint<OrderEvaluateInfo>()(z.object(orderId)),

  // ---- staff ----
  // "/shopapi/order/lists" with its filters: admin-order.ts
  "/shopapi/order/detail": endpoint<StaffOrderDetail>()(z.object(orderId)),
  "/shopapi/order/delivery": endpoint<{ package_ids: number[]; order_status: number }>()(
    z.object({ ...orderId, packages: z.array(shipPackage, { error: "请填写发货包裹" }).min(1, "请填写发货包裹").max(20) }),
  ),
  /** before payment: change the goods money by adjust_money (signed) and set the delivery money */
  "/shopapi/order/adjustprice": endpoint<{ pay_money: string; out_trade_no: string }>()(
    z.object({ ...orderId, adjust_money: yuanInput({ min: cents(-MAX_CENTS) }).default(ZERO_CENTS), delivery_money: yuanInput().optional() }),
  ),
  "/shopapi/order/close": endpoint<null>()(z.object({ ...orderId, reason: text(100).default("") })),
  /** a pickup or virtual order's verification code */
  "/shopapi/order/verify": endpoint<{ order_id: number; order_no: string; order_status: number; order_status_name: string }>()(
    z.object({ verify_code: z.string({ error: "请输入核销码" }).trim().min(1, "请输入核销码").max(32) }),
  ),
  "/shopapi/express/companies": endpoint<ExpressCompany[]>()(noBody),
};
