import { sql } from "kysely";
import { RefundStatus, type StatGoodsRank } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { count, type StatTimeRange } from "./totals.ts";

/**
 * The goods sold most in the range, by pieces or by money (the reference's getGoodsOrderNumStat /
 * getGoodsOrderMoneyStat): lines of orders paid in the range, less lines refunded in full.
 */
export async function goodsRanking(db: Db, range: StatTimeRange & { limit: number }, by: "num" | "money"): Promise<StatGoodsRank[]> {
  const rows = await db
    .selectFrom("orders")
    .innerJoin("order_goods", "order_goods.order_id", "orders.order_id")
    .select((eb) => [
      "order_goods.goods_id",
      eb.fn.max("order_goods.goods_name").as("goods_name"),
      eb.fn.sum<number | string>("order_goods.num").as("sale_num"),
      eb.fn.sum<number | string>("order_goods.real_goods_money_cents").as("money"),
    ])
    .where("orders.pay_time", ">=", range.start_time)
    .where("orders.pay_time", "<", range.end_time)
    .where("order_goods.refund_status", "!=", RefundStatus.COMPLETE)
    .groupBy("order_goods.goods_id")
    .orderBy(sql.ref(by === "num" ? "sale_num" : "money"), "desc")
    .orderBy("order_goods.goods_id")
    .limit(range.limit)
    .execute();
  return rows.map((row) => ({ goods_id: row.goods_id, goods_name: row.goods_name, sale_num: count(row.sale_num), order_money: yuan(count(row.money)) }));
}
