import { useEffect } from "react";
import { Button, Form, Input, Radio, Select } from "antd";
import { REFUND_TYPE_NAMES, RefundType, type RefundApplyResult } from "@shop/contract";
import { useMemberCall } from "../../lib/api-errors.ts";
import { checkRule } from "../../lib/form-rules.ts";
import { formatPrice } from "../../lib/format.ts";
import { useConfirmedCall } from "../../lib/use-confirmed-call.ts";
import { FormImages } from "./FormImages.tsx";
import { REFUND_FORM_LAYOUT, refundMoneyProblem } from "./refund-view.ts";

export interface RefundApplyFormProps {
  /** the lines to ask for (empty: nothing chosen yet, the form cannot be sent) */
  orderGoodsIds: number[];
  /** the most that may be asked (one line), or the batch's total */
  money: string;
  /** the shipping fee inside `money` */
  deliveryMoney: string;
  /** one line: the buyer may ask less than `money`; several lines are each refunded in full */
  editableMoney: boolean;
  /** the server is working out `money` for a new choice of lines */
  quoting?: boolean;
  types: number[];
  reasons: string[];
  imagesMax: number;
  onApplied: (result: RefundApplyResult) => void;
}

interface RefundFormValues {
  refund_type: number;
  refund_reason: string;
  refund_money?: string;
  refund_remark?: string;
  refund_images: string[];
}

const TYPE_HINTS: Record<number, string> = {
  [RefundType.MONEY]: "未收到货，或与商家协商一致不用退货",
  [RefundType.RETURN]: "已收到货，需要把商品寄回给商家",
};

/**
 * 退款方式, 退款原因, 退款金额 (one line: at most what is refundable, all of it by default),
 * 退款说明, 上传凭证; sends /api/orderrefund/refund. The server's refusals show as its message.
 */
export function RefundApplyForm(props: RefundApplyFormProps) {
  const { orderGoodsIds, money, deliveryMoney, editableMoney, quoting = false, types, reasons, imagesMax, onApplied } = props;
  const [form] = Form.useForm<RefundFormValues>();
  // Another choice of lines may offer fewer types: the chosen one must stay among them.
  const offered = types.join(",");
  useEffect(() => {
    const current = form.getFieldValue("refund_type") as number | undefined;
    const allowed = offered.split(",").map(Number);
    if (current !== undefined && !allowed.includes(current)) form.setFieldValue("refund_type", allowed[0]);
  }, [offered, form]);
  const call = useMemberCall();
  const { busy: sending, run } = useConfirmedCall();
  const hasDelivery = Number(deliveryMoney) > 0;

  const send = (values: RefundFormValues) =>
    run(
      () =>
        call("/api/orderrefund/refund", {
          order_goods_ids: orderGoodsIds,
          refund_type: values.refund_type,
          refund_reason: values.refund_reason,
          refund_remark: values.refund_remark ?? "",
          refund_images: values.refund_images,
          ...(editableMoney ? { refund_money: (values.refund_money ?? "").trim() } : {}),
        }),
      "退款申请已提交",
      onApplied,
    );

  return (
    <Form<RefundFormValues>
      form={form}
      className="refund-form"
      {...REFUND_FORM_LAYOUT}
      initialValues={{ refund_type: types[0] ?? RefundType.MONEY, refund_money: money, refund_images: [] }}
      onFinish={(values) => void send(values)}
    >
      <Form.Item label="退款方式" name="refund_type" required extra={types.length === 1 && types[0] === RefundType.MONEY ? "该商品仅支持仅退款（未发货或无需退货）" : undefined}>
        <Radio.Group className="refund-type-options">
          {types.map((type) => (
            <Radio.Button key={type} value={type} className="refund-type-option">
              <strong>{REFUND_TYPE_NAMES[type] ?? type}</strong>
              <span>{TYPE_HINTS[type] ?? ""}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item label="退款原因" name="refund_reason" rules={[{ required: true, message: "请选择退款原因" }]}>
        <Select placeholder="请选择退款原因" options={reasons.map((reason) => ({ value: reason, label: reason }))} className="refund-select" />
      </Form.Item>
      {editableMoney ? (
        <Form.Item
          label="退款金额"
          name="refund_money"
          required
          rules={[checkRule((value) => refundMoneyProblem(value, money))]}
          extra={`最多可退 ¥${formatPrice(money)}${hasDelivery ? `（含运费 ¥${formatPrice(deliveryMoney)}）` : ""}`}
        >
          <Input prefix="¥" inputMode="decimal" maxLength={12} className="refund-money-input" />
        </Form.Item>
      ) : (
        <Form.Item label="退款金额" extra={hasDelivery ? `含运费 ¥${formatPrice(deliveryMoney)}；每件商品按可退金额全额退款` : "每件商品按可退金额全额退款"}>
          <strong className="refund-money refund-money-total" data-testid="refund-total" aria-live="polite" aria-busy={quoting}>
            {quoting ? "计算中…" : `¥${formatPrice(money)}`}
          </strong>
        </Form.Item>
      )}
      <Form.Item label="退款说明" name="refund_remark">
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 3, maxRows: 6 }} placeholder="选填，补充说明退款的情况" />
      </Form.Item>
      <Form.Item label="上传凭证" name="refund_images" extra="选填">
        <FormImages kind="refund" max={imagesMax} disabled={sending} />
      </Form.Item>
      <Form.Item label=" " colon={false} extra={orderGoodsIds.length === 0 ? "请先选择要退款的商品" : undefined}>
        <Button type="primary" htmlType="submit" loading={sending} disabled={orderGoodsIds.length === 0}>
          提交申请
        </Button>
      </Form.Item>
    </Form>
  );
}
