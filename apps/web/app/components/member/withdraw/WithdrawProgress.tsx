import { Steps } from "antd";
import type { WithdrawRecord } from "@shop/contract";
import { withdrawSteps } from "./withdraw-view.ts";

/** Where a withdrawal is: 提交申请 → 审核 → 转账 → 到账, or the step it stopped at in red. */
export function WithdrawProgress({ record }: { record: WithdrawRecord }) {
  const steps = withdrawSteps(record);
  return (
    <Steps
      className="withdraw-progress"
      size="small"
      titlePlacement="vertical"
      current={steps.current}
      status={steps.failed ? "error" : record.status === 2 ? "finish" : "process"}
      items={steps.items.map((item) => ({ title: item.title, content: item.description }))}
    />
  );
}
