import { Tag } from "antd";
import { statusTone } from "./withdraw-view.ts";

/** A withdrawal's status as a coloured tag (待审核 orange, 待转账 blue, 已转账 green, 转账失败 red, 已拒绝 grey). */
export function WithdrawStatusTag({ status, name }: { status: number; name: string }) {
  return (
    <Tag color={statusTone(status)} className="withdraw-status-tag">
      {name}
    </Tag>
  );
}
