import { sql } from "kysely";
import { RefundStatus, type StatGoodsRank } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { count, type StatTimeRange } from "./totals.ts";

/**
 * The goods sold most in the range, by pieces or by money (the reference's getGoodsOrderNumStat /
 * getGoodsOrderMoneyStat): lines of orders paid in the range, less lines refunded in full.
 * The sums read only indexes (migration 0040); names are looked up for the few goods ranked.
 */
export async function goodsRanking(db: Db, range: StatTimeRange & { limit: number }, by: "num" | "money"): Promise<StatGoodsRank[]> {
  const rows = await db
    .selectFrom("orders")
    .innerJoin("order_goods", "order_goods.order_id", "orders.order_id")
    .select((eb) => [
      "order_goods.goods_id",
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
  const names = await goodsNames(db, range, rows.map((row) => row.goods_id));
  return rows.map((row) => ({ goods_id: row.goods_id, goods_name: names.get(row.goods_id) ?? "", sale_num: count(row.sale_num), order_money: yuan(count(row.money)) }));
}

/** The goods' names now; a goods no longer there keeps the name it was sold under in the range. */
async function goodsNames(db: Db, range: StatTimeRange, goodsIds: number[]): Promise<Map<number, string>> {
  if (goodsIds.length === 0) return new Map();
  const current = await db.selectFrom("goods").select(["goods_id", "goods_name"]).where("goods_id", "in", goodsIds).execute();
  const names = new Map(current.map((goods) => [goods.goods_id, goods.goods_name]));
  const gone = goodsIds.filter((goodsId) => !names.has(goodsId));
  if (gone.length > 0) {
    const sold = await db
      .selectFrom("orders")
      .innerJoin("order_goods", "order_goods.order_id", "orders.order_id")
      .select((eb) => ["order_goods.goods_id", eb.fn.max("order_goods.goods_name").as("goods_name")])
      .where("orders.pay_time", ">=", range.start_time)
      .where("orders.pay_time", "<", range.end_time)
      .where("order_goods.goods_id", "in", gone)
      .groupBy("order_goods.goods_id")
      .execute();
    for (const line of sold) names.set(line.goods_id, line.goods_name);
  }
  return names;
}
