import { useState } from "react";
import { Input, Modal, Radio } from "antd";

/** Reasons offered when a shopper cancels an unpaid order (the last one asks for their own words). */
export const CLOSE_REASONS = ["我不想买了", "信息填写错误，重新拍", "见面交易", "其他原因"] as const;
const OTHER = "其他原因";

interface CloseOrderDialogProps {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

/** 取消订单: pick a reason (or write one), then confirm. */
export function CloseOrderDialog({ open, busy, onCancel, onConfirm }: CloseOrderDialogProps) {
  const [choice, setChoice] = useState<string>(CLOSE_REASONS[0]);
  const [other, setOther] = useState("");
  const reason = choice === OTHER ? other.trim() || OTHER : choice;
  return (
    <Modal
      title="取消订单"
      open={open}
      okText="确定取消"
      cancelText="暂不取消"
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => onConfirm(reason)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <p className="order-close-hint">订单取消后无法恢复，已使用的余额、积分和库存将退回。请选择取消订单的原因：</p>
      <Radio.Group className="order-close-reasons" value={choice} onChange={(event) => setChoice(event.target.value as string)}>
        {CLOSE_REASONS.map((item) => (
          <Radio key={item} value={item}>
            {item}
          </Radio>
        ))}
      </Radio.Group>
      {choice === OTHER && (
        <Input.TextArea
          className="order-close-other"
          value={other}
          onChange={(event) => setOther(event.target.value)}
          maxLength={100}
          showCount
          placeholder="请填写取消原因"
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      )}
    </Modal>
  );
}
