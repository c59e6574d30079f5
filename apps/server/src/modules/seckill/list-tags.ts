import { PROMOTION_TYPE_NAMES, type GoodsPromotionTag } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { slotsSnapshot } from "./door.ts";
import { shopMidnight, slotState } from "./slots.ts";

/**
 * The 秒杀 tag of list items: goods with a seckill on now — on, within its dates, in a slot on now,
 * units left — at its lowest seckill price among the SKUs with units left, until the slot's end.
 */
export async function seckillListTags(db: Db, goodsIds: readonly number[], at: number): Promise<Map<number, GoodsPromotionTag>> {
  const tags = new Map<number, GoodsPromotionTag>();
  const running = (await slotsSnapshot(db)).filter((slot) => slotState(slot, at) === "running");
  if (running.length === 0 || goodsIds.length === 0) return tags;
  const rows = await db
    .selectFrom("promotion_seckill")
    .innerJoin("promotion_seckill_slot", "promotion_seckill_slot.seckill_id", "promotion_seckill.seckill_id")
    .innerJoin("promotion_seckill_sku", "promotion_seckill_sku.seckill_id", "promotion_seckill.seckill_id")
    .select([
      "promotion_seckill.seckill_id", "promotion_seckill.goods_id", "promotion_seckill.end_time", "promotion_seckill_slot.time_id",
      "promotion_seckill_sku.seckill_price_cents",
    ])
    .where("promotion_seckill.goods_id", "in", [...goodsIds])
    .where("promotion_seckill.status", "=", 1)
    .where("promotion_seckill.start_time", "<=", at)
    .where("promotion_seckill.end_time", ">", at)
    .where("promotion_seckill_slot.time_id", "in", running.map((slot) => slot.id))
    .where("promotion_seckill_sku.stock", ">", 0)
    .execute();
  const midnight = shopMidnight(at);
  for (const row of rows) {
    const slot = running.find((candidate) => candidate.id === row.time_id)!;
    const price = Number(row.seckill_price_cents);
    const held = tags.get(row.goods_id);
    if (held && Number(held.promotion_price) * 100 <= price) continue;
    tags.set(row.goods_id, {
      promotion_type: "seckill", promotion_type_name: PROMOTION_TYPE_NAMES.seckill, promotion_id: row.seckill_id, promotion_price: yuan(price),
      end_time: Math.min(midnight + slot.seckill_end_time, Number(row.end_time)),
    });
  }
  return tags;
}
