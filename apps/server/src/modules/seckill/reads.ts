import type { SeckillDetail, SeckillGoodsItem, SeckillGoodsPage, SeckillSkuInfo, SeckillSkuItem, SeckillSlotList } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { now } from "../../core/time.ts";
import { cached } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { cheapestSku, loadSeckillRecord, loadSeckillRecords, loadSlots, memberBought, poolLeft, poolSold, type SeckillRecord, type SeckillSkuRecord } from "./records.ts";
import { goodsState, goodsStateName, seckillWindow, shopMidnight, soldProgress, stateInSlot, toWireSlot, type SlotRow } from "./slots.ts";
import { SECKILL_READ_TTL_MS, SECKILL_TAG } from "./cache.ts";

/**
 * The shoppers' seckill reads (/seckill/api/*). Rows are cached a few seconds under the seckill tag
 * (and each goods' tag); states and countdowns are worked out per answer from the server's clock,
 * which every answer carries as current_time.
 */

const recordTags = (records: SeckillRecord[]) => [SECKILL_TAG, ...records.map((record) => CacheTag.goods(record.goods_id))];

function cachedSlots(db: Db) {
  return cached({ db }, "seckill:slots", [SECKILL_TAG], SECKILL_READ_TTL_MS, () => loadSlots(db));
}

export async function slotList(db: Db, at = now()): Promise<SeckillSlotList> {
  const slots = await cachedSlots(db);
  const list = slots.map((slot) => toWireSlot(slot, at));
  return { list, current_id: list.find((slot) => slot.state === "running")?.id ?? 0, current_time: at };
}

async function findSlot(db: Db, slotId: number): Promise<SlotRow> {
  const slot = (await cachedSlots(db)).find((row) => row.id === slotId);
  return slot ?? fail("秒杀场次不存在");
}

/** The seckills of a slot that overlap its window today, with their goods on sale. */
async function slotRecords(db: Db, slot: SlotRow, at: number): Promise<SeckillRecord[]> {
  const midnight = shopMidnight(at);
  const windowStart = midnight + slot.seckill_start_time;
  const windowEnd = midnight + slot.seckill_end_time;
  return cached({ db }, `seckill:slot:${slot.id}:${midnight}`, recordTags, SECKILL_READ_TTL_MS, async () => {
    const rows = await db
      .selectFrom("promotion_seckill_slot")
      .innerJoin("promotion_seckill", "promotion_seckill.seckill_id", "promotion_seckill_slot.seckill_id")
      .select("promotion_seckill.seckill_id")
      .where("promotion_seckill_slot.time_id", "=", slot.id)
      .where("promotion_seckill.status", "=", 1)
      .where("promotion_seckill.start_time", "<", windowEnd)
      .where("promotion_seckill.end_time", ">", windowStart)
      .orderBy("promotion_seckill.seckill_id")
      .execute();
    const records = await loadSeckillRecords(db, rows.map((row) => row.seckill_id));
    return records.filter((record) => record.goods_on_sale && record.skus.length > 0);
  });
}

/** A SKU's picture, else the goods' first. */
const skuPicture = (record: SeckillRecord, sku: SeckillSkuRecord): string => sku.sku_image || record.goods_image.split(",")[0] || "";

/** A SKU of a seckill as its page (and staff, with goods_stock) show it. */
export function toWireSku(record: SeckillRecord, sku: SeckillSkuRecord): SeckillSkuItem {
  return {
    sku_id: sku.sku_id,
    sku_name: sku.sku_name,
    spec_name: sku.spec_name,
    sku_spec_format: sku.sku_spec_format,
    sku_image: skuPicture(record, sku),
    seckill_price: yuan(sku.seckillPriceCents),
    price: yuan(sku.priceCents),
    stock: sku.stock,
    sale_num: sku.sale_num,
  };
}

/** The seckill on its cheapest SKU, with the whole pool: a slot's goods, and the head of its page. */
function toGoodsItem(record: SeckillRecord, state: ReturnType<typeof goodsState>): SeckillGoodsItem {
  const sku = cheapestSku(record)!;
  const left = poolLeft(record);
  const sold = poolSold(record);
  return {
    id: record.seckill_id,
    seckill_id: record.seckill_id,
    seckill_name: record.seckill_name,
    goods_id: record.goods_id,
    sku_id: sku.sku_id,
    goods_name: record.goods_name,
    sku_image: skuPicture(record, sku),
    seckill_price: yuan(sku.seckillPriceCents),
    price: yuan(sku.priceCents),
    stock: left,
    sale_num: sold,
    total_num: left + sold,
    progress: soldProgress(sold, left),
    max_buy: record.max_buy,
    state,
    state_name: goodsStateName(state),
  };
}

