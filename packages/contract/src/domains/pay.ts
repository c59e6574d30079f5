import { z } from "zod";
import { endpoint, noBody, paging } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import type { RechargeOrder } from "./recharge.ts";

// Status codes and method names have no schema: the cashier and order pages use them in the browser.
export * from "./pay-status.ts";

// The cashier: a trade (out_trade_no) pays one or several orders; its states are in pay-status.ts.

/** One order paid by a trade, as the cashier summarises it. */
export interface PayOrderSummary {
  order_id: number;
  order_no: string;
  order_name: string;
  order_status: number;
  order_status_name: string;
  goods_num: number;
  pay_money: string;
  /** receiver and address ("" for pickup and virtual orders) */
  name: string;
  mobile: string;
  full_address: string;
  /** express | store | local | virtual */
  delivery_type: string;
  delivery_store_name: string;
  create_time: number;
  auto_close_time: number;
}

/** /api/pay/info */
export interface PayInfo {
  out_trade_no: string;
  /** what it pays: goods orders (`orders`), or a recharge order (`recharge`; no balance method) */
  trade_kind: "order" | "recharge";
  /** the recharge order of a recharge trade, else null */
  recharge: RechargeOrder | null;
  /** the method it is being (or was) paid with, "" before one was chosen */
  pay_type: string;
  pay_type_name: string;
  pay_money: string;
  pay_status: number;
  pay_body: string;
  pay_time: number;
  create_time: number;
  /** the first order (the reference's field) and all of them */
  order_id: number;
  order_ids: number[];
  /** when the first of its unpaid orders (or its unpaid recharge order) closes by itself (0: none) */
  auto_close_time: number;
  /** [] for a recharge trade */
  orders: PayOrderSummary[];
  /** what the balance method can take (cents of member.balance as "0.00") */
  member_balance: string;
  /** 1: the member set a pay password, which the balance method asks for */
  is_pay_password: 0 | 1;
}

export interface PayMethod {
  /** balance | sandbox | alipay | wechatpay */
  name: string;
  title: string;
}

/** /api/pay/type: the enabled methods, "balance,sandbox" as in the reference, and with titles. */
export interface PayTypes {
  pay_type: string;
  list: PayMethod[];
}

/**
 * /api/pay/pay: a page to open (sandbox gateway, Alipay) or a QR code to scan (WeChat Pay: a PNG
 * picture path, "upload/qrcode/pay-….png", shown like any picture); balance pays at once. `out_trade_no` is the trade to poll: a new one when the
 * shopper switched to another method (the old trade is cancelled).
 */
export type PayStart =
  | { type: "url"; data: string; out_trade_no: string }
  | { type: "qrcode"; qrcode: string; out_trade_no: string }
  | { type: "paid"; out_trade_no: string };

/** /api/pay/status */
export interface PayStatusInfo {
  out_trade_no: string;
  pay_status: number;
}

/** /shopapi/pay/refunds: trades paid after their orders closed, to be refunded by staff. */
export interface LatePayment {
  out_trade_no: string;
  member_id: number;
  pay_type: string;
  pay_type_name: string;
  pay_money: string;
  trade_no: string;
  pay_time: number;
  order_ids: number[];
  /** 1 to refund, 2 refunded */
  refund_status: number;
}

// ---- fields ---------------------------------------------------------------------------------

/** Our trade numbers are digits; a wider pattern still keeps junk out of queries and logs. */
export const outTradeNo = z.string().trim().min(1, "交易号不能为空").max(32).regex(/^[0-9A-Za-z_-]+$/, "交易号格式不正确");

/** "1,2,3" (as the reference sends it) or one number: at most 50 orders at a time. */
export const orderIdList = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^\d{1,10}(,\d{1,10}){0,49}$/, "订单编号格式不正确"))
  .transform((value) => [...new Set(value.split(",").map(Number))])
  .refine((ids) => ids.every((id) => id > 0 && id <= 2_147_483_647), "订单编号格式不正确");

const tradeOnly = z.object({ out_trade_no: outTradeNo });

export const payEndpoints = {
  "/api/pay/info": endpoint<PayInfo>()(tradeOnly),
  "/api/pay/type": endpoint<PayTypes>()(noBody),
  "/api/pay/pay": endpoint<PayStart>()(
    z.object({
      out_trade_no: outTradeNo,
      pay_type: z.string().trim().min(1, "请选择支付方式").max(20),
      /** where the gateway sends the shopper back: a path or URL of this shop, else /pay/result */
      return_url: z.string().trim().max(500).optional(),
      pay_password: z.string().max(64).optional(),
    }),
  ),
  "/api/pay/status": endpoint<PayStatusInfo>()(tradeOnly),
  /** Merged payment: a trade covering several unpaid orders of the member → its out_trade_no. */
  "/api/order/pay": endpoint<string>()(z.object({ order_ids: orderIdList })),
  "/shopapi/pay/refunds": endpoint<Page<LatePayment>>()(z.object({ ...paging })),
  /** Sends a late payment back through its method (a durable job); answers when it is queued. */
  "/shopapi/pay/refund": endpoint<null>()(tradeOnly),
};
