import type { Db } from "../db/unit-of-work.ts";
import { DAY_SECONDS, now } from "../core/time.ts";
import { registerPromotion } from "../modules/promotion/registry.ts";
import { seckillCheckout } from "../modules/seckill/buying.ts";
import { shopMidnight } from "../modules/seckill/slots.ts";
import { scheduleBoundary, scheduleSeckillEdges } from "../modules/seckill/cache.ts";
import { candidateOf, promotableSkus, promotionCandidates, type PromotionCandidate as Candidate } from "./promotion-goods.ts";
import { placeDemoPromotionOrder } from "./promotion-orders.ts";

/**
 * Seckill, alive on first start (ADR 0021): slots covering the whole day, so one is always on;
 * seckills running in the current slot (one with specs), one coming in the next slot, one starting
 * tomorrow, one in an earlier slot of today, one ended last month, and one sold out — its last unit
 * bought by the demo member in a paid seckill order that goes through the real checkout
 * (preview, create, sandbox payment), like the seeded orders. Goods are picked by id
 * (deterministic); which slot is "current" depends on the hour of the seed run. Runs inside the
 * seed's transaction, after the orders and the group buys (their goods are skipped).
 */

export const SEED_SLOTS: ReadonlyArray<[name: string, start: number, end: number]> = [
  ["00:00 场", 0, 8],
  ["08:00 场", 8, 10],
  ["10:00 场", 10, 12],
  ["12:00 场", 12, 14],
  ["14:00 场", 14, 16],
  ["16:00 场", 16, 20],
  ["20:00 场", 20, 24],
];

/** The seed's sold-out seckill: the demo member's paid order took its last unit. */
export const SOLD_OUT_SECKILL_NAME = "整点秒杀（已抢光）";

/** Goods in no other promotion, every SKU with stock ≥ 50 and a price ≥ ¥20, newest first. */
async function candidates(db: Db): Promise<{ withSpecs: Candidate[]; single: Candidate[] }> {
  const taken = new Set(
    (await db.selectFrom("promotion_groupbuy").select("goods_id").execute()).map((row) => row.goods_id)
      .concat((await db.selectFrom("promotion_bundling_goods").select("goods_id").execute()).map((row) => row.goods_id)),
  );
  return promotionCandidates(db, { order: "desc", minStock: 50, skip: taken });
}

/** Any such goods with stock, on one SKU (the smallest catalogs). */
async function anyGoods(db: Db): Promise<Candidate | undefined> {
  const row = await promotableSkus(db, "desc").where("goods_sku.stock", ">=", 5).where("goods_sku.discount_price_cents", ">=", 200).executeTakeFirst();
  return row ? candidateOf(row) : undefined;
}

/** The seckill price: half the SKU's price, down to whole yuan (at least ¥1). */
const seckillPrice = (price: number) => Math.max(100, Math.floor(price / 200) * 100);

interface Plan {
  name: string;
  goods: Candidate | undefined;
  slots: number[];
  start: number;
  end: number;
  pool: number;
  maxBuy: number;
}

async function insertSeckill(db: Db, at: number, plan: Plan, slotIds: number[]): Promise<number | undefined> {
  const { goods } = plan;
  if (!goods) return undefined;
  const { seckill_id } = await db
    .insertInto("promotion_seckill")
    .values({
      seckill_name: plan.name, goods_id: goods.goods_id, goods_name: goods.goods_name, goods_image: goods.goods_image, start_time: plan.start,
      end_time: plan.end, max_buy: plan.maxBuy, status: 1, remark: "", create_time: at - 3 * DAY_SECONDS, update_time: at - 3 * DAY_SECONDS,
    })
    .returning("seckill_id")
    .executeTakeFirstOrThrow();
  await db.insertInto("promotion_seckill_slot").values(plan.slots.map((index) => ({ seckill_id, time_id: slotIds[index]! }))).execute();
  await scheduleSeckillEdges(db, { start_time: plan.start, end_time: plan.end }, at);
  await db
    .insertInto("promotion_seckill_sku")
    .values(goods.skus.map((sku) => ({ seckill_id, goods_id: goods.goods_id, sku_id: sku.sku_id, seckill_price_cents: seckillPrice(sku.price), stock: plan.pool, sale_num: 0 })))
    .execute();
  return seckill_id;
}

