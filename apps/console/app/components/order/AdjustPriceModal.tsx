import { App, Form, Input, Modal, Typography } from "antd";
import type { StaffOrderDetail } from "@shop/contract";
import { useStaffCall } from "../../lib/use-staff-call.ts";

const YUAN = /^-?\d{1,8}(\.\d{1,2})?$/;

/** 调价 (/shopapi/order/adjustprice) of an unpaid order: the goods adjustment (signed) and the delivery money. */
export default function AdjustPriceModal(props: { order: StaffOrderDetail; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { order, open, onClose, onSaved } = props;
  const call = useStaffCall();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ adjust_money: string; delivery_money: string }>();
  const submit = async (values: { adjust_money: string; delivery_money: string }) => {
    const done = await call("/shopapi/order/adjustprice", { order_id: order.order_id, adjust_money: values.adjust_money.trim(), delivery_money: values.delivery_money.trim() });
    if (!done) return;
    void message.success(`已调价，应付 ${done.pay_money} 元`);
    onClose();
    onSaved();
  };
  return (
    <Modal title="调整价格" open={open} onCancel={onClose} onOk={() => form.submit()} okText="确认调价" destroyOnHidden>
      <Typography.Paragraph type="secondary">
        商品金额 {order.goods_money} 元，当前应付 {order.pay_money} 元。调价对整单生效（负数为优惠），买家需按新金额付款。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ adjust_money: order.adjust_money, delivery_money: order.delivery_money }} onFinish={(values) => void submit(values)} preserve={false}>
        <Form.Item name="adjust_money" label="商品调价（元）" rules={[{ required: true, pattern: YUAN, message: "请输入金额，最多两位小数，可为负数" }]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="delivery_money" label="运费（元）" rules={[{ required: true, pattern: /^\d{1,8}(\.\d{1,2})?$/, message: "请输入运费，最多两位小数" }]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
