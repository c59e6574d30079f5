import { useState } from "react";
import { App, Form, Modal, Typography } from "antd";
import type { StaffCouponType } from "@shop/contract";
import { couponSendBody } from "@shop/contract/domains/admin-marketing";
import { zodRule } from "../settings/zod-rule.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import MemberPicker from "./MemberPicker.tsx";

/** 发放: one coupon of the type to each chosen member, all or none (the server checks the total and the limits). */
export default function SendCouponModal({ type, onClose, onSent }: { type: StaffCouponType | null; onClose: () => void; onSent: () => void }) {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ member_ids: number[] }>();
  const [sending, setSending] = useState(false);
  const left = type && type.count > 0 ? type.count - type.lead_count : null;

  const send = async ({ member_ids }: { member_ids: number[] }) => {
    if (!type) return;
    setSending(true);
    const done = await call("/shopapi/coupon/send", { coupon_type_id: type.coupon_type_id, member_ids });
    setSending(false);
    if (!done) return;
    void message.success(`已向 ${done.sent} 位会员发放「${type.coupon_name}」`);
    form.resetFields();
    onSent();
    onClose();
  };

  return (
    <Modal
      title={`发放优惠券：${type?.coupon_name ?? ""}`}
      open={type !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="发放"
      confirmLoading={sending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        每位会员发放 1 张，计入每人限领{type && type.max_fetch > 0 ? ` ${type.max_fetch} 张` : "（不限）"}；{left === null ? "发放总量不限" : `还可发放 ${left} 张`}。任一会员不能发放时整批不发。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void send(values)} preserve={false} aria-label="发放优惠券">
        <Form.Item name="member_ids" label="发放给" rules={[zodRule(couponSendBody.shape.member_ids, "发放会员", (value) => value ?? [])]}>
          <MemberPicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
