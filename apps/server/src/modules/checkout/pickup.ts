import type { CheckoutStore } from "@shop/contract";
import { DAY_SECONDS, shopIsoString } from "../../core/time.ts";
import { PICKUP_TIME_PATTERN } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";

/**
 * Pickup at a store (门店自提): the open stores of /street, and the pickup time the shopper asks
 * for — a day among the next PICKUP_DAYS (shop time, UTC+8) and a time inside the store's opening
 * hours, not in the past.
 */
export const PICKUP_DAYS = 7;

const STORE_COLUMNS = ["store_id", "store_name", "telphone", "full_address", "open_date", "longitude", "latitude"] as const;

export async function openStores(db: Db): Promise<CheckoutStore[]> {
  return db.selectFrom("store").select(STORE_COLUMNS).where("status", "=", 1).orderBy("store_id").execute();
}

export async function findOpenStore(db: Db, storeId: number): Promise<CheckoutStore> {
  const store = await db.selectFrom("store").select(STORE_COLUMNS).where("store_id", "=", storeId).where("status", "=", 1).executeTakeFirst();
  return store ?? fail("自提门店不存在或已停止营业，请重新选择");
}

/** "YYYY-MM-DD" of a unix time in shop time. */
function shopDate(seconds: number): string {
  return shopIsoString(seconds).slice(0, 10);
}

/** The days a shopper may pick up, today first. */
export function pickupDays(at: number): string[] {
  return Array.from({ length: PICKUP_DAYS }, (_, index) => shopDate(at + index * DAY_SECONDS));
}

/** Opening hours "09:00-21:00" as minutes of the day; unreadable hours mean all day. */
export function openingMinutes(openDate: string): { open: number; close: number } {
  const match = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(openDate.trim());
  if (!match) return { open: 0, close: 24 * 60 };
  const [, openHour, openMinute, closeHour, closeMinute] = match.map(Number) as [number, number, number, number, number];
  return { open: openHour * 60 + openMinute, close: closeHour * 60 + closeMinute };
}

/** Why a pickup time cannot be used ("" when it can). */
export function pickupTimeProblem(time: string | undefined, store: CheckoutStore, at: number): string {
  if (!time) return "请选择提货时间";
  if (!PICKUP_TIME_PATTERN.test(time)) return "提货时间格式不正确，请重新选择";
  const [day = "", clock = ""] = time.split(" ");
  if (!pickupDays(at).includes(day)) return `提货日期须在 ${PICKUP_DAYS} 天之内，请重新选择`;
  const [hour, minute] = clock.split(":").map(Number) as [number, number];
  const minutes = hour * 60 + minute;
  const { open, close } = openingMinutes(store.open_date);
  if (hour > 23 || minute > 59 || minutes < open || minutes >= close) return `提货时间须在门店营业时间（${store.open_date}）内`;
  const chosen = Date.parse(`${day}T${clock}:00+08:00`) / 1000;
  if (chosen <= at) return "提货时间已过，请重新选择";
  return "";
}
