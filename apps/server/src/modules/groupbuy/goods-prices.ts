import type { Db } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { PromotionState } from "./window.ts";

/** A goods' running group buy as goods lists and SKU pages tag it (团购价). */
export interface GoodsGroupbuyTag {
  groupbuy_id: number;
  /** the lowest group-buy price of its SKUs (cents) */
  groupbuyPriceCents: number;
  buy_num: number;
  end_time: number;
}

/**
 * The running group buy of each of these goods (at most one runs per goods), for the goods lists,
 * search results and SKU pages to show 团购价: one query for a whole page of goods. Their cached
 * data must carry the goods' tags, which every group-buy change, start and end purges.
 */
export async function runningGroupbuysOfGoods(db: Db, goodsIds: readonly number[], at = now()): Promise<Map<number, GoodsGroupbuyTag>> {
  const tags = new Map<number, GoodsGroupbuyTag>();
  if (goodsIds.length === 0) return tags;
  const rows = await db
    .selectFrom("promotion_groupbuy")
    .innerJoin("promotion_groupbuy_sku", "promotion_groupbuy_sku.groupbuy_id", "promotion_groupbuy.groupbuy_id")
    .select((eb) => [
      "promotion_groupbuy.groupbuy_id", "promotion_groupbuy.goods_id", "promotion_groupbuy.buy_num", "promotion_groupbuy.end_time",
      eb.fn.min<number>("promotion_groupbuy_sku.groupbuy_price_cents").as("low"),
    ])
    .where("promotion_groupbuy.goods_id", "in", [...new Set(goodsIds)])
    .where("promotion_groupbuy.status", "=", PromotionState.ON)
    .where("promotion_groupbuy.start_time", "<=", at)
    .where("promotion_groupbuy.end_time", ">", at)
    .groupBy(["promotion_groupbuy.groupbuy_id", "promotion_groupbuy.goods_id", "promotion_groupbuy.buy_num", "promotion_groupbuy.end_time"])
    .orderBy("promotion_groupbuy.groupbuy_id")
    .execute();
  for (const row of rows) {
    if (!tags.has(row.goods_id)) tags.set(row.goods_id, { groupbuy_id: row.groupbuy_id, groupbuyPriceCents: Number(row.low), buy_num: row.buy_num, end_time: row.end_time });
  }
  return tags;
}
