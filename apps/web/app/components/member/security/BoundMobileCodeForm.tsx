import { useState } from "react";
import { Button, Form } from "antd";
import { maskMobile } from "../../../lib/mobile.ts";
import { CaptchaFormItem } from "../../auth/CaptchaFormItem.tsx";
import { SmsCodeFormItem } from "../../auth/SmsCodeFormItem.tsx";
import { useCaptcha } from "../../auth/useCaptcha.ts";
import { useMemberSmsCode, type BoundMobileCodePath } from "./useMemberSmsCode.ts";

export interface CodeAnswer {
  key: string;
  code: string;
}

interface BoundMobileCodeFormProps {
  /** the member's bound mobile (shown masked; the server sends to the number on record) */
  mobile: string;
  path: BoundMobileCodePath;
  submitText: string;
  /** What the code is for; resolves when done (a refusal was already shown). */
  onSubmit: (answer: CodeAnswer) => Promise<unknown>;
}

/** A step that proves the bound mobile: image captcha → 获取动态码 (60 s countdown) → the code → next. */
export function BoundMobileCodeForm({ mobile, path, submitText, onSubmit }: BoundMobileCodeFormProps) {
  const [form] = Form.useForm<{ captcha_code: string; code: string }>();
  const captcha = useCaptcha(form);
  const sms = useMemberSmsCode(path, form, captcha, mobile);
  const [busy, setBusy] = useState(false);

  const submit = async (values: { code: string }) => {
    const key = sms.requireKey();
    if (!key) return;
    setBusy(true);
    try {
      await onSubmit({ key, code: values.code.trim() });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} className="auth-form security-form" onFinish={submit} {...captcha.formTriggers}>
      <p className="security-form-tip">
        动态码将发送至已绑定的手机 <strong>{maskMobile(mobile)}</strong>
      </p>
      <CaptchaFormItem captcha={captcha} checkOnSubmit={false} />
      <SmsCodeFormItem sms={sms} />
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {submitText}
      </Button>
    </Form>
  );
}
