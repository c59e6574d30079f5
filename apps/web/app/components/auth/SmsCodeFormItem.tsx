import { Form, Input } from "antd";
import { MessageOutlined } from "@ant-design/icons";
import { smsCode } from "@shop/contract";
import { zodRule } from "../../lib/form-rules.ts";
import { SmsCodeButton } from "./SmsCodeButton.tsx";
import type { SmsCodeController } from "./useSmsCode.ts";

/** The SMS code input with its 获取动态码 button beside it (`onRequestCode` overrides the button). */
export function SmsCodeFormItem({ sms, onRequestCode }: { sms: SmsCodeController; onRequestCode?: () => void }) {
  return (
    <Form.Item required>
      <div className="auth-inline">
        <Form.Item name="code" noStyle rules={[zodRule(smsCode)]} validateTrigger="onBlur">
          <Input size="large" maxLength={6} inputMode="numeric" autoComplete="one-time-code" placeholder="请输入动态码" prefix={<MessageOutlined />} />
        </Form.Item>
        <SmsCodeButton sms={sms} onRequest={onRequestCode} />
      </div>
    </Form.Item>
  );
}
