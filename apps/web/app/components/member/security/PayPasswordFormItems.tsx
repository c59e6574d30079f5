import { Form, Input } from "antd";
import { LockOutlined } from "@ant-design/icons";
import { payPasswordProblem } from "@shop/contract";
import { checkRule } from "../../../lib/form-rules.ts";

/** A six-digit pay password field (masked, digits only on phones' keyboards). */
function PayPasswordInput({ label, ...props }: { label: string; autoComplete: string; placeholder: string }) {
  return <Input.Password size="large" maxLength={6} inputMode="numeric" aria-label={label} prefix={<LockOutlined />} {...props} />;
}

/** The current pay password (change), checked by the server against its limit of wrong guesses. */
export function OldPayPasswordFormItem() {
  return (
    <Form.Item name="old_password" rules={[{ required: true, message: "请输入原支付密码" }]} validateTrigger="onBlur">
      <PayPasswordInput label="原支付密码" autoComplete="current-password" placeholder="请输入原支付密码" />
    </Form.Item>
  );
}

/** New pay password and its confirmation: six digits, not 000000 / 123456-like (the contract's rule). */
export function PayPasswordFormItems() {
  return (
    <>
      <Form.Item
        name="password"
        rules={[checkRule((value) => (value ? payPasswordProblem(value) : "请设置 6 位数字支付密码"))]}
        validateTrigger="onBlur"
        extra="6 位数字，用于余额支付，请勿使用重复或连续的数字"
      >
        <PayPasswordInput label="支付密码" autoComplete="new-password" placeholder="请设置 6 位数字支付密码" />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={["password"]}
        validateTrigger="onBlur"
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (!value) throw new Error("请再次输入支付密码");
              if (value !== getFieldValue("password")) throw new Error("两次输入的支付密码不一致");
            },
          }),
        ]}
      >
        <PayPasswordInput label="确认支付密码" autoComplete="new-password" placeholder="请再次输入支付密码" />
      </Form.Item>
    </>
  );
}
