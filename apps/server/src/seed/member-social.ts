import type { Db } from "../db/unit-of-work.ts";
import { now } from "../core/time.ts";
import { addCollect } from "../modules/goods/collect.ts";
import { addBrowse } from "../modules/goods/browse.ts";
import { DEMO_MEMBER_ID } from "./members.ts";
import { StoryClock } from "./orders.ts";
import { Random } from "./random.ts";

/**
 * The demo member's follows and footprints, so /member/collection, /member/footprint and the
 * welcome page are alive on first start. They go through the real services (addCollect keeps each
 * goods' collect_num; addBrowse keeps one footprint per goods), then are dated into the story,
 * relative to the seed run like the orders: footprints over several days up to today, follows over
 * the last two months. Deterministic: the goods are drawn with a fixed seed from the goods on sale.
 *
 * The points history needs nothing here: the services the seed already runs write it through the
 * ledger — the opening grant, sign-ins, recharge bonuses, level gifts, an order's deduction and its
 * return on close — so every filter of /member/my_point has rows that match real records.
 */

/** Footprints per day, by days before today (0 = today); goods are not repeated (one footprint per goods). */
const FOOTPRINT_DAYS: Array<[daysAgo: number, count: number]> = [[0, 5], [1, 7], [2, 3], [4, 6], [7, 4], [12, 3]];
const FOLLOWS = 14;
/** Follows are spread over this many days before today. */
const FOLLOW_SPAN_DAYS = 60;

export async function seedMemberSocial(tx: Db): Promise<void> {
  const clock = new StoryClock(now());
  const random = new Random(20_020);
  const onSale = await tx
    .selectFrom("goods")
    .innerJoin("goods_sku", (join) => join.onRef("goods_sku.goods_id", "=", "goods.goods_id").on("goods_sku.is_default", "=", 1))
    .select(["goods.goods_id", "goods_sku.sku_id"])
    .where("goods.goods_state", "=", 1)
    .where("goods.is_delete", "=", 0)
    .where("goods.goods_class", "=", 1)
    .orderBy("goods.goods_id")
    .execute();
  if (onSale.length === 0) return;

  const browsed = random.sample(onSale, FOOTPRINT_DAYS.reduce((sum, [, count]) => sum + count, 0));
  let next = 0;
  for (const [daysAgo, count] of FOOTPRINT_DAYS) {
    for (const goods of browsed.slice(next, next + count)) {
      await addBrowse(tx, DEMO_MEMBER_ID, goods.goods_id, goods.sku_id);
      // Today's footprints lie in the hour before the seed run (not before today's 00:00); earlier days' between 08:00 and 23:00.
      const time = daysAgo === 0
        ? Math.max(clock.minutesAgo(random.int(2, 60)), clock.daysAgo(0, "00:00"))
        : clock.daysAgo(daysAgo, `${random.int(8, 22)}:${random.int(0, 59)}`);
      await tx.updateTable("goods_browse").set({ browse_time: time }).where("member_id", "=", DEMO_MEMBER_ID).where("goods_id", "=", goods.goods_id).execute();
    }
    next += count;
  }

  // Follows: half among the goods the member looked at, half others, as a shopper's would be.
  const followed = [...random.sample(browsed, FOLLOWS / 2), ...random.sample(onSale.filter((goods) => !browsed.includes(goods)), FOLLOWS / 2)];
  for (const goods of followed) {
    await addCollect(tx, DEMO_MEMBER_ID, goods.goods_id, goods.sku_id);
    const time = clock.daysAgo(random.int(1, FOLLOW_SPAN_DAYS), `${random.int(8, 22)}:${random.int(0, 59)}`);
    await tx.updateTable("goods_collect").set({ create_time: time }).where("member_id", "=", DEMO_MEMBER_ID).where("goods_id", "=", goods.goods_id).execute();
  }
}
