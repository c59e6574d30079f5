import type { Db } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { shopMidnight } from "./slots.ts";

/** Seckill rows for tests, written straight to the database (the staff API has its own tests). Not imported by production code. */

/** Two slots that do not overlap: one around now (±30 min), one far from now (an hour at the other end of the day). */
export async function insertSlotsAroundNow(db: Db, at = now()): Promise<{ onNow: number; notNow: number }> {
  const seconds = at - shopMidnight(at);
  const onNow = [Math.max(0, seconds - 1800), Math.min(86_400, seconds + 1800)] as const;
  const notNow = seconds >= 43_200 ? ([0, 3600] as const) : ([82_800, 86_400] as const);
  const insert = async (name: string, [start, end]: readonly [number, number]) =>
    (
      await db
        .insertInto("promotion_seckill_time")
        .values({ name, seckill_start_time: start, seckill_end_time: end, status: 1, sort: 0, create_time: at, update_time: at })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  return { onNow: await insert("当前场", onNow), notNow: await insert("其他场", notNow) };
}

export interface SeckillFixture {
  goodsId: number;
  skus: Array<{ skuId: number; priceCents: number; pool: number }>;
  slotIds: number[];
  maxBuy?: number;
  start?: number;
  end?: number;
  status?: number;
  name?: string;
}

export async function insertSeckill(db: Db, fixture: SeckillFixture): Promise<number> {
  const at = now();
  const { seckill_id } = await db
    .insertInto("promotion_seckill")
    .values({
      seckill_name: fixture.name ?? "测试秒杀", goods_id: fixture.goodsId, goods_name: "测试商品", goods_image: "", start_time: fixture.start ?? at - 86_400,
      end_time: fixture.end ?? at + 86_400, max_buy: fixture.maxBuy ?? 0, status: fixture.status ?? 1, remark: "", create_time: at, update_time: at,
    })
    .returning("seckill_id")
    .executeTakeFirstOrThrow();
  await db.insertInto("promotion_seckill_slot").values(fixture.slotIds.map((timeId) => ({ seckill_id, time_id: timeId }))).execute();
  await db
    .insertInto("promotion_seckill_sku")
    .values(fixture.skus.map((sku) => ({ seckill_id, goods_id: fixture.goodsId, sku_id: sku.skuId, seckill_price_cents: sku.priceCents, stock: sku.pool, sale_num: 0 })))
    .execute();
  return seckill_id;
}

/** The pool, sold count and member counts of a seckill. */
export async function seckillCounts(db: Db, seckillId: number) {
  const skus = await db.selectFrom("promotion_seckill_sku").select(["sku_id", "stock", "sale_num"]).where("seckill_id", "=", seckillId).orderBy("sku_id").execute();
  const members = await db.selectFrom("promotion_seckill_member").select(["member_id", "num"]).where("seckill_id", "=", seckillId).execute();
  return {
    pool: skus.reduce((sum, sku) => sum + Number(sku.stock), 0),
    sold: skus.reduce((sum, sku) => sum + Number(sku.sale_num), 0),
    members: new Map(members.map((row) => [row.member_id, Number(row.num)])),
  };
}
