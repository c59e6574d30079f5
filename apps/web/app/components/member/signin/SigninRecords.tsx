import type { SigninRecord } from "@shop/contract";
import { Empty } from "antd";
import { formatTime } from "../../../lib/format.ts";
import { rewardText } from "./signin-view.ts";

/** The member's sign-ins, newest first. */
export function SigninRecords({ records }: { records: SigninRecord[] }) {
  if (records.length === 0) return <Empty className="signin-empty" description="还没有签到记录，今天就开始签到吧" />;
  return (
    <table className="lvsign-table signin-records">
      <thead>
        <tr>
          <th>签到日期</th>
          <th>连续天数</th>
          <th>获得奖励</th>
          <th>签到时间</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id}>
            <td>{record.sign_date}</td>
            <td>连续第 {record.streak} 天</td>
            <td>{rewardText(record)}</td>
            <td>{formatTime(record.create_time)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
