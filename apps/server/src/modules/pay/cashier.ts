import type { FastifyBaseLogger } from "fastify";
import type { PayInfo, PayStart, PayStatusInfo } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { BizError } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { orderStatusName, type Actor } from "../order/state-machine.ts";
import { BALANCE_METHOD, settleWithBalance } from "./balance.ts";
import { verifyPayPassword } from "../account/pay-password.ts";
import type { PayMethods } from "./methods.ts";
import type { PaymentUrls } from "./providers/provider.ts";
import { qrcodePicture } from "../site/qrcode-files.ts";
import { PayStatus, TradeKind, findMemberTrade, loadPayableOrders, sumPayMoney, tradeForOrders, tradeOrderIds, type TradeRow } from "./trade.ts";
import { payableRechargeOrder, rechargeOrderOfTrade } from "../recharge/orders.ts";

/**
 * The cashier's calls (/api/pay/*, /api/order/pay), all scoped to the member: a trade number of
 * another member is "交易不存在". Gateways are called outside any unit of work.
 */

export async function payInfo(db: Db, methods: PayMethods, memberId: number, outTradeNo: string): Promise<PayInfo> {
  const trade = await findMemberTrade(db, memberId, outTradeNo);
  const orderIds = tradeOrderIds(trade.order_ids);
  const recharge = trade.trade_kind === TradeKind.RECHARGE ? await rechargeOrderOfTrade(db, trade.out_trade_no) : null;
  const [orders, member] = await Promise.all([
    db
      .selectFrom("orders")
      .select([
        "order_id", "order_no", "order_name", "order_status", "order_type", "goods_num", "pay_money_cents", "name", "mobile",
        "full_address", "address", "delivery_type", "delivery_store_name", "create_time", "auto_close_time",
      ])
      .where("order_id", "in", orderIds.length ? orderIds : [0])
      .where("member_id", "=", memberId)
      .orderBy("order_id")
      .execute(),
    db.selectFrom("member").select(["balance_cents", "pay_password"]).where("member_id", "=", memberId).executeTakeFirstOrThrow(),
  ]);
  const closeTimes = orders.filter((order) => order.order_status === 0 && order.auto_close_time > 0).map((order) => order.auto_close_time);
  if (recharge?.auto_close_time) closeTimes.push(recharge.auto_close_time);
  return {
    out_trade_no: trade.out_trade_no,
    trade_kind: trade.trade_kind === TradeKind.RECHARGE ? TradeKind.RECHARGE : TradeKind.ORDER,
    recharge,
    pay_type: trade.pay_type,
    pay_type_name: trade.pay_type ? methods.titleOf(trade.pay_type) : "",
    pay_money: yuan(trade.pay_money_cents),
    pay_status: trade.pay_status,
    pay_body: trade.pay_body,
    pay_time: trade.pay_time,
    create_time: trade.create_time,
    order_id: orderIds[0] ?? 0,
    order_ids: orderIds,
    auto_close_time: closeTimes.length ? Math.min(...closeTimes) : 0,
    orders: orders.map((order) => ({
      order_id: order.order_id,
      order_no: order.order_no,
      order_name: order.order_name,
      order_status: order.order_status,
      order_status_name: orderStatusName(order.order_status, order.order_type),
      goods_num: order.goods_num,
      pay_money: yuan(order.pay_money_cents),
      name: order.name,
      mobile: order.mobile,
      full_address: [order.full_address, order.address].filter(Boolean).join(" "),
      delivery_type: order.delivery_type,
      delivery_store_name: order.delivery_store_name,
      create_time: order.create_time,
      auto_close_time: order.auto_close_time,
    })),
    member_balance: yuan(member.balance_cents),
    is_pay_password: member.pay_password ? 1 : 0,
  };
}

export async function payStatus(db: Db, memberId: number, outTradeNo: string): Promise<PayStatusInfo> {
  const trade = await findMemberTrade(db, memberId, outTradeNo);
  return { out_trade_no: trade.out_trade_no, pay_status: trade.pay_status };
}

/** /api/order/pay: one trade for several unpaid orders of the member (merged payment). */
export async function tradeForMemberOrders(db: Db, memberId: number, orderIds: number[]): Promise<string> {
  return unitOfWork(db, (tx) => tradeForOrders(tx, memberId, orderIds, { reuseOpen: true }));
}

interface PreparedTrade {
  outTradeNo: string;
  amountCents: number;
  subject: string;
  expireTime: number;
  alreadyPaid: boolean;
}

/**
 * The trade to collect with `method`: the asked one, marked PAYING with that method — or, when it is
 * already out with another method (or its orders' amount changed), a new trade for the same orders
 * (the old one is cancelled, so money still arriving for it is flagged for refund, never lost).
 */
