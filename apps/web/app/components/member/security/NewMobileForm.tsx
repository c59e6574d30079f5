import { useState } from "react";
import { Button, Form } from "antd";
import { CaptchaFormItem } from "../../auth/CaptchaFormItem.tsx";
import { MobileFormItem } from "../../auth/MobileFormItem.tsx";
import { SmsCodeFormItem } from "../../auth/SmsCodeFormItem.tsx";
import { useCaptcha } from "../../auth/useCaptcha.ts";
import { useMemberSmsCode } from "./useMemberSmsCode.ts";

export interface NewMobileAnswer {
  mobile: string;
  key: string;
  code: string;
}

/** The number to bind: mobile + image captcha → 获取动态码 (to that number) → the code → bind. */
export function NewMobileForm({ onSubmit }: { onSubmit: (answer: NewMobileAnswer) => Promise<unknown> }) {
  const [form] = Form.useForm<{ mobile: string; captcha_code: string; code: string }>();
  const captcha = useCaptcha(form);
  const sms = useMemberSmsCode("/api/member/bindmobliecode", form, captcha);
  const [busy, setBusy] = useState(false);

  const submit = async (values: { code: string }) => {
    const key = sms.requireKey();
    if (!key) return;
    setBusy(true);
    try {
      // The number the code went to: editing the field afterwards does not bind another one.
      await onSubmit({ mobile: sms.sentTo, key, code: values.code.trim() });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} className="auth-form security-form" onFinish={submit} {...captcha.formTriggers}>
      <p className="security-form-tip">请输入要绑定的新手机号，绑定后可使用该手机号登录</p>
      <MobileFormItem />
      <CaptchaFormItem captcha={captcha} checkOnSubmit={false} />
      <SmsCodeFormItem sms={sms} />
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        确认绑定
      </Button>
    </Form>
  );
}
