import { Steps } from "antd";
import type { OrderDetail } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { OrderActions } from "./OrderActions.tsx";
import { currentStep, progressSteps, statusHint } from "./order-progress.ts";
import { EvaluateStatusTag } from "../evaluate/EvaluateStatusTag.tsx";

interface OrderStatusPanelProps {
  order: OrderDetail;
  onChanged: () => void;
  onDeleted: () => void;
}

/** The head of the detail: status, what it means, the actions, and the progress steps with their times. */
export function OrderStatusPanel({ order, onChanged, onDeleted }: OrderStatusPanelProps) {
  const steps = progressSteps(order);
  const closed = order.order_status === -1;
  const deadline = order.auto_close_time > 0 ? formatTime(order.auto_close_time, "YYYY-MM-DD HH:mm") : "";
  return (
    <section className="member-panel order-status-panel">
      <div className="order-status-main">
        <p className="order-status-label">订单状态</p>
        <p className={`order-status-name order-status-${closed ? "closed" : order.order_status}`}>
          {order.order_status_name}
          <EvaluateStatusTag isEvaluate={order.is_evaluate} />
        </p>
        <p className="order-status-hint">{statusHint(order, deadline)}</p>
        {order.order_status === 0 && <p className="order-status-pay">应付金额：<strong>¥{order.pay_money}</strong></p>}
        <OrderActions order={order} onChanged={onChanged} onDeleted={onDeleted} size="middle" />
      </div>
      <Steps
        className="order-status-steps"
        size="small"
        titlePlacement="vertical"
        current={currentStep(steps)}
        status={closed ? "error" : undefined}
        items={steps.map((step) => ({ title: step.title, content: formatTime(step.time, "MM-DD HH:mm") }))}
      />
    </section>
  );
}
