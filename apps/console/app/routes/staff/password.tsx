import { useState } from "react";
import { App, Button, Card, Form, Input } from "antd";
import { staffPasswordChangeSchema } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import { zodRule } from "../../components/settings/zod-rule.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "修改密码 - 商城管理后台" }];
}

interface PasswordForm {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

const fields = staffPasswordChangeSchema.shape;

/** 修改密码: any signed-in staff member, their own; their other sessions are signed out. */
export default function Page() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);

  async function submit(values: PasswordForm) {
    setSaving(true);
    const done = await call("/shopapi/user/modifypassword", values);
    setSaving(false);
    if (done === undefined) return;
    form.resetFields();
    void message.success("密码已修改，其他设备上的登录已退出");
  }

  return (
    <ConsolePage title="修改密码">
      <Card variant="borderless">
        <Form<PasswordForm> form={form} layout="horizontal" labelCol={{ flex: "140px" }} wrapperCol={{ flex: "minmax(0, 360px)" }} onFinish={submit} disabled={saving}>
          <Form.Item label="原密码" name="old_password" required rules={[zodRule(fields.old_password, "原密码")]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item label="新密码" name="new_password" required rules={[zodRule(fields.new_password, "新密码")]} extra="至少 8 位，首尾不能是空格">
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="确认新密码"
            name="confirm_password"
            required
            dependencies={["new_password"]}
            rules={[
              zodRule(fields.confirm_password, "确认新密码"),
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string) => {
                  if (value && value !== getFieldValue("new_password")) throw new Error("两次输入的新密码不一致");
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={saving}>
              修改密码
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </ConsolePage>
  );
}
