import { Timeline } from "antd";
import type { RefundLogEntry } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";

/** A refund's history, latest first: who did what when (买家 / 商家 / 系统 / 平台), the status reached, the remark given. */
export function RefundTimeline({ entries }: { entries: RefundLogEntry[] }) {
  if (entries.length === 0) return null;
  const latestFirst = [...entries].reverse();
  return (
    <section className="refund-panel refund-timeline" aria-labelledby="refund-timeline-title">
      <h2 id="refund-timeline-title" className="refund-panel-title">协商记录</h2>
      <Timeline
        items={latestFirst.map((entry, index) => ({
          key: `${entry.action_time}-${index}`,
          color: index === 0 ? "red" : "gray",
          content: (
            <div className="refund-timeline-entry">
              <span className="refund-timeline-time">{formatTime(entry.action_time)}</span>
              <span className="refund-timeline-what">
                <b>{entry.actor_name}</b>
                {entry.action}
                {entry.refund_status_name && <em>（{entry.refund_status_name}）</em>}
              </span>
              {entry.remark && <span className="refund-timeline-remark">{entry.remark}</span>}
            </div>
          ),
        }))}
      />
    </section>
  );
}
