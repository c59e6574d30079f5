import { App, Form, Input, Modal } from "antd";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/** 卖家备注 (/shopapi/order/orderremark): seen by staff only; empty clears it. */
export default function RemarkModal(props: { orderId: number; remark: string; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { orderId, remark, open, onClose, onSaved } = props;
  const call = useStaffCall();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ remark: string }>();
  const submit = async (values: { remark: string }) => {
    if ((await call("/shopapi/order/orderremark", { order_id: orderId, remark: (values.remark ?? "").trim() })) === undefined) return;
    void message.success("备注已保存");
    onClose();
    onSaved();
  };
  return (
    <Modal title="卖家备注" open={open} onCancel={onClose} onOk={() => form.submit()} okText="保存" destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ remark }} onFinish={(values) => void submit(values)} preserve={false}>
        <Form.Item name="remark" label="备注（仅商家可见）" rules={[{ max: 200, message: "备注不能超过 200 个字" }]}>
          <Input.TextArea rows={4} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
