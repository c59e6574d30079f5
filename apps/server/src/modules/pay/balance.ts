import { Code } from "@shop/contract/codes";
import type { Db } from "../../db/unit-of-work.ts";
import { BizError } from "../../core/errors.ts";
import { changeAccount } from "../account/ledger.ts";
import { OrderStatus, type Actor } from "../order/state-machine.ts";
import { settleTrade, tradeOrderIds } from "./trade.ts";

/**
 * The balance method: the member's balance pays the trade at once. The ledger row (from_type
 * pay_balance, keyed by the trade number) and the trade's settlement are one unit of work, and
 * the ledger's conditional update never lets the balance go below zero, so concurrent payments
 * can only succeed as far as the balance covers them (the others roll back whole).
 */
export const BALANCE_METHOD = { name: "balance", title: "余额支付" } as const;


/** Inside the caller's unit of work: settles the (open) trade and takes its amount from the balance, or throws and nothing stays. */
export async function settleWithBalance(tx: Db, trade: { outTradeNo: string; amountCents: number }, actor: Actor): Promise<void> {
  const outcome = await settleTrade(tx, trade.outTradeNo, { payType: BALANCE_METHOD.name, tradeNo: "", amountCents: trade.amountCents, actor });
  if (outcome === "already_paid") throw new BizError("订单已支付，请勿重复支付", Code.ERROR);
  if (outcome === "late") throw new BizError(await lateReason(tx, trade.outTradeNo), Code.ERROR);
  if (trade.amountCents === 0) return;
  const recorded = await changeAccount(tx, {
    memberId: actor.id,
    accountType: "balance",
    amount: -trade.amountCents,
    fromType: "pay_balance",
    businessId: trade.outTradeNo,
    typeName: BALANCE_METHOD.title,
    remark: `支付交易 ${trade.outTradeNo}`,
  });
  if (!recorded) throw new BizError("订单已支付，请勿重复支付", Code.ERROR);
}

/**
 * Why a trade could not be paid after all (a concurrent unit of work got there first; ours rolls
 * back): its orders closed, or they are still open but now paid by another trade — the price was
 * adjusted or the method switched — and the cashier must move to that one.
 */
async function lateReason(tx: Db, outTradeNo: string): Promise<string> {
  const trade = await tx.selectFrom("pay").select("order_ids").where("out_trade_no", "=", outTradeNo).executeTakeFirstOrThrow();
  const orderIds = tradeOrderIds(trade.order_ids);
  const closed = await tx
    .selectFrom("orders")
    .select("order_id")
    .where("order_id", "in", orderIds.length ? orderIds : [0])
    .where("order_status", "=", OrderStatus.CLOSED)
    .executeTakeFirst();
  return closed ? "订单已关闭，无法支付" : "支付单已失效，请重新支付";
}

/** Gives a balance payment back (a refund): a ledger row keyed by the trade, so at most once. */
export async function refundToBalance(tx: Db, memberId: number, outTradeNo: string, amountCents: number): Promise<void> {
  if (amountCents === 0) return;
  await changeAccount(tx, {
    memberId, accountType: "balance", amount: amountCents, fromType: "pay_refund", businessId: outTradeNo,
    typeName: "支付退款", remark: `交易 ${outTradeNo} 退款`,
  });
}
