import { useState } from "react";
import { App, Alert, Button, Form, Input, Popconfirm, Space } from "antd";
import { REFUND_STATUS_NAMES, refundEndpoints, type StaffRefundDetail } from "@shop/contract";
import { fieldRule, zodRule } from "../settings/zod-rule.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import FormDialog from "./FormDialog.tsx";

const agreeBody = refundEndpoints["/shopapi/orderrefund/agree"].body;
const addressShape = agreeBody.shape.refund_address.unwrap().shape;
const refuseBody = refundEndpoints["/shopapi/orderrefund/refuse"].body;
const transferBody = refundEndpoints["/shopapi/orderrefund/transfer"].body;

interface AgreeValues {
  shop_remark?: string;
  name?: string;
  mobile?: string;
  address?: string;
}

/**
 * What staff may do with the refund now (its staff_actions): agree (a return asks for the goods at
 * an address), refuse with a reason, confirm the goods came back, send the money. Each one is
 * confirmed in a dialog and `onDone` reloads the refund; the toast names the new state.
 */
export default function RefundActions({ refund, onDone }: { refund: StaffRefundDetail; onDone: () => void }) {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<"agree" | "refuse" | "transfer" | null>(null);
  const close = () => setDialog(null);
  const lineId = refund.order_goods_id;
  const isReturn = refund.refund_type === 2;
  const actions = new Set(refund.staff_actions);
  const finished = (status: number | undefined, text: string) => {
    void message.success(status === undefined ? text : `${text}，退款状态：${REFUND_STATUS_NAMES[status]}`);
    onDone();
  };

  const agree = async (values: AgreeValues) => {
    const address = isReturn ? { name: values.name ?? "", mobile: values.mobile ?? "", address: values.address ?? "" } : undefined;
    const done = await call("/shopapi/orderrefund/agree", { order_goods_id: lineId, shop_remark: values.shop_remark ?? "", refund_address: address });
    if (!done) return false;
    finished(done.refund_status, "已同意退款");
    return true;
  };
  const refuse = async (values: { refund_refuse_reason: string }) => {
    if ((await call("/shopapi/orderrefund/refuse", { order_goods_id: lineId, refund_refuse_reason: values.refund_refuse_reason })) === undefined) return false;
    finished(-1, "已拒绝退款");
    return true;
  };
  const receive = async () => {
    if ((await call("/shopapi/orderrefund/receive", { order_goods_id: lineId })) !== undefined) finished(6, "已确认收到退货");
  };
  const transfer = async (values: { shop_remark?: string }) => {
    const done = await call("/shopapi/orderrefund/transfer", { order_goods_id: lineId, shop_remark: values.shop_remark ?? "" });
    if (!done) return false;
    finished(done.refund_status, `已退款 ¥${done.refund_real_money}`);
    return true;
  };

  if (actions.size === 0) return null;
  const remarkField = (label: string) => (
    <Form.Item name="shop_remark" label={label} rules={[fieldRule(transferBody, "shop_remark", label)]}>
      <Input.TextArea rows={2} maxLength={200} showCount />
    </Form.Item>
  );
  return (
    <>
      <Space wrap>
        {actions.has("agree") && <Button type="primary" onClick={() => setDialog("agree")}>同意{isReturn ? "退货" : "退款"}</Button>}
        {actions.has("receive") && (
          <Popconfirm title="确认已收到买家寄回的商品？" description="确认后退货商品回到库存，接下来退款给买家" okText="确认收货" cancelText="取消" onConfirm={receive}>
            <Button type="primary">确认收货</Button>
          </Popconfirm>
        )}
        {actions.has("transfer") && <Button type="primary" onClick={() => setDialog("transfer")}>确认退款</Button>}
        {actions.has("refuse") && <Button danger onClick={() => setDialog("refuse")}>拒绝</Button>}
      </Space>

      <FormDialog<AgreeValues>
        title={isReturn ? "同意退货" : "同意退款"}
        okText="同意"
        open={dialog === "agree"}
        initialValues={refund.default_refund_address}
        onClose={close}
        onSubmit={agree}
      >
        {isReturn ? (
          <>
            <Alert type="info" showIcon style={{ marginBottom: 16 }} title="同意后买家按下面的地址寄回商品，收到后再退款" />
            <Form.Item name="name" label="收件人" validateFirst rules={[{ required: true, whitespace: true, message: "请填写收件人" }, zodRule(addressShape.name, "收件人")]}>
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item name="mobile" label="联系电话" validateFirst rules={[{ required: true, whitespace: true, message: "请填写联系电话" }, zodRule(addressShape.mobile, "联系电话")]}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="address" label="退货地址" validateFirst rules={[{ required: true, whitespace: true, message: "请填写退货地址" }, zodRule(addressShape.address, "退货地址")]}>
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
          </>
        ) : (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`同意后等待转账：申请金额 ¥${refund.refund_apply_money}，原路退回`} />
        )}
        {remarkField("备注（买家可见）")}
      </FormDialog>

      <FormDialog<{ refund_refuse_reason: string }> title="拒绝退款" okText="拒绝" danger open={dialog === "refuse"} onClose={close} onSubmit={refuse}>
        <Form.Item name="refund_refuse_reason" label="拒绝原因（买家可见）" validateFirst rules={[{ required: true, whitespace: true, message: "请填写拒绝原因" }, fieldRule(refuseBody, "refund_refuse_reason", "拒绝原因")]}>
          <Input.TextArea rows={3} maxLength={200} showCount autoFocus />
        </Form.Item>
      </FormDialog>

      <FormDialog<{ shop_remark?: string }> title="确认退款" okText="确认退款" open={dialog === "transfer"} onClose={close} onSubmit={transfer}>
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`将退款 ¥${refund.refund_apply_money} 给买家`}
          description={`原路退回：余额支付的部分立即回到买家余额，${refund.pay_type_name}的部分通过支付渠道退回。退款后不可撤销。`}
        />
        {remarkField("备注")}
      </FormDialog>
    </>
  );
}
