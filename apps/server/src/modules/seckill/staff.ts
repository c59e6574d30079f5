import type { Page, SeckillConfig, SeckillInput, SeckillSlotInput, StaffSeckill, StaffSeckillSlot } from "@shop/contract";
import { getConfig, setConfig } from "../../core/config-store.ts";
import { SECKILL_AUTO_CLOSE_DEFAULT } from "./buying.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { afterCommit, unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { now } from "../../core/time.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { loadSeckillRecords, loadSlots, poolLeft, poolSold, type SeckillRecord } from "./records.ts";
import { slotsOverlap, toWireSlot } from "./slots.ts";
import { toWireSku } from "./reads.ts";
import { purgeSeckill, scheduleBoundary, scheduleSeckillEdges } from "./cache.ts";
import { dropMirror, reconcileSeckill } from "./redis-pool.ts";
import { forgetSnapshot } from "./door.ts";
import { promotionSales, type PromotionSales } from "./promotion-sales.ts";

/**
 * Staff manage seckills (/shopapi/seckill/*, permission promotion.manage): the day's slots, and the
 * seckills — goods, slots, dates, per-member limit, and per SKU the seckill price and the pool.
 * Every change is logged with the staff member in its unit of work, purges what guests see, and
 * rebuilds the seckill's Redis mirror from the database after it commits.
 */

export const SLOT_NOT_FOUND = "秒杀场次不存在";
export const SECKILL_NOT_FOUND = "秒杀活动不存在";

const PHASE_NAMES = { upcoming: "未开始", running: "进行中", ended: "已结束", closed: "已关闭" } as const;
type Phase = keyof typeof PHASE_NAMES;

function phaseOf(record: Pick<SeckillRecord, "status" | "start_time" | "end_time">, at: number): Phase {
  if (record.status !== 1) return "closed";
  if (at < record.start_time) return "upcoming";
  return at < record.end_time ? "running" : "ended";
}

// ---- slots --------------------------------------------------------------------------------------

export async function staffSlots(db: Db): Promise<StaffSeckillSlot[]> {
  const at = now();
  const [slots, counts] = await Promise.all([
    loadSlots(db, true),
    db
      .selectFrom("promotion_seckill_slot")
      .innerJoin("promotion_seckill", "promotion_seckill.seckill_id", "promotion_seckill_slot.seckill_id")
      .select(["promotion_seckill_slot.time_id", (eb) => eb.fn.countAll<number>().as("count")])
      .where("promotion_seckill.status", "=", 1)
      .where("promotion_seckill.end_time", ">", at)
      .groupBy("promotion_seckill_slot.time_id")
      .execute(),
  ]);
  const countOf = new Map(counts.map((row) => [row.time_id, Number(row.count)]));
  return slots.map((slot) => ({ ...toWireSlot(slot, at), status: slot.status, sort: slot.sort, seckill_count: countOf.get(slot.id) ?? 0 }));
}

async function refuseOverlap(db: Db, input: SeckillSlotInput, exceptId: number): Promise<void> {
  const clash = (await loadSlots(db, true)).find((slot) => slot.id !== exceptId && slotsOverlap(slot, input));
  if (clash) fail(`与场次「${clash.name}」的时间重叠`);
}

export async function addSlot(db: Db, caller: StaffCaller, input: SeckillSlotInput): Promise<{ id: number }> {
  const id = await unitOfWork(db, async (tx) => {
    await refuseOverlap(tx, input, 0);
    const at = now();
    const { id } = await tx.insertInto("promotion_seckill_time").values({ ...input, create_time: at, update_time: at }).returning("id").executeTakeFirstOrThrow();
    await logStaffAction(tx, caller, "seckill.slot.add", { type: "seckill_time", id }, { ...input });
    await purgeSeckill(tx);
    return id;
  });
  await scheduleBoundary(db);
  return { id };
}

export async function editSlot(db: Db, caller: StaffCaller, id: number, input: SeckillSlotInput): Promise<{ id: number }> {
  await unitOfWork(db, async (tx) => {
    await refuseOverlap(tx, input, id);
    const result = await tx.updateTable("promotion_seckill_time").set({ ...input, update_time: now() }).where("id", "=", id).executeTakeFirst();
    expectAffected(result, 1, SLOT_NOT_FOUND);
    await logStaffAction(tx, caller, "seckill.slot.edit", { type: "seckill_time", id }, { ...input });
    await purgeSeckill(tx, await goodsOfSlot(tx, id));
  });
  await scheduleBoundary(db);
  return { id };
}