export async function slotGoodsPage(db: Db, request: { seckill_time_id: number; page: number; page_size: number }, at = now()): Promise<SeckillGoodsPage> {
  const slot = await findSlot(db, request.seckill_time_id);
  const records = await slotRecords(db, slot, at);
  const pageSize = request.page_size || 100;
  const list = records
    .slice((request.page - 1) * pageSize, request.page * pageSize)
    .map((record) => toGoodsItem(record, stateInSlot(record, slot, poolLeft(record), at)));
  return { list, count: records.length, page_count: Math.ceil(records.length / pageSize), slot: toWireSlot(slot, at), current_time: at };
}

async function cachedRecord(db: Db, seckillId: number): Promise<SeckillRecord | undefined> {
  return cached({ db }, `seckill:${seckillId}`, (record) => (record ? recordTags([record]) : [SECKILL_TAG]), SECKILL_READ_TTL_MS, () => loadSeckillRecord(db, seckillId));
}

/** A seckill's slots among those shown. */
async function slotsOf(db: Db, record: SeckillRecord): Promise<SlotRow[]> {
  return (await cachedSlots(db)).filter((slot) => record.time_ids.includes(slot.id));
}

export async function seckillDetail(db: Db, seckillId: number, memberId: number | undefined, at = now()): Promise<SeckillDetail> {
  const record = await cachedRecord(db, seckillId);
  if (!record || !record.goods_on_sale || record.skus.length === 0) return fail("秒杀活动不存在或已下架");
  const [slots, bought, content] = await Promise.all([
    slotsOf(db, record),
    memberBought(db, seckillId, memberId),
    cached({ db }, `seckill:content:${record.goods_id}`, [CacheTag.goods(record.goods_id)], SECKILL_READ_TTL_MS, async () =>
      (await db.selectFrom("goods").select("goods_content").where("goods_id", "=", record.goods_id).executeTakeFirst())?.goods_content ?? ""),
  ]);
  const window = seckillWindow(record, slots, at);
  return {
    ...toGoodsItem(record, goodsState(window, poolLeft(record))),
    goods_image: record.goods_image,
    goods_content: content,
    unit: record.unit,
    goods_spec_format: record.goods_spec_format,
    start_time: record.start_time,
    end_time: record.end_time,
    member_bought: bought,
    status: record.status,
    window,
    slots: slots.map((slot) => toWireSlot(slot, at)),
    sku_list: record.skus.map((sku) => toWireSku(record, sku)),
    current_time: at,
  };
}

/** The seckills a SKU is in that have not ended (status on, end date ahead). */
async function seckillsOfSku(db: Db, skuId: number, at: number): Promise<number[]> {
  const rows = await cached({ db }, `seckill:sku:${skuId}`, [SECKILL_TAG], SECKILL_READ_TTL_MS, () =>
    db
      .selectFrom("promotion_seckill_sku")
      .innerJoin("promotion_seckill", "promotion_seckill.seckill_id", "promotion_seckill_sku.seckill_id")
      .select(["promotion_seckill.seckill_id", "promotion_seckill.end_time"])
      .where("promotion_seckill_sku.sku_id", "=", skuId)
      .where("promotion_seckill.status", "=", 1)
      .orderBy("promotion_seckill.seckill_id")
      .execute(),
  );
  return rows.filter((row) => Number(row.end_time) > at).map((row) => row.seckill_id);
}

/**
 * /seckill/api/seckillgoods/info: the SKU's seckill — the one named, else the one on now, else the
 * one starting soonest; null when the SKU is in none that has not ended.
 */
export async function skuSeckillInfo(db: Db, skuId: number, seckillId: number | undefined, at = now()): Promise<SeckillSkuInfo | null> {
  const ids = seckillId ? [seckillId] : await seckillsOfSku(db, skuId, at);
  const candidates: SeckillSkuInfo[] = [];
  for (const id of ids) {
    const record = await cachedRecord(db, id);
    const sku = record?.skus.find((item) => item.sku_id === skuId);
    if (!record || !sku || !record.goods_on_sale) continue;
    const window = seckillWindow(record, await slotsOf(db, record), at);
    if (!seckillId && window.state === "ended") continue;
    const state = goodsState(window, sku.stock);
    candidates.push({
      seckill_id: record.seckill_id, seckill_name: record.seckill_name, sku_id: skuId, goods_id: record.goods_id,
      seckill_price: yuan(sku.seckillPriceCents), price: yuan(sku.priceCents), stock: sku.stock, sale_num: sku.sale_num, max_buy: record.max_buy,
      state, state_name: goodsStateName(state), window, current_time: at,
    });
  }
  if (seckillId && candidates.length === 0) return fail("该商品不在此秒杀活动中");
  const running = candidates.find((info) => info.window.state === "running");
  return running ?? candidates.sort((a, b) => a.window.start_at - b.window.start_at)[0] ?? null;
}
