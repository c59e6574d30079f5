import { SECKILL_DAY_SECONDS, SECKILL_GOODS_STATES, SECKILL_SLOT_STATES, type SeckillGoodsState, type SeckillSlot, type SeckillSlotState, type SeckillWindow } from "@shop/contract";
import { DAY_SECONDS, SHOP_UTC_OFFSET_SECONDS } from "../../core/time.ts";

/**
 * Seckill time in one place: slots are seconds since midnight of the shop's clock (Asia/Shanghai,
 * core/time.ts), [start, end). A slot's state and a seckill's window are worked out from `at`
 * (unix seconds) here and nowhere else.
 */

export interface SlotRow {
  id: number;
  name: string;
  seckill_start_time: number;
  seckill_end_time: number;
}

/** Unix seconds of the shop's midnight starting the day of `at`. */
export const shopMidnight = (at: number): number => at - ((((at + SHOP_UTC_OFFSET_SECONDS) % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS);

/** "08:00"; 86400 is "24:00". */
export function clockText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

export function slotState(slot: SlotRow, at: number): SeckillSlotState {
  const seconds = at - shopMidnight(at);
  if (seconds < slot.seckill_start_time) return "upcoming";
  if (seconds >= slot.seckill_end_time) return "ended";
  return "running";
}

export function toWireSlot(slot: SlotRow, at: number): SeckillSlot {
  const midnight = shopMidnight(at);
  const state = slotState(slot, at);
  return {
    id: slot.id,
    name: slot.name,
    seckill_start_time: slot.seckill_start_time,
    seckill_end_time: slot.seckill_end_time,
    start_time_text: clockText(slot.seckill_start_time),
    end_time_text: clockText(slot.seckill_end_time),
    state,
    state_name: SECKILL_SLOT_STATES[state],
    start_at: midnight + slot.seckill_start_time,
    end_at: midnight + slot.seckill_end_time,
  };
}

/** Two slots share a moment of the day. */
export const slotsOverlap = (a: Pick<SlotRow, "seckill_start_time" | "seckill_end_time">, b: Pick<SlotRow, "seckill_start_time" | "seckill_end_time">): boolean =>
  a.seckill_start_time < b.seckill_end_time && b.seckill_start_time < a.seckill_end_time;

/** The seckill's dates (unix seconds) and status. */
export interface SeckillDates {
  start_time: number;
  end_time: number;
  status: number;
}

/**
 * When a seckill sells now or next: the window (a slot of a day between its dates) containing
 * `at`, else the next one that starts after `at` (looking ahead up to a week), else ended.
 */
export function seckillWindow(seckill: SeckillDates, slots: SlotRow[], at: number): SeckillWindow {
  const ended: SeckillWindow = { state: "ended", state_name: "已结束", time_id: 0, slot_name: "", start_at: 0, end_at: 0 };
  if (seckill.status !== 1 || at >= seckill.end_time || slots.length === 0) return ended;
  const sorted = [...slots].sort((a, b) => a.seckill_start_time - b.seckill_start_time);
  for (let day = 0; day <= 7; day += 1) {
    const midnight = shopMidnight(at) + day * DAY_SECONDS;
    for (const slot of sorted) {
      // The window is the slot cut to the seckill's dates.
      const startAt = Math.max(midnight + slot.seckill_start_time, seckill.start_time);
      const endAt = Math.min(midnight + Math.min(slot.seckill_end_time, SECKILL_DAY_SECONDS), seckill.end_time);
      if (endAt <= startAt || endAt <= at) continue;
      const state = startAt <= at ? "running" : "upcoming";
      return { state, state_name: state === "running" ? "抢购中" : "即将开始", time_id: slot.id, slot_name: slot.name, start_at: startAt, end_at: endAt };
    }
  }
  return ended;
}

/** A seckill's goods state from its window and pool. */
export function goodsState(window: SeckillWindow, stockLeft: number): SeckillGoodsState {
  if (window.state === "ended") return "ended";
  if (stockLeft <= 0) return "sold_out";
  return window.state;
}

export const goodsStateName = (state: SeckillGoodsState): string => SECKILL_GOODS_STATES[state];

/**
 * A seckill's state within one slot of today (the slot page): the slot's window today cut to the
 * seckill's dates; before it 即将开始, after it 已结束, inside it on sale (已抢光 when the pool is empty).
 */
export function stateInSlot(seckill: SeckillDates, slot: SlotRow, stockLeft: number, at: number): SeckillGoodsState {
  const midnight = shopMidnight(at);
  const startAt = Math.max(midnight + slot.seckill_start_time, seckill.start_time);
  const endAt = Math.min(midnight + slot.seckill_end_time, seckill.end_time);
  if (seckill.status !== 1 || endAt <= startAt || at >= endAt) return "ended";
  if (stockLeft <= 0) return "sold_out";
  return at < startAt ? "upcoming" : "running";
}

/** Sold share in whole percent: rounded down, so 100 means nothing left. */
export function soldProgress(sold: number, left: number): number {
  const total = sold + left;
  if (total <= 0) return 0;
  if (left <= 0) return 100;
  return Math.min(99, Math.floor((sold * 100) / total));
}