/** The demo member buys the sold-out seckill's last unit, and pays, a few minutes before the seed run. */
async function demoSeckillOrder(db: Db, seckillId: number): Promise<void> {
  const sku = await db.selectFrom("promotion_seckill_sku").select("sku_id").where("seckill_id", "=", seckillId).orderBy("sku_id").executeTakeFirstOrThrow();
  const at = now();
  await placeDemoPromotionOrder(db, { promotion: "seckill", promotion_id: seckillId, sku_ids: [sku.sku_id], num: 1 }, { placed: at - 180, paid: at - 120, shipped: [] });
}

export async function seedSeckill(db: Db, at = now()): Promise<void> {
  registerPromotion(seckillCheckout);
  const slotIds: number[] = [];
  for (const [index, [name, start, end]] of SEED_SLOTS.entries()) {
    const { id } = await db
      .insertInto("promotion_seckill_time")
      .values({ name, seckill_start_time: start * 3600, seckill_end_time: end * 3600, status: 1, sort: index, create_time: at - 3 * DAY_SECONDS, update_time: at - 3 * DAY_SECONDS })
      .returning("id")
      .executeTakeFirstOrThrow();
    slotIds.push(id);
  }
  const hour = Math.floor((at - shopMidnight(at)) / 3600);
  const current = SEED_SLOTS.findIndex(([, start, end]) => hour >= start && hour < end);
  const next = (current + 1) % SEED_SLOTS.length;
  const earlier = (current + SEED_SLOTS.length - 1) % SEED_SLOTS.length;
  const day = DAY_SECONDS;
  const { withSpecs, single } = await candidates(db);

  // The sold-out one first (the demo order needs it, also on the smallest catalog), then the others.
  const soldOutGoods = single.shift() ?? withSpecs.shift() ?? (await anyGoods(db));
  const plans: Plan[] = [
    { name: SOLD_OUT_SECKILL_NAME, goods: soldOutGoods, slots: [current], start: at - 1 * day, end: at + 3 * day, pool: 1, maxBuy: 1 },
    { name: "限时秒杀 多规格", goods: withSpecs.shift(), slots: [current, next], start: at - 2 * day, end: at + 7 * day, pool: 30, maxBuy: 2 },
    { name: "整点秒杀 爆款直降", goods: single.shift(), slots: [current], start: at - 1 * day, end: at + 5 * day, pool: 50, maxBuy: 1 },
    { name: "下一场秒杀预告", goods: single.shift(), slots: [next], start: at - 1 * day, end: at + 6 * day, pool: 40, maxBuy: 2 },
    { name: "明日秒杀 抢先看", goods: single.shift(), slots: [current, next], start: shopMidnight(at) + day, end: at + 8 * day, pool: 20, maxBuy: 1 },
    { name: "早场秒杀", goods: single.shift(), slots: [earlier], start: at - 3 * day, end: at + 4 * day, pool: 25, maxBuy: 2 },
    { name: "上月秒杀（已结束）", goods: single.shift(), slots: [current], start: at - 30 * day, end: at - 20 * day, pool: 10, maxBuy: 1 },
  ];
  let soldOutId: number | undefined;
  for (const plan of plans) {
    const id = await insertSeckill(db, at, plan, slotIds);
    if (plan.name === SOLD_OUT_SECKILL_NAME) soldOutId = id;
  }
  if (soldOutId) await demoSeckillOrder(db, soldOutId);
  // The pages' purge at the next slot boundary, as adding a slot through the staff API schedules it.
  await scheduleBoundary(db, at);
}
