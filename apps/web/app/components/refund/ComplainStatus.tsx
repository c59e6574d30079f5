import { Button } from "antd";
import { ComplainStatus as Status, type ComplainInfo } from "@shop/contract";
import { useMemberCall } from "../../lib/api-errors.ts";
import { formatTime } from "../../lib/format.ts";
import { useConfirmedCall } from "../../lib/use-confirmed-call.ts";
import { InfoList } from "./RefundInfoPanel.tsx";
import { RefundImages } from "./RefundImages.tsx";

const HINTS: Record<number, string> = {
  [Status.WAITING]: "平台已收到您的投诉，将尽快核实处理，请耐心等待。",
  [Status.CANCELLED]: "您已撤销本次投诉。",
};

/** A filed complaint: its status, what the buyer wrote, the platform's answer; 撤销投诉 while it waits. */
export function ComplainStatus({ complain, orderGoodsId, onChanged }: { complain: ComplainInfo; orderGoodsId: number; onChanged: () => void }) {
  const call = useMemberCall();
  const { busy, confirm } = useConfirmedCall();
  const handled = complain.complain_status === Status.HANDLED;
  const hint = handled
    ? complain.refund_agreed === 1
      ? "平台支持了您的退款申请，退款将继续办理。"
      : "平台已处理您的投诉，处理结果见下方。"
    : (HINTS[complain.complain_status] ?? "");

  const confirmCancel = () =>
    confirm(
      { title: "撤销投诉", content: "撤销后本次退款不能再次投诉。", okText: "确认撤销", okButtonProps: { danger: true }, cancelText: "再想想" },
      () => call("/api/ordercomplain/cancel", { order_goods_id: orderGoodsId }),
      "投诉已撤销",
      onChanged,
    );

  return (
    <section className="refund-panel" aria-labelledby="complain-status-title">
      <h2 id="complain-status-title" className="refund-panel-title">投诉进度</h2>
      <div className="complain-status-head">
        <p className={`refund-status-name refund-complain-${complain.complain_status}`} data-testid="complain-status">
          {complain.complain_status_name}
        </p>
        <p className="refund-status-hint">{hint}</p>
        {complain.complain_status === Status.WAITING && (
          <Button onClick={confirmCancel} disabled={busy}>
            撤销投诉
          </Button>
        )}
      </div>
      {handled && (
        <div className="complain-answer" role="note" aria-label="平台答复">
          <strong>平台答复</strong>
          <p>{complain.handle_remark}</p>
          <span className="refund-muted">{formatTime(complain.handle_time)}</span>
        </div>
      )}
      <InfoList
        label="投诉内容"
        rows={[
          ["投诉原因", complain.complain_reason],
          ["问题描述", complain.complain_remark],
          ["提交时间", formatTime(complain.create_time)],
          ["撤销时间", complain.cancel_time > 0 && formatTime(complain.cancel_time)],
        ]}
      />
      {complain.complain_images.length > 0 && (
        <div className="refund-info-images">
          <span>投诉凭证</span>
          <RefundImages images={complain.complain_images} label="投诉凭证" />
        </div>
      )}
    </section>
  );
}
