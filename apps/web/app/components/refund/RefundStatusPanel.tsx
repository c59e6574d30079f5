import { Steps } from "antd";
import type { RefundDetail } from "@shop/contract";
import { RefundActions } from "./RefundActions.tsx";
import { refundHint, refundProgress, refundStatusTone } from "./refund-view.ts";

/**
 * The head of a refund: its status, what that means and what comes next, the buyer's actions
 * (填写退货物流 leads to the form further down), and the progress steps.
 */
export function RefundStatusPanel({ detail, onChanged }: { detail: RefundDetail; onChanged: () => void }) {
  const progress = refundProgress(detail);
  return (
    <section className="refund-panel refund-status-panel" aria-label="退款状态">
      <div className="refund-status-main">
        <p className="refund-status-label">退款状态</p>
        <p className={`refund-status-name refund-tone-${refundStatusTone(detail.refund_status)}`} data-testid="refund-status">
          {detail.refund_status_name}
        </p>
        <p className="refund-status-hint">{refundHint(detail)}</p>
        {detail.refund_refuse_reason && detail.refund_status === -1 && (
          <p className="refund-status-refuse">
            拒绝原因：<span>{detail.refund_refuse_reason}</span>
          </p>
        )}
        <RefundActions orderGoodsId={detail.order_goods_id} actions={detail.refund_action} hide={["orderRefundDetail"]} onChanged={onChanged} />
      </div>
      <Steps
        className="refund-status-steps"
        size="small"
        titlePlacement="vertical"
        current={progress.current}
        status={progress.status}
        items={progress.steps.map((title) => ({ title }))}
      />
    </section>
  );
}