async function goodsOfSlot(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom("promotion_seckill_slot")
    .innerJoin("promotion_seckill", "promotion_seckill.seckill_id", "promotion_seckill_slot.seckill_id")
    .select("promotion_seckill.goods_id")
    .where("promotion_seckill_slot.time_id", "=", id)
    .execute();
  return rows.map((row) => row.goods_id);
}

export async function deleteSlot(db: Db, caller: StaffCaller, id: number): Promise<null> {
  await unitOfWork(db, async (tx) => {
    const used = await tx
      .selectFrom("promotion_seckill_slot")
      .innerJoin("promotion_seckill", "promotion_seckill.seckill_id", "promotion_seckill_slot.seckill_id")
      .select("promotion_seckill.seckill_name")
      .where("promotion_seckill_slot.time_id", "=", id)
      .where("promotion_seckill.status", "=", 1)
      .where("promotion_seckill.end_time", ">", now())
      .executeTakeFirst();
    if (used) fail(`秒杀活动「${used.seckill_name}」正在使用该场次，不能删除`);
    const result = await tx.deleteFrom("promotion_seckill_time").where("id", "=", id).executeTakeFirst();
    expectAffected(result, 1, SLOT_NOT_FOUND);
    await tx.deleteFrom("promotion_seckill_slot").where("time_id", "=", id).execute();
    await logStaffAction(tx, caller, "seckill.slot.delete", { type: "seckill_time", id });
    await purgeSeckill(tx);
  });
  return null;
}

// ---- seckills -----------------------------------------------------------------------------------

function toStaffSeckill(record: SeckillRecord, at: number, sales: PromotionSales): StaffSeckill {
  const phase = phaseOf(record, at);
  return {
    seckill_id: record.seckill_id,
    seckill_name: record.seckill_name,
    goods_id: record.goods_id,
    goods_name: record.goods_name,
    goods_image: record.goods_image,
    start_time: record.start_time,
    end_time: record.end_time,
    max_buy: record.max_buy,
    status: record.status,
    phase,
    phase_name: PHASE_NAMES[phase],
    remark: record.remark,
    time_ids: record.time_ids,
    stock: poolLeft(record),
    sale_num: poolSold(record),
    order_count: sales.orderCount,
    order_money: yuan(sales.orderMoneyCents),
    sku_list: record.skus.map((sku) => ({ ...toWireSku(record, sku), goods_stock: sku.goods_stock })),
    create_time: record.create_time,
    update_time: record.update_time,
  };
}

export async function listSeckills(db: Db, request: PageRequest & { status: "all" | Phase; keyword: string }): Promise<Page<StaffSeckill>> {
  const at = now();
  let query = db.selectFrom("promotion_seckill").select("seckill_id");
  if (request.status === "closed") query = query.where("status", "=", -1);
  if (request.status === "upcoming") query = query.where("status", "=", 1).where("start_time", ">", at);
  if (request.status === "running") query = query.where("status", "=", 1).where("start_time", "<=", at).where("end_time", ">", at);
  if (request.status === "ended") query = query.where("status", "=", 1).where("end_time", "<=", at);
  if (request.keyword) {
    const like = `%${request.keyword.replace(/[\\%_]/g, "")}%`;
    query = query.where((eb) => eb.or([eb("seckill_name", "like", like), eb("goods_name", "like", like)]));
  }
  const page = await paginate(db, query.orderBy("seckill_id", "desc"), request);
  const ids = page.list.map((row) => row.seckill_id);
  const [records, salesOf] = await Promise.all([loadSeckillRecords(db, ids), promotionSales(db, "seckill", ids)]);
  return { ...page, list: records.map((record) => toStaffSeckill(record, at, salesOf(record.seckill_id))) };
}

export async function staffSeckillDetail(db: Db, seckillId: number): Promise<StaffSeckill> {
  const [[record], salesOf] = await Promise.all([loadSeckillRecords(db, [seckillId]), promotionSales(db, "seckill", [seckillId])]);
  return record ? toStaffSeckill(record, now(), salesOf(seckillId)) : fail(SECKILL_NOT_FOUND);
}

