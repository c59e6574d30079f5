import { useState } from "react";
import { Checkbox, Form } from "antd";
import { AgreementModal } from "./AgreementModal.tsx";

const NOT_AGREED = "请先阅读并同意《用户注册协议》";

/** 我已阅读并同意《用户注册协议》: required before registering; the title opens the agreement. */
export function AgreementFormItem() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[{ validator: async (_rule, checked: boolean) => { if (!checked) throw new Error(NOT_AGREED); } }]}
      >
        <Checkbox>
          我已阅读并同意
          <button type="button" className="auth-link-button" onClick={() => setOpen(true)}>
            《用户注册协议》
          </button>
        </Checkbox>
      </Form.Item>
      <AgreementModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
