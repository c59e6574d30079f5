import { formatTime } from "../../lib/format.ts";

/** The shop's day starts at midnight China Standard Time (UTC+8, no daylight saving). */
const SHOP_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since the epoch in shop time, so "today" is the same for the server and every browser. */
const shopDay = (ms: number) => Math.floor((ms + SHOP_UTC_OFFSET_MS) / DAY_MS);

const NEAR_DAYS: Record<number, string> = { [-1]: "昨天", 0: "今天", 1: "明天" };

/**
 * A message's time label (issue 12): 今天 / 昨天 / 明天 with HH:mm for the days next to today,
 * otherwise YYYY-MM-DD HH:mm, in Asia/Shanghai whatever the browser's zone. `createTime` is unix
 * seconds; 0 or junk gives "".
 */
export function chatTimeLabel(createTime: number, nowMs: number = Date.now()): string {
  const seconds = Number(createTime);
  if (!Number.isFinite(seconds) || seconds <= 0) return "";
  const near = NEAR_DAYS[shopDay(seconds * 1000) - shopDay(nowMs)];
  return near ? `${near} ${formatTime(seconds, "HH:mm")}` : formatTime(seconds, "YYYY-MM-DD HH:mm");
}
