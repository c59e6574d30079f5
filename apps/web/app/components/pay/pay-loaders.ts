import { redirect, type AppLoadContext } from "react-router";
import { Code, PAY_STATUS, type PayInfo, type PayMethod } from "@shop/contract";
import { requireMember } from "../../lib/auth.ts";
import { loadOrClose, redirectIfClosed } from "../../lib/site-closed.ts";
import { cashierPath, resultPath } from "./pay-paths.ts";

/** The loaders of the four payment pages (guarded: a guest goes to login and comes back). */
interface LoaderArgs {
  request: Request;
  context: AppLoadContext;
}

/** A page that cannot go on (unknown or invalid trade): why, with links to the orders. */
export interface PayUnavailableData {
  state: "unavailable";
  message: string;
}

export type CashierData = { state: "ready"; info: PayInfo; methods: PayMethod[] } | PayUnavailableData;
export type ResultData = { state: "ready"; info: PayInfo } | PayUnavailableData;

const unavailable = (message: string): PayUnavailableData => ({ state: "unavailable", message });

/** The trade of `?code=`, or why there is none. */
async function loadTrade(args: LoaderArgs, code: string): Promise<PayInfo | PayUnavailableData> {
  if (!code) return unavailable("缺少支付单号，请从订单列表发起支付");
  const envelope = await args.context.api.raw("/api/pay/info", { out_trade_no: code });
  redirectIfClosed(envelope, args.request);
  if (envelope.code !== Code.SUCCESS || !envelope.data) return unavailable(envelope.message || "支付单不存在");
  return envelope.data;
}

/**
 * /pay?code= and /pay/payAll?code= (or ?order_ids=1,2, which first asks for the merged trade and
 * moves to its code). A paid trade goes to its result page; a trade cancelled while its orders still
 * wait for payment (the shopper switched method elsewhere) is replaced by the orders' current one.
 */
export async function loadCashier(args: LoaderArgs, merged: boolean): Promise<CashierData> {
  await loadOrClose(args.request, requireMember(args));
  const params = new URL(args.request.url).searchParams;
  const code = params.get("code") ?? "";
  const orderIds = params.get("order_ids") ?? "";
  if (merged && !code && orderIds) {
    const trade = await args.context.api.raw("/api/order/pay", { order_ids: orderIds });
    redirectIfClosed(trade, args.request);
    if (trade.code !== Code.SUCCESS || !trade.data) return unavailable(trade.message || "订单无法支付");
    throw redirect(cashierPath(trade.data, true));
  }
  const [info, types] = await Promise.all([loadTrade(args, code), args.context.api.raw("/api/pay/type")]);
  if ("state" in info) return info;
  if (info.pay_status === PAY_STATUS.PAID) throw redirect(resultPath(info.out_trade_no, merged));
  const methods = types.code === Code.SUCCESS && types.data ? types.data.list : [];
  if (info.trade_kind === "recharge") {
    if (info.recharge?.status !== 0 || info.pay_status === PAY_STATUS.CANCELLED) return unavailable("该充值订单已关闭，请重新选择充值套餐");
    // Balance cannot buy balance: the gateways only.
    return { state: "ready", info, methods: methods.filter((method) => method.name !== "balance") };
  }
  const waiting = info.orders.filter((order) => order.order_status === 0);
  if (info.pay_status === PAY_STATUS.CANCELLED && waiting.length === info.orders.length && waiting.length > 0) {
    const current = await args.context.api.raw("/api/order/pay", { order_ids: info.order_ids.join(",") });
    if (current.code === Code.SUCCESS && current.data) throw redirect(cashierPath(current.data, merged));
  }
  if (info.pay_status === PAY_STATUS.CANCELLED || waiting.length !== info.orders.length) {
    return unavailable("该支付单已失效：订单已关闭或已支付，请到订单列表查看");
  }
  return { state: "ready", info, methods };
}

/** /pay/result?code= and /pay/resultall?code=. */
export async function loadResult(args: LoaderArgs): Promise<ResultData> {
  await loadOrClose(args.request, requireMember(args));
  const info = await loadTrade(args, new URL(args.request.url).searchParams.get("code") ?? "");
  return "state" in info ? info : { state: "ready", info };
}
