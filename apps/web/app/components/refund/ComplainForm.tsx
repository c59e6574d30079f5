import { Button, Form, Input, Select } from "antd";
import { useMemberCall } from "../../lib/api-errors.ts";
import { useConfirmedCall } from "../../lib/use-confirmed-call.ts";
import { FormImages } from "./FormImages.tsx";
import { REFUND_FORM_LAYOUT } from "./refund-view.ts";

interface ComplainValues {
  complain_reason: string;
  complain_remark?: string;
  complain_images: string[];
}

interface ComplainFormProps {
  orderGoodsId: number;
  reasons: string[];
  imagesMax: number;
  onFiled: () => void;
}

/** 申请平台介入 for a refused refund: a reason, a description (up to 500 characters) and pictures, once. */
export function ComplainForm({ orderGoodsId, reasons, imagesMax, onFiled }: ComplainFormProps) {
  const [form] = Form.useForm<ComplainValues>();
  const call = useMemberCall();
  const { busy: sending, run } = useConfirmedCall();

  const send = (values: ComplainValues) =>
    run(
      () => call("/api/ordercomplain/complain", { order_goods_id: orderGoodsId, ...values, complain_remark: values.complain_remark ?? "" }),
      "投诉已提交，请等待平台处理",
      onFiled,
    );

  return (
    <Form<ComplainValues>
      form={form}
      className="refund-form"
      {...REFUND_FORM_LAYOUT}
      initialValues={{ complain_images: [] }}
      onFinish={(values) => void send(values)}
    >
      <Form.Item label="投诉原因" name="complain_reason" rules={[{ required: true, message: "请选择投诉原因" }]}>
        <Select placeholder="请选择投诉原因" options={reasons.map((reason) => ({ value: reason, label: reason }))} className="refund-select" />
      </Form.Item>
      <Form.Item label="问题描述" name="complain_remark">
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 4, maxRows: 8 }} placeholder="请描述您与商家的分歧，平台将据此处理" />
      </Form.Item>
      <Form.Item label="上传凭证" name="complain_images" extra="选填">
        <FormImages kind="complain" max={imagesMax} disabled={sending} />
      </Form.Item>
      <Form.Item label=" " colon={false} extra="每次退款只能投诉一次，提交后请等待平台处理。">
        <Button type="primary" htmlType="submit" loading={sending}>
          提交投诉
        </Button>
      </Form.Item>
    </Form>
  );
}
