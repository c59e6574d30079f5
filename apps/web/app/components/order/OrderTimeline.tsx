import { Timeline } from "antd";
import type { OrderLogEntry } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";

/** The order's history from order_log, latest first: what happened, who did it, why. */
export function OrderTimeline({ entries }: { entries: OrderLogEntry[] }) {
  if (entries.length === 0) return null;
  const latestFirst = [...entries].reverse();
  return (
    <section className="member-panel order-timeline">
      <h3 className="member-panel-title">订单动态</h3>
      <Timeline
        items={latestFirst.map((entry, index) => ({
          key: `${entry.create_time}-${index}`,
          color: index === 0 ? "red" : "gray",
          content: (
            <div className="order-timeline-entry">
              <span className="order-timeline-time">{formatTime(entry.create_time)}</span>
              <span className="order-timeline-what">
                {entry.actor_name}
                {entry.action_name}
                {entry.from_status !== entry.to_status && <em>（{entry.status_name}）</em>}
              </span>
              {entry.remark && <span className="order-timeline-remark">{entry.remark}</span>}
            </div>
          ),
        }))}
      />
    </section>
  );
}
