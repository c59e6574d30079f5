import { useEffect, useState } from "react";
import { App, Form, Input, Modal } from "antd";
import { adjustReason, signedCount, signedYuanInput } from "@shop/contract/domains/admin-member";
import { zodRule } from "../settings/zod-rule.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/** Which account a staff adjustment moves. */
export type AdjustKind = "balance" | "point" | "growth";

const KIND = {
  balance: { title: "调整余额", label: "调整金额（元）", placeholder: "如 50 或 -20.5", rule: signedYuanInput, path: "/shopapi/member/adjustbalance" },
  point: { title: "调整积分", label: "调整积分", placeholder: "如 100 或 -50", rule: signedCount("积分"), path: "/shopapi/member/adjustpoint" },
  growth: { title: "调整成长值", label: "调整成长值", placeholder: "如 100 或 -50", rule: signedCount("成长值"), path: "/shopapi/member/adjustgrowth" },
} as const;

interface Values {
  adjust_num: string;
  remark: string;
}

/**
 * The reason dialog of a staff adjustment: a signed amount (negative takes away) and the reason,
 * checked with the server's own rules; the server refuses what would go below zero.
 */
export default function AdjustAccountModal(props: { memberId: number; kind: AdjustKind | null; current: string; onClose: () => void; onDone: () => void }) {
  const { memberId, kind, current, onClose, onDone } = props;
  const call = useStaffCall();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (kind) form.resetFields();
  }, [kind, form]);
  if (!kind) return null;
  const setting = KIND[kind];

  const submit = async (values: Values) => {
    setSaving(true);
    const body = { member_id: memberId, adjust_num: values.adjust_num.trim(), remark: values.remark.trim() };
    const done = await call(setting.path, body as never);
    setSaving(false);
    if (!done) return;
    void message.success(`${setting.title.replace("调整", "")}已调整`);
    onDone();
    onClose();
  };

  return (
    <Modal title={setting.title} open onCancel={onClose} onOk={() => form.submit()} okText="确定调整" confirmLoading={saving} destroyOnHidden>
      <p>当前：{current}</p>
      <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)} aria-label={setting.title}>
        <Form.Item name="adjust_num" label={setting.label} extra="正数增加，负数扣减；扣减后不能小于 0" rules={[zodRule(setting.rule, setting.label)]}>
          <Input placeholder={setting.placeholder} autoFocus />
        </Form.Item>
        <Form.Item name="remark" label="调整原因" rules={[zodRule(adjustReason, "调整原因")]}>
          <Input.TextArea rows={2} maxLength={100} showCount />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
