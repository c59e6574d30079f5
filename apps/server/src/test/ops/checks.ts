import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { BALANCE_CENTS, SKU_STOCK } from "./scale-out.ts";
import type { LoadRecord } from "./load.ts";

/**
 * What the database must say after the load, whatever the faults did: every trade a client was told
 * was created exists whole (its orders, their lines, the trade row), every payment a client was told
 * of is recorded, nothing is paid twice, stock + sold = start for every SKU, and each member's
 * ledger adds up to its balance. Answers the problems found (empty = consistent).
 */
export async function checkDatabase(db: Kysely<DB>, record: LoadRecord, skuIds: number[], memberIds: number[]): Promise<string[]> {
  const problems: string[] = [];
  // The shoppers' trades only (a seeded catalog brings demo orders of its own, paid by other means).
  const trades = await db.selectFrom("pay").select(["out_trade_no", "member_id", "pay_status", "pay_money_cents", "order_ids"]).where("member_id", "in", memberIds).execute();
  const tradeByNo = new Map(trades.map((trade) => [trade.out_trade_no, trade]));
  const orders = await db.selectFrom("orders").select(["order_id", "out_trade_no", "member_id", "order_status", "pay_status", "goods_num", "pay_money_cents"]).where("member_id", "in", memberIds).execute();
  const ordersByTrade = new Map<string, typeof orders>();
  for (const order of orders) ordersByTrade.set(order.out_trade_no, [...(ordersByTrade.get(order.out_trade_no) ?? []), order]);
  const lines = await db.selectFrom("order_goods").select(["order_id", "sku_id", "num"]).where("member_id", "in", memberIds).execute();
  const linesByOrder = new Map<number, typeof lines>();
  for (const line of lines) linesByOrder.set(line.order_id, [...(linesByOrder.get(line.order_id) ?? []), line]);
  const payments = await db.selectFrom("member_account").select(["business_id", "account_data", "member_id"]).where("from_type", "=", "pay_balance").where("member_id", "in", memberIds).execute();
  const paymentsByTrade = new Map<string, typeof payments>();
  for (const payment of payments) paymentsByTrade.set(payment.business_id, [...(paymentsByTrade.get(payment.business_id) ?? []), payment]);

  for (const [outTradeNo, memberId] of record.created) {
    const trade = tradeByNo.get(outTradeNo);
    const tradeOrders = ordersByTrade.get(outTradeNo) ?? [];
    if (!trade) problems.push(`trade ${outTradeNo} (told created) has no pay row`);
    if (tradeOrders.length === 0) problems.push(`trade ${outTradeNo} (told created) has no order`);
    for (const order of tradeOrders) {
      if (order.member_id !== memberId) problems.push(`order ${order.order_id} belongs to member ${order.member_id}, not ${memberId}`);
      const orderLines = linesByOrder.get(order.order_id) ?? [];
      const units = orderLines.reduce((sum, line) => sum + Number(line.num), 0);
      if (orderLines.length === 0 || units !== Number(order.goods_num)) problems.push(`order ${order.order_id}: ${orderLines.length} lines, ${units} units, goods_num ${order.goods_num}`);
    }
  }
  for (const outTradeNo of record.paid) {
    if (tradeByNo.get(outTradeNo)?.pay_status !== 2) problems.push(`trade ${outTradeNo} (told paid) is pay_status ${tradeByNo.get(outTradeNo)?.pay_status}`);
  }
  for (const trade of trades) {
    const taken = paymentsByTrade.get(trade.out_trade_no) ?? [];
    const tradeOrders = ordersByTrade.get(trade.out_trade_no) ?? [];
    if (trade.pay_status === 2) {
      if (taken.length !== 1) problems.push(`paid trade ${trade.out_trade_no} has ${taken.length} balance payments`);
      else if (-Number(taken[0]!.account_data) !== Number(trade.pay_money_cents)) problems.push(`trade ${trade.out_trade_no}: paid ${-Number(taken[0]!.account_data)} of ${trade.pay_money_cents}`);
      if (tradeOrders.some((order) => order.pay_status !== 1)) problems.push(`paid trade ${trade.out_trade_no} has an unpaid order`);
    } else if (taken.length > 0) problems.push(`unpaid trade ${trade.out_trade_no} (pay_status ${trade.pay_status}) took ${taken.length} balance payments`);
  }

  for (const skuId of skuIds) {
    const sku = await db.selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow();
    const sold = await db
      .selectFrom("order_goods")
      .innerJoin("orders", "orders.order_id", "order_goods.order_id")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("order_goods.num"), eb.lit(0)).as("units"))
      .where("order_goods.sku_id", "=", skuId)
      .where("orders.order_status", "<>", -1)
      .executeTakeFirstOrThrow();
    if (Number(sku.stock) + Number(sold.units) !== SKU_STOCK) problems.push(`SKU ${skuId}: stock ${sku.stock} + sold ${sold.units} ≠ ${SKU_STOCK}`);
  }

  for (const memberId of memberIds) {
    const member = await db.selectFrom("member").select("balance_cents").where("member_id", "=", memberId).executeTakeFirstOrThrow();
    const ledger = await db
      .selectFrom("member_account")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("account_data"), eb.lit(0)).as("total"))
      .where("member_id", "=", memberId)
      .where("account_type", "=", "balance")
      .executeTakeFirstOrThrow();
    if (Number(ledger.total) !== Number(member.balance_cents)) problems.push(`member ${memberId}: ledger ${ledger.total} ≠ balance ${member.balance_cents}`);
    const spent = BALANCE_CENTS - Number(member.balance_cents);
    const paidTrades = trades.filter((trade) => trade.member_id === memberId && trade.pay_status === 2).reduce((sum, trade) => sum + Number(trade.pay_money_cents), 0);
    if (spent !== paidTrades) problems.push(`member ${memberId}: spent ${spent}, paid trades ${paidTrades}`);
  }
  return problems;
}
