import type { BrowseDay, BrowseItem } from "@shop/contract";

/** A day's footprints on this page, with the day's whole count. */
export interface FootprintGroup {
  date: string;
  count: number;
  items: BrowseItem[];
}

/** Splits a page of footprints (latest first) into its days, in order. */
export function groupByDay(items: BrowseItem[], days: BrowseDay[]): FootprintGroup[] {
  const counts = new Map(days.map((day) => [day.date, day.count]));
  const groups: FootprintGroup[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last?.date === item.browse_date) last.items.push(item);
    else groups.push({ date: item.browse_date, count: counts.get(item.browse_date) ?? 0, items: [item] });
  }
  for (const group of groups) group.count = Math.max(group.count, group.items.length);
  return groups;
}

const WEEKDAYS = ["周日", "周一", "周二", "周三", "周四", "周五", "周六"];

/** "今天" / "昨天" / "11月20日 周五" (another year: "2025年12月31日 周三"), against the shop's today. */
export function dayLabel(date: string, today: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const utc = Date.UTC(year, month - 1, day);
  const [todayYear, todayMonth, todayDay] = today.split("-").map(Number) as [number, number, number];
  const daysAgo = Math.round((Date.UTC(todayYear, todayMonth - 1, todayDay) - utc) / 86_400_000);
  if (daysAgo === 0) return "今天";
  if (daysAgo === 1) return "昨天";
  const weekday = WEEKDAYS[new Date(utc).getUTCDay()];
  return `${year === todayYear ? "" : `${year}年`}${month}月${day}日 ${weekday}`;
}