/** Checks a body against the goods, its SKUs, the slots and the goods' other seckills. */
async function checkInput(db: Db, input: SeckillInput, seckillId: number) {
  const goods = await db.selectFrom("goods").select(["goods_id", "goods_name", "goods_image", "is_delete"]).where("goods_id", "=", input.goods_id).executeTakeFirst();
  if (!goods || goods.is_delete) fail("商品不存在或已删除");
  const skus = await db.selectFrom("goods_sku").select(["sku_id", "sku_name", "discount_price_cents", "stock"]).where("goods_id", "=", input.goods_id).execute();
  const skuOf = new Map(skus.map((sku) => [sku.sku_id, sku]));
  for (const item of input.sku_list) {
    const sku = skuOf.get(item.sku_id) ?? fail(`规格 ${item.sku_id} 不属于该商品`);
    if (item.seckill_price > Number(sku.discount_price_cents)) fail(`「${sku.sku_name}」的秒杀价不能高于售价 ${yuan(Number(sku.discount_price_cents))} 元`);
  }
  const slotIds = [...new Set(input.time_ids)];
  const slots = await db.selectFrom("promotion_seckill_time").select("id").where("id", "in", slotIds).execute();
  if (slots.length !== slotIds.length) fail(SLOT_NOT_FOUND);
  // The same goods may not be in two seckills running in one slot on one day.
  const clash = await db
    .selectFrom("promotion_seckill")
    .innerJoin("promotion_seckill_slot", "promotion_seckill_slot.seckill_id", "promotion_seckill.seckill_id")
    .select("promotion_seckill.seckill_name")
    .where("promotion_seckill.goods_id", "=", input.goods_id)
    .where("promotion_seckill.seckill_id", "!=", seckillId)
    .where("promotion_seckill.status", "=", 1)
    .where("promotion_seckill.start_time", "<", input.end_time)
    .where("promotion_seckill.end_time", ">", input.start_time)
    .where("promotion_seckill_slot.time_id", "in", slotIds)
    .executeTakeFirst();
  if (clash) fail(`该商品已参加同一场次的秒杀活动「${clash.seckill_name}」`);
  return { goods: goods!, slotIds };
}

async function writeSlots(tx: Db, seckillId: number, slotIds: number[]): Promise<void> {
  await tx.deleteFrom("promotion_seckill_slot").where("seckill_id", "=", seckillId).execute();
  await tx.insertInto("promotion_seckill_slot").values(slotIds.map((timeId) => ({ seckill_id: seckillId, time_id: timeId }))).execute();
}

async function afterChange(db: Db, seckillId: number): Promise<void> {
  forgetSnapshot(db, seckillId);
  await reconcileSeckill(db, seckillId).catch(() => false);
}

export async function addSeckill(db: Db, caller: StaffCaller, input: SeckillInput): Promise<{ seckill_id: number }> {
  const seckillId = await unitOfWork(db, async (tx) => {
    const { goods, slotIds } = await checkInput(tx, input, 0);
    const at = now();
    const { seckill_id } = await tx
      .insertInto("promotion_seckill")
      .values({
        seckill_name: input.seckill_name, goods_id: goods.goods_id, goods_name: goods.goods_name, goods_image: goods.goods_image,
        start_time: input.start_time, end_time: input.end_time, max_buy: input.max_buy, status: 1, remark: input.remark, create_time: at, update_time: at,
      })
      .returning("seckill_id")
      .executeTakeFirstOrThrow();
    await writeSlots(tx, seckill_id, slotIds);
    await tx
      .insertInto("promotion_seckill_sku")
      .values(input.sku_list.map((sku) => ({ seckill_id, goods_id: goods.goods_id, sku_id: sku.sku_id, seckill_price_cents: sku.seckill_price, stock: sku.stock, sale_num: 0 })))
      .execute();
    await scheduleSeckillEdges(tx, input);
    await logStaffAction(tx, caller, "seckill.add", { type: "seckill", id: seckill_id }, { goods_id: goods.goods_id, sku_list: input.sku_list });
    await purgeSeckill(tx, [goods.goods_id]);
    return seckill_id;
  });
  await afterChange(db, seckillId);
  return { seckill_id: seckillId };
}

/**
 * Edits a seckill: name, dates, slots, limit, remark, and per SKU the price and the pool left
 * (`stock`: what may still be sold; sold units stay sold). A SKU with sales cannot be removed.
 */
