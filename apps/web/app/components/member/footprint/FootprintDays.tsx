import { useRevalidator } from "react-router";
import { Button } from "antd";
import type { BrowseDay, BrowseItem } from "@shop/contract";
import { useMemberCall } from "../../../lib/api-errors.ts";
import { useConfirmedCall } from "../../../lib/use-confirmed-call.ts";
import { formatTime } from "../../../lib/format.ts";
import { GoodsRecordCard } from "../collection/GoodsRecordCard.tsx";
import { dayLabel, groupByDay } from "./footprint-days.ts";

/**
 * 我的足迹: the page's footprints under a heading per day (今天, 昨天, 11月20日 周五 …) with the day's
 * count and 清空 (the whole day, after a confirmation); each card has 删除. The page reloads after.
 */
export function FootprintDays({ items, days, today }: { items: BrowseItem[]; days: BrowseDay[]; today: string }) {
  const call = useMemberCall();
  const { busy, run, confirm } = useConfirmedCall();
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();

  const remove = (item: BrowseItem) => void run(() => call("/api/goodsbrowse/delete", { id: item.id }), "已删除", reload);
  const clearDay = (date: string, label: string, count: number) =>
    confirm(
      { title: "清空足迹", content: `确定清空${label}的 ${count} 条浏览记录吗？`, okText: "清空", cancelText: "取消" },
      () => call("/api/goodsbrowse/delete", { date }),
      `已清空${label}的足迹`,
      reload,
    );

  return (
    <div className="footprint-days">
      {groupByDay(items, days).map((group) => {
        const label = dayLabel(group.date, today);
        return (
          <section key={group.date} className="footprint-day" aria-label={label}>
            <header className="footprint-day-head">
              <h2 className="footprint-day-title">
                {label}
                {label.length <= 2 && <span className="footprint-day-date">{group.date}</span>}
              </h2>
              <span className="footprint-day-count">共 {group.count} 件</span>
              <Button type="link" size="small" className="footprint-day-clear" disabled={busy} onClick={() => clearDay(group.date, label, group.count)}>
                清空当天
              </Button>
            </header>
            <ul className="record-grid">
              {group.items.map((item) => (
                <GoodsRecordCard key={item.id} goods={item}>
                  <span className="record-card-time">{formatTime(item.browse_time, "HH:mm")} 浏览</span>
                  <button type="button" className="record-card-action" disabled={busy} onClick={() => remove(item)} aria-label={`删除足迹 ${item.sku_name}`}>
                    删除
                  </button>
                </GoodsRecordCard>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
