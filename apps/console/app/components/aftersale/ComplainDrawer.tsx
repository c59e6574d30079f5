import { useEffect, useRef, useState } from "react";
import { App, Button, Descriptions, Drawer, Form, Input, Radio, Skeleton, Typography } from "antd";
import { refundEndpoints, type StaffComplainDetail } from "@shop/contract";
import { fieldRule } from "../settings/zod-rule.ts";
import { fullTime } from "../../lib/format.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import Pictures from "./Pictures.tsx";
import RefundInfo from "./RefundInfo.tsx";

const handleBody = refundEndpoints["/shopapi/ordercomplain/handle"].body;

interface HandleValues {
  handle_remark: string;
  agree_refund: 0 | 1;
}

/**
 * One complaint: what the buyer says, the refused refund behind it, and — while it waits — the
 * platform's answer (siding with the buyer resumes the refund). The answer is confirmed first.
 */
export default function ComplainDrawer({ complainId, onClose, onHandled }: { complainId: number | null; onClose: () => void; onHandled: () => void }) {
  const call = useStaffCall();
  const { message, modal } = App.useApp();
  const [detail, setDetail] = useState<StaffComplainDetail | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<HandleValues>();
  // A missing complaint closes the drawer; the latest onClose, without reloading when it changes.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    setDetail(null);
    if (complainId === null) return;
    form.resetFields();
    void call("/shopapi/ordercomplain/detail", { complain_id: complainId }).then((found) => (found ? setDetail(found) : closeRef.current()));
  }, [call, complainId, form]);

  const handle = (values: HandleValues) => {
    if (!detail) return;
    modal.confirm({
      title: values.agree_refund === 1 ? "支持买家，继续退款？" : "维持商家的拒绝？",
      content: values.agree_refund === 1 ? "退款将从商家拒绝处继续，商家不能再拒绝。处理后不可更改。" : "处理后不可更改。",
      okText: "提交处理结果",
      cancelText: "取消",
      onOk: async () => {
        setSaving(true);
        const done = await call("/shopapi/ordercomplain/handle", { complain_id: detail.complain_id, ...values });
        setSaving(false);
        if (!done) return;
        void message.success(values.agree_refund === 1 ? "已处理：支持买家，退款继续" : "已处理：维持商家拒绝");
        onHandled();
      },
    });
  };

  return (
    <Drawer title="投诉详情" open={complainId !== null} onClose={onClose} size={760} destroyOnHidden>
      {!detail ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="状态">{detail.complain_status_name}</Descriptions.Item>
            <Descriptions.Item label="买家">{detail.member_nickname || detail.member_username}</Descriptions.Item>
            <Descriptions.Item label="投诉原因">{detail.complain_reason}</Descriptions.Item>
            <Descriptions.Item label="投诉说明">{detail.complain_remark || "—"}</Descriptions.Item>
            {detail.complain_images.length > 0 && <Descriptions.Item label="凭证图片"><Pictures paths={detail.complain_images} label="投诉凭证" /></Descriptions.Item>}
            <Descriptions.Item label="投诉时间">{fullTime(detail.create_time)}</Descriptions.Item>
            {detail.handle_time > 0 && (
              <Descriptions.Item label="处理结果">
                <Typography.Text strong>{detail.refund_agreed === 1 ? "支持买家" : "维持商家拒绝"}</Typography.Text>：{detail.handle_remark}（{fullTime(detail.handle_time)}）
              </Descriptions.Item>
            )}
          </Descriptions>
          {detail.complain_status === 1 && (
            <Form<HandleValues> form={form} layout="vertical" initialValues={{ agree_refund: 1 }} onFinish={handle} aria-label="处理投诉" style={{ marginBottom: 24 }}>
              <Form.Item name="agree_refund" label="处理方式">
                <Radio.Group options={[{ value: 1, label: "支持买家，继续退款" }, { value: 0, label: "维持商家拒绝" }]} />
              </Form.Item>
              <Form.Item name="handle_remark" label="处理结果（买家和商家可见）" validateFirst rules={[{ required: true, whitespace: true, message: "请填写处理结果" }, fieldRule(handleBody, "handle_remark", "处理结果")]}>
                <Input.TextArea rows={3} maxLength={500} showCount />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving}>
                提交处理结果
              </Button>
            </Form>
          )}
          <RefundInfo refund={detail.refund} />
        </>
      )}
    </Drawer>
  );
}