export async function editSeckill(db: Db, caller: StaffCaller, seckillId: number, input: SeckillInput): Promise<{ seckill_id: number }> {
  await unitOfWork(db, async (tx) => {
    const current = await tx.selectFrom("promotion_seckill").select(["goods_id", "status"]).where("seckill_id", "=", seckillId).executeTakeFirst();
    if (!current) return fail(SECKILL_NOT_FOUND);
    if (current.status !== 1) fail("秒杀活动已关闭，不能编辑");
    if (current.goods_id !== input.goods_id) fail("不能更换秒杀活动的商品");
    const { slotIds } = await checkInput(tx, input, seckillId);
    await tx
      .updateTable("promotion_seckill")
      .set({ seckill_name: input.seckill_name, start_time: input.start_time, end_time: input.end_time, max_buy: input.max_buy, remark: input.remark, update_time: now() })
      .where("seckill_id", "=", seckillId)
      .execute();
    await writeSlots(tx, seckillId, slotIds);
    const existing = await tx.selectFrom("promotion_seckill_sku").select(["sku_id", "sale_num"]).where("seckill_id", "=", seckillId).execute();
    const wanted = new Set(input.sku_list.map((sku) => sku.sku_id));
    for (const row of existing) {
      if (wanted.has(row.sku_id)) continue;
      if (Number(row.sale_num) > 0) fail(`规格 ${row.sku_id} 已有售出，不能移除`);
      await tx.deleteFrom("promotion_seckill_sku").where("seckill_id", "=", seckillId).where("sku_id", "=", row.sku_id).execute();
    }
    const had = new Set(existing.map((row) => row.sku_id));
    for (const sku of [...input.sku_list].sort((a, b) => a.sku_id - b.sku_id)) {
      if (had.has(sku.sku_id)) {
        await tx.updateTable("promotion_seckill_sku").set({ seckill_price_cents: sku.seckill_price, stock: sku.stock }).where("seckill_id", "=", seckillId).where("sku_id", "=", sku.sku_id).execute();
      } else {
        await tx.insertInto("promotion_seckill_sku").values({ seckill_id: seckillId, goods_id: input.goods_id, sku_id: sku.sku_id, seckill_price_cents: sku.seckill_price, stock: sku.stock, sale_num: 0 }).execute();
      }
    }
    await scheduleSeckillEdges(tx, input);
    await logStaffAction(tx, caller, "seckill.edit", { type: "seckill", id: seckillId }, { sku_list: input.sku_list, max_buy: input.max_buy });
    await purgeSeckill(tx, [input.goods_id]);
  });
  await afterChange(db, seckillId);
  return { seckill_id: seckillId };
}

/** Closes a seckill: nothing more is sold; unpaid orders may still be paid, or close and give back. */
export async function closeSeckill(db: Db, caller: StaffCaller, seckillId: number): Promise<null> {
  await unitOfWork(db, async (tx) => {
    const current = await tx.selectFrom("promotion_seckill").select(["goods_id", "status"]).where("seckill_id", "=", seckillId).executeTakeFirst();
    if (!current) return fail(SECKILL_NOT_FOUND);
    const result = await tx.updateTable("promotion_seckill").set({ status: -1, update_time: now() }).where("seckill_id", "=", seckillId).where("status", "=", 1).executeTakeFirst();
    expectAffected(result, 1, "秒杀活动已关闭");
    await logStaffAction(tx, caller, "seckill.close", { type: "seckill", id: seckillId });
    await purgeSeckill(tx, [current.goods_id]);
    await afterCommit(tx, async () => {
      forgetSnapshot(tx, seckillId);
      await dropMirror(tx, seckillId);
    });
  });
  return null;
}

/** The seckill settings (the default when never saved). */
export async function seckillConfig(db: Db): Promise<SeckillConfig> {
  const config = await getConfig(db, "seckill_config", SECKILL_AUTO_CLOSE_DEFAULT);
  return { auto_close_minutes: Number(config.auto_close_minutes) || SECKILL_AUTO_CLOSE_DEFAULT.auto_close_minutes };
}

/** Saves the settings; orders placed from now on close after the new time. */
export async function setSeckillConfig(db: Db, caller: StaffCaller, config: SeckillConfig): Promise<SeckillConfig> {
  await unitOfWork(db, async (tx) => {
    await setConfig(tx, "seckill_config", { auto_close_minutes: config.auto_close_minutes });
    await logStaffAction(tx, caller, "seckill.config", { type: "config", id: "seckill_config" }, { ...config });
  });
  return seckillConfig(db);
}
