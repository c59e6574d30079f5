import type { Db } from "../db/unit-of-work.ts";
import { DAY_SECONDS, now } from "../core/time.ts";
import { enqueueEdges, PromotionState } from "../modules/groupbuy/window.ts";
import { GROUPBUY_EDGE_JOB } from "../modules/groupbuy/staff.ts";
import { BUNDLING_EDGE_JOB } from "../modules/bundling/staff.ts";
import { canSplit } from "../modules/bundling/split.ts";

/**
 * Group buys and combos, alive on first start (ADR 0022): running, upcoming and ended ones of each,
 * on physical goods on sale with stock, one of each kind on goods with specs (several SKUs), so
 * /promotion/groupbuy lists some, their detail pages show every status, and SKU pages show 团购价
 * and 组合套餐. Goods are picked by id (deterministic); nothing is sold yet (sell_num 0: no orders
 * back it). The start and end purge jobs are enqueued like staff changes do. Runs inside the seed's
 * transaction, after the goods.
 */

interface Candidate {
  goods_id: number;
  skus: Array<{ sku_id: number; price: number }>;
}

/** Physical goods on sale, sold one at a time, every SKU with stock ≥ 20, by id: with specs (≥ 2 SKUs) or not. */
async function candidates(db: Db): Promise<{ withSpecs: Candidate[]; single: Candidate[] }> {
  const rows = await db
    .selectFrom("goods")
    .innerJoin("goods_sku", "goods_sku.goods_id", "goods.goods_id")
    .select(["goods.goods_id", "goods_sku.sku_id", "goods_sku.discount_price_cents", "goods_sku.stock"])
    .where("goods.goods_state", "=", 1)
    .where("goods.is_delete", "=", 0)
    .where("goods.goods_class", "=", 1)
    .where("goods.min_buy", "<=", 1)
    .where("goods.max_buy", "=", 0)
    .where("goods_sku.discount_price_cents", ">=", 2000)
    .orderBy("goods.goods_id")
    .orderBy("goods_sku.sku_id")
    .limit(2000)
    .execute();
  const byGoods = new Map<number, Candidate & { low: boolean }>();
  for (const row of rows) {
    const entry = byGoods.get(row.goods_id) ?? { goods_id: row.goods_id, skus: [], low: false };
    entry.skus.push({ sku_id: row.sku_id, price: row.discount_price_cents });
    if (Number(row.stock) < 20) entry.low = true;
    byGoods.set(row.goods_id, entry);
  }
  const usable = [...byGoods.values()].filter((entry) => !entry.low);
  return { withSpecs: usable.filter((entry) => entry.skus.length > 1), single: usable.filter((entry) => entry.skus.length === 1) };
}

/** The group-buy price: 80% of the SKU's price, down to whole yuan, at least 1 yuan less. */
const groupbuyPrice = (price: number) => Math.max(100, Math.min(price - 100, Math.floor((price * 0.8) / 100) * 100));

async function insertGroupbuy(db: Db, at: number, name: string, goods: Candidate, buyNum: number, start: number, end: number): Promise<void> {
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
}

/** The package price: 85% of the goods' default prices × num, down to whole yuan. */
async function insertBundling(db: Db, at: number, name: string, goods: Array<{ goods: Candidate; num: number }>, start: number, end: number): Promise<void> {
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
}

export async function seedGroupbuyBundling(db: Db): Promise<void> {
  const at = now();
  const day = DAY_SECONDS;
  const { withSpecs, single } = await candidates(db);
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
  for (const [name, pool, buyNum, start, end] of groupbuys) {
    const goods = take(pool);
    if (goods) await insertGroupbuy(db, at, name, goods, buyNum, start, end);
  }

  const combos: Array<[name: string, goods: Array<[pool: Candidate[], num: number]>, start: number, end: number]> = [
    ["超值两件套", [[specGoods, 1], [plainGoods, 1]], at - 2 * day, at + 12 * day],
    ["家庭三件套（第三件两份）", [[plainGoods, 1], [plainGoods, 1], [plainGoods, 2]], at - 1 * day, at + 6 * day],
    ["新品组合预告", [[plainGoods, 1], [specGoods, 1]], at + 2 * day, at + 16 * day],
    ["双十一组合（已结束）", [[plainGoods, 1], [plainGoods, 1]], at - 25 * day, at - 15 * day],
  ];
  for (const [name, wanted, start, end] of combos) {
    const goods = wanted.map(([pool, num]) => ({ goods: take(pool, true), num }));
    if (goods.every((item) => item.goods)) await insertBundling(db, at, name, goods as Array<{ goods: Candidate; num: number }>, start, end);
  }
}