async function prepareTrade(tx: Db, memberId: number, outTradeNo: string, method: string): Promise<PreparedTrade> {
  const asked = await findMemberTrade(tx, memberId, outTradeNo);
  if (asked.pay_status === PayStatus.PAID) return { outTradeNo, amountCents: asked.pay_money_cents, subject: asked.pay_body, expireTime: 0, alreadyPaid: true };
  if (asked.trade_kind === TradeKind.RECHARGE) return prepareRechargeTrade(tx, asked, method);
  if (asked.pay_status === PayStatus.CANCELLED) throw new BizError("该支付单已失效，请到订单列表重新支付", Code.ERROR);
  const orderIds = tradeOrderIds(asked.order_ids);
  const orders = await loadPayableOrders(tx, memberId, orderIds);
  const switching = asked.pay_status === PayStatus.PAYING && asked.pay_type !== method;
  const repriced = sumPayMoney(orders) !== asked.pay_money_cents;
  const chosen = switching || repriced ? await tradeForOrders(tx, memberId, orderIds, { reuseOpen: false }) : outTradeNo;
  await tx
    .updateTable("pay")
    .set({ pay_status: PayStatus.PAYING, pay_type: method })
    .where("out_trade_no", "=", chosen)
    .where("pay_status", "in", [PayStatus.PENDING, PayStatus.PAYING])
    .execute();
  const trade = await tx.selectFrom("pay").select(["pay_money_cents", "pay_body"]).where("out_trade_no", "=", chosen).executeTakeFirstOrThrow();
  const closeTimes = orders.map((order) => order.auto_close_time).filter((time) => time > 0);
  return {
    outTradeNo: chosen,
    amountCents: trade.pay_money_cents,
    subject: trade.pay_body,
    expireTime: closeTimes.length ? Math.min(...closeTimes) : 0,
    alreadyPaid: false,
  };
}

/**
 * A recharge order has one trade for life: another method takes the same trade (a second gateway's
 * payment of it is a duplicate, recorded for refund by the notify). Its order must still wait for
 * payment, within its time limit — which the gateway is also given.
 */
async function prepareRechargeTrade(tx: Db, trade: TradeRow, method: string): Promise<PreparedTrade> {
  const order = await payableRechargeOrder(tx, trade.out_trade_no);
  await tx
    .updateTable("pay")
    .set({ pay_status: PayStatus.PAYING, pay_type: method })
    .where("out_trade_no", "=", trade.out_trade_no)
    .where("pay_status", "in", [PayStatus.PENDING, PayStatus.PAYING])
    .execute();
  return { outTradeNo: trade.out_trade_no, amountCents: trade.pay_money_cents, subject: trade.pay_body, expireTime: order.auto_close_time, alreadyPaid: false };
}

export interface StartPayment {
  outTradeNo: string;
  payType: string;
  payPassword?: string;
  actor: Actor;
  /** for the gateway: where it reaches us and sends the shopper back, by the final trade number */
  urlsFor: (outTradeNo: string, provider: string) => PaymentUrls;
  log: FastifyBaseLogger;
  /** DATA_DIR: QR codes to scan are drawn under its upload/qrcode/ */
  dataDir: string;
}

/**
 * /api/pay/pay: balance pays at once (as does a trade of ¥0.00, which no gateway collects); a
 * gateway gets the trade and answers a page to open or a QR code.
 */
export async function startPayment(db: Db, methods: PayMethods, memberId: number, start: StartPayment): Promise<PayStart> {
  const byBalance = start.payType === BALANCE_METHOD.name;
  if (byBalance && !methods.balanceEnabled) throw new BizError("不支持该支付方式", Code.ERROR);
  const provider = byBalance ? null : methods.gateway(start.payType);
  const asked = await findMemberTrade(db, memberId, start.outTradeNo);
  // Balance buying balance would only move money in a circle (and bonuses out of nothing).
  if (byBalance && asked.trade_kind === TradeKind.RECHARGE) throw new BizError("充值不能使用余额支付，请选择其他支付方式", Code.ERROR);
  if (byBalance) await verifyPayPassword(db, memberId, start.payPassword);

  const trade = await unitOfWork(db, async (tx) => {
    const prepared = await prepareTrade(tx, memberId, start.outTradeNo, start.payType);
    if (prepared.alreadyPaid || !(byBalance || prepared.amountCents === 0)) return prepared;
    await settleWithBalance(tx, prepared, start.actor);
    return { ...prepared, alreadyPaid: true };
  });
  if (trade.alreadyPaid || !provider) return { type: "paid", out_trade_no: trade.outTradeNo };

  let started;
  try {
    started = await provider.createPayment(
      { outTradeNo: trade.outTradeNo, amountCents: trade.amountCents, subject: trade.subject, expireTime: trade.expireTime },
      start.urlsFor(trade.outTradeNo, provider.name),
    );
  } catch (error) {
    start.log.error({ err: error, provider: provider.name, outTradeNo: trade.outTradeNo }, "payment gateway refused the trade");
    throw new BizError(`${provider.title}暂时无法使用，请换一种支付方式`, Code.ERROR);
  }
  if (started.type === "url") return { type: "url", data: started.data, out_trade_no: trade.outTradeNo };
  // A PNG path like every picture of the API (reference clients put their image domain before it).
  return { type: "qrcode", qrcode: await qrcodePicture(start.dataDir, "pay", started.codeText), out_trade_no: trade.outTradeNo };
}
