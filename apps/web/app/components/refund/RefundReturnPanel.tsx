import { useState } from "react";
import { AutoComplete, Button, Form, Input } from "antd";
import { refundEndpoints, type RefundDetail } from "@shop/contract";
import { useMemberCall } from "../../lib/api-errors.ts";
import { zodRule } from "../../lib/form-rules.ts";
import { useConfirmedCall } from "../../lib/use-confirmed-call.ts";
import { REFUND_FORM_LAYOUT, RETURN_FORM_ID } from "./refund-view.ts";

/** Companies offered as the buyer types (any other name may be written). */
const COMMON_COMPANIES = ["顺丰速运", "京东物流", "中通快递", "圆通速递", "韵达快递", "申通快递", "极兔速递", "邮政快递包裹", "EMS", "德邦快递"];

/** The server's own rules for the fields (domains/refund.ts), so the form says what it would answer. */
const deliveryFields = refundEndpoints["/api/orderrefund/delivery"].body.shape;

interface DeliveryValues {
  refund_delivery_name: string;
  refund_delivery_no: string;
  refund_delivery_remark?: string;
}

/**
 * 退货退款 once the shop asked for the goods: where to send them, then the buyer's package
 * (company, tracking number, remark) — a form while the shop waits for it, the package after.
 */
export function RefundReturnPanel({ detail, onChanged }: { detail: RefundDetail; onChanged: () => void }) {
  const awaiting = detail.refund_action.some((action) => action.event === "orderRefundDelivery");
  const address = detail.refund_address;
  if (!address && !awaiting && !detail.refund_delivery_no) return null;
  return (
    <section className="refund-panel refund-return" id={RETURN_FORM_ID} aria-labelledby="refund-return-title">
      <h2 id="refund-return-title" className="refund-panel-title">退货信息</h2>
      {address && (
        <dl className="refund-info-list refund-return-address" aria-label="退货地址">
          <div>
            <dt>收件人</dt>
            <dd>{address.name}</dd>
          </div>
          <div>
            <dt>联系电话</dt>
            <dd>{address.mobile}</dd>
          </div>
          <div>
            <dt>退货地址</dt>
            <dd>{address.address}</dd>
          </div>
        </dl>
      )}
      {awaiting ? (
        <ReturnDeliveryForm orderGoodsId={detail.order_goods_id} onSent={onChanged} />
      ) : (
        detail.refund_delivery_no && (
          <dl className="refund-info-list" aria-label="退货物流">
            <div>
              <dt>物流公司</dt>
              <dd>{detail.refund_delivery_name}</dd>
            </div>
            <div>
              <dt>物流单号</dt>
              <dd>{detail.refund_delivery_no}</dd>
            </div>
            {detail.refund_delivery_remark && (
              <div>
                <dt>退货说明</dt>
                <dd>{detail.refund_delivery_remark}</dd>
              </div>
            )}
          </dl>
        )
      )}
    </section>
  );
}

function ReturnDeliveryForm({ orderGoodsId, onSent }: { orderGoodsId: number; onSent: () => void }) {
  const [form] = Form.useForm<DeliveryValues>();
  const call = useMemberCall();
  const { busy: sending, run } = useConfirmedCall();
  const [typed, setTyped] = useState("");

  const send = (values: DeliveryValues) =>
    run(
      () => call("/api/orderrefund/delivery", { order_goods_id: orderGoodsId, ...values, refund_delivery_remark: values.refund_delivery_remark ?? "" }),
      "退货物流已提交",
      onSent,
    );

  const options = COMMON_COMPANIES.filter((name) => !typed || name.includes(typed)).map((name) => ({ value: name }));
  return (
    <Form<DeliveryValues>
      form={form}
      className="refund-form refund-delivery-form"
      {...REFUND_FORM_LAYOUT}
      onFinish={(values) => void send(values)}
    >
      <Form.Item label="物流公司" name="refund_delivery_name" rules={[zodRule(deliveryFields.refund_delivery_name)]} required>
        <AutoComplete options={options} onSearch={setTyped} placeholder="如 顺丰速运" className="refund-select" />
      </Form.Item>
      <Form.Item label="物流单号" name="refund_delivery_no" rules={[zodRule(deliveryFields.refund_delivery_no)]} required>
        <Input maxLength={50} placeholder="请填写退货包裹的物流单号" className="refund-select" autoComplete="off" />
      </Form.Item>
      <Form.Item label="退货说明" name="refund_delivery_remark">
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder="选填" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={sending}>
          提交退货物流
        </Button>
      </Form.Item>
    </Form>
  );
}
