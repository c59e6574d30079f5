import type { Db } from "../db/unit-of-work.ts";
import { DAY_SECONDS, now } from "../core/time.ts";
import { enqueueEdges, PromotionState } from "../modules/groupbuy/window.ts";
import { GROUPBUY_EDGE_JOB } from "../modules/groupbuy/staff.ts";
import { groupbuyCheckout } from "../modules/groupbuy/checkout.ts";
import { BUNDLING_EDGE_JOB } from "../modules/bundling/staff.ts";
import { bundlingCheckout } from "../modules/bundling/checkout.ts";
import { canSplit } from "../modules/bundling/split.ts";
import { registerPromotion } from "../modules/promotion/registry.ts";
import { DEMO_PAY_WINDOW_SECONDS } from "./orders.ts";
import { promotionCandidates, type PromotionCandidate as Candidate } from "./promotion-goods.ts";
import { placeDemoPromotionOrder } from "./promotion-orders.ts";

/**
 * Group buys and combos, alive on first start (ADR 0022): running, upcoming and ended ones of each,
 * on physical goods on sale with stock, one of each kind on goods with specs (several SKUs), so
 * /promotion/groupbuy lists some, their detail pages show every status, and SKU pages show 团购价
 * and 组合套餐. Goods are picked by id (deterministic). The demo member has bought some of the
 * running ones (demoOrders), so its order list shows 团购 and 组合套餐. The start and end purge
 * jobs are enqueued like staff changes do. Runs inside the seed's transaction, after the orders.
 */

/** The group-buy price: 80% of the SKU's price, down to whole yuan, at least 1 yuan less. */
const groupbuyPrice = (price: number) => Math.max(100, Math.min(price - 100, Math.floor((price * 0.8) / 100) * 100));

/** A group buy or combo the seed made, for the demo orders. */
interface Seeded {
  id: number;
  start: number;
  end: number;
  /** what its cheapest order costs: the least units of its cheapest SKU, or one package */
  priceCents: number;
  /** the SKU a group-buy order buys (a combo's goods are on their default SKUs) */
  skuId: number;
  num: number;
}

