import { Steps } from "antd";
import { FLOW_STEPS, type SecurityFlow } from "./security-view.ts";

/** The steps of a security form above it; the last (完成) shows as finished. */
export function SecuritySteps({ flow, step }: { flow: SecurityFlow; step: number }) {
  const items = FLOW_STEPS[flow].map((title) => ({ title }));
  return <Steps className="security-steps" current={step} status={step === items.length - 1 ? "finish" : "process"} items={items} />;
}
