import { Form, Input } from "antd";
import { MobileOutlined } from "@ant-design/icons";
import { mobile } from "@shop/contract";
import { zodRule } from "../../lib/form-rules.ts";

/** Mainland mobile number (the contract's rule and message). */
export function MobileFormItem() {
  return (
    <Form.Item name="mobile" rules={[zodRule(mobile)]} validateTrigger="onBlur">
      <Input size="large" maxLength={11} inputMode="numeric" autoComplete="tel" placeholder="请输入手机号" prefix={<MobileOutlined />} />
    </Form.Item>
  );
}
