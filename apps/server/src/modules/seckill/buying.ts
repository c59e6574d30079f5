import { sql } from "kysely";
import type { Db } from "../../db/unit-of-work.ts";
import { afterCommit } from "../../db/unit-of-work.ts";
import { affectedRows } from "../../db/conditional.ts";
import { BizError, fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { countSeckillDoor } from "../../core/metrics.ts";
import { getConfig } from "../../core/config-store.ts";
import { pricePromotionLines, type PromotionCheckout, type PromotionOrder, type PromotionOrderLine, type PromotionSource } from "../promotion/checkout-hooks.ts";
import type { PricedLine } from "../checkout/order-lines.ts";
import { memberBought, type SeckillRecord } from "./records.ts";
import { forgetSnapshot, inLane, noteUnitsLeft, seckillRecordSnapshot, slotsSnapshot } from "./door.ts";
import { bindPlace, CROWDED_MESSAGE, holdsPlace, leavePlace, takePlace } from "./admission.ts";
import { clockText, seckillWindow, shopMidnight } from "./slots.ts";
import { purgeSeckill } from "./cache.ts";
import { giveBackInGate, reserveInGate, settleInGate, type GateReservation } from "./redis-pool.ts";

/**
 * Buying at a seckill (PromotionCheckout "seckill", ADR 0021): only inside one of its slots on a
 * day between its dates, from its own pool, at most max_buy units per member counting unpaid and
 * paid orders (a closed order gives its units back; a refunded one does not). Coupons do not apply.
 * An unpaid seckill order closes after seckill_config.auto_close_minutes (default 5).
 *
 * Taking, in create's unit of work after the SKU stock: the pool by `stock >= num` conditional
 * update, the member's count by an insert-if-missing and a `num + n <= max_buy` conditional update.
 * With Redis the same is first taken in the gate (redis-pool.ts) so a flash crowd's losers never
 * reach the database's write lock.
 */

export const SECKILL_AUTO_CLOSE_DEFAULT = { auto_close_minutes: 5 };

export const SECKILL_MESSAGES = {
  notFound: "秒杀活动不存在",
  ended: "秒杀活动已结束",
  offShelf: "秒杀商品已下架",
  skuNotIn: "该规格不参加此秒杀活动",
  soldOut: "手慢了，秒杀商品已抢光",
  oneSku: "秒杀每次只能购买一个规格",
} as const;

/** Thrown as is for every sold-out refusal (a flash crowd's thousands need no stack trace each). */
const SOLD_OUT = new BizError(SECKILL_MESSAGES.soldOut);

export function limitMessage(maxBuy: number, bought: number, unit: string): string {
  return bought >= maxBuy
    ? `每人限购 ${maxBuy}${unit}，您已购买 ${bought}${unit}`
    : `每人限购 ${maxBuy}${unit}，您最多还能购买 ${maxBuy - bought}${unit}`;
}

/** Refused by the conditional update or the Redis gate: another order of the member got there first. */
export const limitReachedMessage = (maxBuy: number, unit: string): string => `每人限购 ${maxBuy}${unit}，您已达到限购数量`;

function upcomingMessage(window: { start_at: number; slot_name: string }, at: number): string {
  const sameDay = shopMidnight(window.start_at) === shopMidnight(at);
  const clock = clockText(window.start_at - shopMidnight(window.start_at));
  return `秒杀尚未开始，${sameDay ? "今天" : "下一场"} ${clock}（${window.slot_name}）开抢`;
}

/** The one SKU of a seckill source. */
function skuOf(source: PromotionSource): number {
  if (source.sku_ids.length !== 1) return fail(SECKILL_MESSAGES.oneSku);
  return source.sku_ids[0]!;
}

type SkuRecord = NonNullable<SeckillRecord>["skus"][number];

/** Why the seckill cannot sell `num` of the SKU now (not counting the member's limit), else its record and SKU. */
async function sellable(db: Db, source: PromotionSource, at: number): Promise<{ record: SeckillRecord; sku: SkuRecord }> {
  const skuId = skuOf(source);
  const record = await seckillRecordSnapshot(db, source.promotion_id);
  if (!record) return fail(SECKILL_MESSAGES.notFound);
  if (record.status !== 1) return fail(SECKILL_MESSAGES.ended);
  if (!record.goods_on_sale) return fail(SECKILL_MESSAGES.offShelf);
  const sku = record.skus.find((item) => item.sku_id === skuId);
  if (!sku) return fail(SECKILL_MESSAGES.skuNotIn);
  const slots = (await slotsSnapshot(db)).filter((slot) => record.time_ids.includes(slot.id));
  const window = seckillWindow(record, slots, at);
  if (window.state === "ended") return fail(SECKILL_MESSAGES.ended);
  if (window.state === "upcoming") return fail(upcomingMessage(window, at));
  if (sku.stock <= 0) throw SOLD_OUT;
  if (sku.stock < source.num) return fail(`秒杀库存不足，仅剩 ${sku.stock}${record.unit}`);
  return { record, sku };
}

async function priceLines(db: Db, memberId: number, source: PromotionSource): Promise<PricedLine[]> {
  const { record, sku } = await sellable(db, source, now());
  if (record.max_buy > 0) {
    const bought = await memberBought(db, record.seckill_id, memberId);
    if (bought + source.num > record.max_buy) return fail(limitMessage(record.max_buy, bought, record.unit));
  }
  return pricePromotionLines(db, [{ skuId: sku.sku_id, num: source.num, priceCents: sku.seckillPriceCents }]);
}

/**
 * payment's door, before the session is read: 已抢光 from the snapshot, then a place for the token
 * among the checkouts in flight (抢购人数过多 when there is none). Every other refusal waits for
 * the preview, after the session: a caller who is no member is told to log in first.
 */
async function door(db: Db, token: string, source: PromotionSource): Promise<(() => void) | void> {
  let sku: SkuRecord;
  try {
    ({ sku } = await sellable(db, source, now()));
  } catch (error) {
    countSeckillDoor(error === SOLD_OUT ? "sold_out" : "other");
    if (error === SOLD_OUT) throw error;
    return;
  }
  const giveBack = await takePlace(db, source.promotion_id, sku.sku_id, token, sku.stock).catch((error: unknown) => {
    countSeckillDoor(error instanceof BizError && error.message === CROWDED_MESSAGE ? "crowded" : "other");
    throw error;
  });
  countSeckillDoor("admitted");
  return giveBack;
}

/**
 * After the session: the place the door gave the token becomes the member's, so that leave frees it
 * (the preview refused, or the create ended). The door (core/api.ts runs it for every member call
 * presenting a token) gives no place when the snapshot refused for another reason than sold out —
 * not started yet, say; if that is still so the preview tells it, but a slot that began since must
 * not let the member through uncounted: without a place the door's work is done here.
 */
async function enter(db: Db, memberId: number, source: PromotionSource, token: string): Promise<void> {
  if (!holdsPlace(db, source.promotion_id, token)) {
    const { sku } = await sellable(db, source, now());
    await takePlace(db, source.promotion_id, sku.sku_id, token, sku.stock);
  }
  await bindPlace(db, source.promotion_id, token, memberId);
}

/**
 * After create's stock take, under the SKU's row lock until commit: every statement here is time
 * the next buyer of a hot SKU waits, so the pool's update returns what is left and the member's
 * count is one upsert guarded by the seckill's limit (the seckill read fresh in this unit of work
 * by priceLines, so a first count of more than max_buy was refused before).
 */
async function take(tx: Db, order: PromotionOrder, _source: PromotionSource, lines: PricedLine[]): Promise<void> {
  let total = 0;
  let ranOut: number | undefined;
  for (const line of [...lines].sort((a, b) => a.skuId - b.skuId)) {
    const row = await tx
      .updateTable("promotion_seckill_sku")
      .set((eb) => ({ stock: eb("stock", "-", line.num), sale_num: eb("sale_num", "+", line.num) }))
      .where("seckill_id", "=", order.promotion_id)
      .where("sku_id", "=", line.skuId)
      .where("stock", ">=", line.num)
      .returning(["goods_id", "stock"])
      .executeTakeFirst();
    if (!row) return fail(SECKILL_MESSAGES.soldOut);
    total += line.num;
    // What is left: this process's door knows at once.
    const skuId = line.skuId;
    const left = Number(row.stock);
    await afterCommit(tx, async () => noteUnitsLeft(tx, order.promotion_id, skuId, left));
    if (left === 0) ranOut = row.goods_id;
  }
  const limitOf = sql<number>`(select max_buy from promotion_seckill where seckill_id = ${order.promotion_id})`;
  const counted = await tx
    .insertInto("promotion_seckill_member")
    .values({ seckill_id: order.promotion_id, member_id: order.member_id, num: total, update_time: now() })
    .onConflict((conflict) =>
      conflict
        .columns(["seckill_id", "member_id"])
        .doUpdateSet((eb) => ({ num: eb("promotion_seckill_member.num", "+", eb.ref("excluded.num")), update_time: eb.ref("excluded.update_time") }))
        .where(sql<boolean>`(${limitOf} = 0 or promotion_seckill_member.num + excluded.num <= ${limitOf})`),
    )
    .executeTakeFirst();
  if (Number(counted.numInsertedOrUpdatedRows ?? 0) !== 1) {
    const seckill = await tx.selectFrom("promotion_seckill").select("max_buy").where("seckill_id", "=", order.promotion_id).executeTakeFirst();
    return fail(limitReachedMessage(Number(seckill?.max_buy ?? 0), lines[0]?.unit ?? "件"));
  }
  // The pages offering it once none is left (its other SKUs, if any, read only then).
  if (ranOut !== undefined) {
    const others = await tx.selectFrom("promotion_seckill_sku").select("stock").where("seckill_id", "=", order.promotion_id).where("stock", ">", 0).executeTakeFirst();
    if (!others) await purgeSeckill(tx, [ranOut]);
  }
}

async function giveBack(tx: Db, order: PromotionOrder, lines: PromotionOrderLine[]): Promise<void> {
  const seckill = await tx.selectFrom("promotion_seckill").select("goods_id").where("seckill_id", "=", order.promotion_id).executeTakeFirst();
  if (!seckill) return;
  let total = 0;
  let cameBack = false;
  for (const line of [...lines].sort((a, b) => a.sku_id - b.sku_id)) {
    const result = await tx
      .updateTable("promotion_seckill_sku")
      .set((eb) => ({ stock: eb("stock", "+", line.num), sale_num: eb("sale_num", "-", line.num) }))
      .where("seckill_id", "=", order.promotion_id)
      .where("sku_id", "=", line.sku_id)
      .where("sale_num", ">=", line.num)
      .executeTakeFirst();
    if (affectedRows(result) === 0) continue;
    total += line.num;
    const row = await tx.selectFrom("promotion_seckill_sku").select("stock").where("seckill_id", "=", order.promotion_id).where("sku_id", "=", line.sku_id).executeTakeFirst();
    if (Number(row?.stock) === line.num) cameBack = true;
    const skuId = line.sku_id;
    const num = line.num;
    await afterCommit(tx, () => giveBackInGate(tx, order.promotion_id, skuId, order.member_id, num));
  }
  if (total > 0) {
    await tx
      .updateTable("promotion_seckill_member")
      .set((eb) => ({ num: eb("num", "-", total), update_time: now() }))
      .where("seckill_id", "=", order.promotion_id)
      .where("member_id", "=", order.member_id)
      .where("num", ">=", total)
      .execute();
  }
  await afterCommit(tx, async () => forgetSnapshot(tx, order.promotion_id));
  if (cameBack) await purgeSeckill(tx, [seckill.goods_id]);
}

/** Before create's unit of work: the Redis gate, when configured (the snapshot's limit; take checks the fresh one). */
async function reserve(db: Db, memberId: number, source: PromotionSource, lines: PricedLine[]): Promise<GateReservation | null> {
  const record = await seckillRecordSnapshot(db, source.promotion_id);
  const line = lines[0];
  if (!record || !line) return null;
  const outcome = await reserveInGate(db, source.promotion_id, line.skuId, memberId, line.num, record.max_buy);
  if (outcome.kind === "sold_out" || outcome.kind === "limit") {
    if (outcome.kind === "sold_out") noteUnitsLeft(db, source.promotion_id, line.skuId, 0);
    return fail(outcome.kind === "sold_out" ? SECKILL_MESSAGES.soldOut : limitReachedMessage(record.max_buy, line.unit));
  }
  return outcome.kind === "reserved" ? outcome.reservation : null;
}

/** After create: the gate's reservation kept or given back. */
async function release(db: Db, reservation: unknown, created: boolean): Promise<void> {
  if (reservation) await settleInGate(db, reservation as GateReservation, created);
}

export const seckillCheckout: PromotionCheckout = {
  kind: "seckill",
  priceLines,
  door,
  enter,
  leave: (db, memberId, source) => leavePlace(db, source.promotion_id, memberId),
  pace: inLane,
  allowsCoupon: false,
  autoCloseMinutes: async (db) => {
    const config = await getConfig(db, "seckill_config", SECKILL_AUTO_CLOSE_DEFAULT);
    const minutes = Number(config.auto_close_minutes);
    return Number.isFinite(minutes) && minutes > 0 ? minutes : SECKILL_AUTO_CLOSE_DEFAULT.auto_close_minutes;
  },
  reserve,
  release,
  take,
  giveBack,
  giveBackOnWholeRefund: false,
};