async function insertGroupbuy(db: Db, at: number, name: string, goods: Candidate, buyNum: number, start: number, end: number): Promise<Seeded> {
  const { groupbuy_id } = await db
    .insertInto("promotion_groupbuy")
    .values({ groupbuy_name: name, goods_id: goods.goods_id, buy_num: buyNum, start_time: start, end_time: end, status: PromotionState.ON, create_time: at - 3 * DAY_SECONDS, update_time: at - 3 * DAY_SECONDS })
    .returning("groupbuy_id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("promotion_groupbuy_sku")
    .values(goods.skus.map((sku) => ({ groupbuy_id, goods_id: goods.goods_id, sku_id: sku.sku_id, groupbuy_price_cents: groupbuyPrice(sku.price) })))
    .execute();
  await enqueueEdges(db, GROUPBUY_EDGE_JOB, groupbuy_id, { start_time: start, end_time: end }, at);
  const cheapest = goods.skus.reduce((best, sku) => (sku.price < best.price ? sku : best));
  return { id: groupbuy_id, start, end, priceCents: groupbuyPrice(cheapest.price) * buyNum, skuId: cheapest.sku_id, num: buyNum };
}

/** The package price: 85% of the goods' default prices × num, down to whole yuan. */
async function insertBundling(db: Db, at: number, name: string, goods: Array<{ goods: Candidate; num: number }>, start: number, end: number): Promise<Seeded> {
  const money = goods.reduce((sum, item) => sum + item.goods.skus[0]!.price * item.num, 0);
  const price = Math.max(100, Math.floor((money * 0.85) / 100) * 100);
  if (!canSplit(price, goods.map((item) => item.num))) throw new Error(`seed bundling ${name}: price ${price} cannot be split`);
  const { bl_id } = await db
    .insertInto("promotion_bundling")
    .values({ bl_name: name, bl_price_cents: price, start_time: start, end_time: end, status: PromotionState.ON, create_time: at - 3 * DAY_SECONDS, update_time: at - 3 * DAY_SECONDS })
    .returning("bl_id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("promotion_bundling_goods")
    .values(goods.map((item, index) => ({ bl_id, goods_id: item.goods.goods_id, num: item.num, sort: index + 1 })))
    .execute();
  await enqueueEdges(db, BUNDLING_EDGE_JOB, bl_id, { start_time: start, end_time: end }, at);
  return { id: bl_id, start, end, priceCents: price, skuId: 0, num: 1 };
}

/** The running ones, cheapest order first (then by id). */
const runningByPrice = (seeded: Seeded[], at: number) =>
  seeded.filter((item) => item.start <= at && item.end > at).sort((a, b) => a.priceCents - b.priceCents || a.id - b.id);

/**
 * The demo member's group-buy and combo orders, bought through the promotions' checkout a few hours
 * before the seed run (inside every running window: they all began a day or more before it): the
 * cheapest running group buy at its minimum, paid; the cheapest running combo, paid; the next one
 * (else the same), one package waiting to be paid for a day like the orders' unpaid one. A catalog
 * too small for combos gets the group-buy order only.
 */
async function demoOrders(db: Db, at: number, groupbuys: Seeded[], combos: Seeded[]): Promise<void> {
  registerPromotion(groupbuyCheckout);
  registerPromotion(bundlingCheckout);
  const [groupbuy] = runningByPrice(groupbuys, at);
  if (groupbuy) {
    const source = { promotion: "groupbuy" as const, promotion_id: groupbuy.id, sku_ids: [groupbuy.skuId], num: groupbuy.num };
    await placeDemoPromotionOrder(db, source, { placed: at - 22 * 3600, paid: at - 22 * 3600 + 90, shipped: [] });
  }
  const [paid, unpaid = paid] = runningByPrice(combos, at);
  if (paid) await placeDemoPromotionOrder(db, { promotion: "bundling", promotion_id: paid.id, sku_ids: [], num: 1 }, { placed: at - 5 * 3600, paid: at - 5 * 3600 + 120, shipped: [] });
  if (unpaid) {
    await placeDemoPromotionOrder(db, { promotion: "bundling", promotion_id: unpaid.id, sku_ids: [], num: 1 }, { placed: at - 40 * 60, shipped: [], payableUntil: at + DEMO_PAY_WINDOW_SECONDS });
  }
}

export async function seedGroupbuyBundling(db: Db): Promise<void> {
  const at = now();
  const day = DAY_SECONDS;
  const { withSpecs, single } = await promotionCandidates(db, { order: "asc", minStock: 20 });
  // Group buys take goods from the front of each pool, combos from the back: no goods in both.
  const specGoods = [...withSpecs];
  const plainGoods = [...single];
  const take = (pool: Candidate[], fromEnd = false) => (fromEnd ? pool.pop() : pool.shift());

  const groupbuys: Array<[name: string, pool: Candidate[], buyNum: number, start: number, end: number]> = [
    ["多规格好物 团购价", specGoods, 2, at - 2 * day, at + 5 * day],
    ["限时团购 2件起", plainGoods, 2, at - 1 * day, at + 7 * day],
    ["家庭装团购 3件起", plainGoods, 3, at - 3 * day, at + 10 * day],
    ["下周团购预告", plainGoods, 2, at + 2 * day, at + 9 * day],
    ["多规格团购预告", specGoods, 2, at + 3 * day, at + 10 * day],
    ["上月团购（已结束）", plainGoods, 2, at - 30 * day, at - 20 * day],
  ];
  const seededGroupbuys: Seeded[] = [];
  for (const [name, pool, buyNum, start, end] of groupbuys) {
    const goods = take(pool);
    if (goods) seededGroupbuys.push(await insertGroupbuy(db, at, name, goods, buyNum, start, end));
  }

  const combos: Array<[name: string, goods: Array<[pool: Candidate[], num: number]>, start: number, end: number]> = [
    ["超值两件套", [[specGoods, 1], [plainGoods, 1]], at - 2 * day, at + 12 * day],
    ["家庭三件套（第三件两份）", [[plainGoods, 1], [plainGoods, 1], [plainGoods, 2]], at - 1 * day, at + 6 * day],
    ["新品组合预告", [[plainGoods, 1], [specGoods, 1]], at + 2 * day, at + 16 * day],
    ["双十一组合（已结束）", [[plainGoods, 1], [plainGoods, 1]], at - 25 * day, at - 15 * day],
  ];
  const seededCombos: Seeded[] = [];
  for (const [name, wanted, start, end] of combos) {
    const goods = wanted.map(([pool, num]) => ({ goods: take(pool, true), num }));
    if (goods.every((item) => item.goods)) seededCombos.push(await insertBundling(db, at, name, goods as Array<{ goods: Candidate; num: number }>, start, end));
  }
  await demoOrders(db, at, seededGroupbuys, seededCombos);
}
