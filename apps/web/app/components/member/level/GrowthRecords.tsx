import type { GrowthRecord } from "@shop/contract";
import { Empty } from "antd";
import { formatTime } from "../../../lib/format.ts";
import { signedGrowth } from "./level-view.ts";

/** The member's growth records, newest first. */
export function GrowthRecords({ records }: { records: GrowthRecord[] }) {
  if (records.length === 0) return <Empty className="level-empty" description="暂无成长值记录，购物或签到即可获得成长值" />;
  return (
    <table className="lvsign-table level-records">
      <thead>
        <tr>
          <th>来源</th>
          <th>成长值变化</th>
          <th>变化后</th>
          <th>说明</th>
          <th>时间</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id}>
            <td>{record.type_name}</td>
            <td className={record.growth > 0 ? "level-plus" : "level-minus"}>{signedGrowth(record.growth)}</td>
            <td>{record.growth_after}</td>
            <td>{record.remark || "—"}</td>
            <td>{formatTime(record.create_time)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
