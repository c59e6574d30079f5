import { Form, Input } from "antd";
import { LockOutlined } from "@ant-design/icons";
import { checkRule } from "../../lib/form-rules.ts";
import { checkPassword, describePasswordPolicy, type PasswordPolicy } from "../../lib/password-rules.ts";

/**
 * New password + confirmation, checked against the site's password policy
 * (/api/register/config pwd_len, pwd_complexity). Used by register and password reset.
 */
export function PasswordFormItems({ policy, label = "密码" }: { policy: PasswordPolicy; label?: string }) {
  const hint = describePasswordPolicy(policy);
  return (
    <>
      <Form.Item name="password" rules={[checkRule((value) => checkPassword(value, policy))]} validateTrigger="onBlur" extra={hint ? `${label}${hint}` : undefined}>
        <Input.Password size="large" maxLength={64} autoComplete="new-password" aria-label={label} placeholder={`请设置${label}`} prefix={<LockOutlined />} />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={["password"]}
        validateTrigger="onBlur"
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (!value) throw new Error(`请再次输入${label}`);
              if (value !== getFieldValue("password")) throw new Error(`两次输入的${label}不一致`);
            },
          }),
        ]}
      >
        <Input.Password size="large" maxLength={64} autoComplete="new-password" aria-label={`确认${label}`} placeholder={`请再次输入${label}`} prefix={<LockOutlined />} />
      </Form.Item>
    </>
  );
}
