import { useState } from "react";
import { Button, Form, Result, Steps } from "antd";
import { useNavigate } from "react-router";
import { browserApi } from "../../lib/api.ts";
import { useApiErrorHandler } from "../../lib/api-errors.ts";
import { maskMobile } from "../../lib/mobile.ts";
import type { PasswordPolicy } from "../../lib/password-rules.ts";
import { CaptchaFormItem } from "./CaptchaFormItem.tsx";
import { MobileFormItem } from "./MobileFormItem.tsx";
import { PasswordFormItems } from "./PasswordFormItems.tsx";
import { SmsCodeButton } from "./SmsCodeButton.tsx";
import { SmsCodeFormItem } from "./SmsCodeFormItem.tsx";
import { useCaptcha } from "./useCaptcha.ts";
import { useSmsCode } from "./useSmsCode.ts";

interface FindPasswordValues {
  code: string;
  password: string;
}

const STEPS = [{ title: "验证手机号" }, { title: "设置新密码" }, { title: "完成" }];

/** Password reset by mobile: 1 mobile + captcha → code sent; 2 code + new password; 3 done. */
export function FindPasswordForm({ policy }: { policy: PasswordPolicy }) {
  const [form] = Form.useForm<FindPasswordValues>();
  const captcha = useCaptcha(form);
  const sms = useSmsCode("/api/findpassword/mobilecode", form, captcha);
  const handleError = useApiErrorHandler();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [submitting, setSubmitting] = useState(false);

  const sendCode = async () => {
    if (await sms.send()) setStep(1);
  };

  const submit = async (values: FindPasswordValues) => {
    const key = sms.requireKey();
    if (!key) return;
    setSubmitting(true);
    try {
      await browserApi.call("/api/findpassword/mobile", { mobile: sms.sentTo, key, code: values.code, password: values.password });
      setStep(2);
    } catch (error) {
      handleError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="auth-find">
      <Steps current={step} status={step === 2 ? "finish" : "process"} items={STEPS} className="auth-find-steps" />
      {step === 2 ? (
        <Result
          status="success"
          title="密码重置成功"
          subTitle="请使用新密码登录"
          extra={
            <Button type="primary" size="large" onClick={() => void navigate("/auth/login")}>
              立即登录
            </Button>
          }
        />
      ) : (
        <Form form={form} className="auth-form" onFinish={submit} {...captcha.formTriggers}>
          {step === 0 ? (
            <>
              <MobileFormItem />
              <CaptchaFormItem captcha={captcha} checkOnSubmit={false} />
              <SmsCodeButton sms={sms} primary block onRequest={() => void sendCode()} />
              {sms.key && (
                <Button type="link" block onClick={() => setStep(1)}>
                  已收到动态码，下一步
                </Button>
              )}
            </>
          ) : (
            <>
              <p className="auth-find-tip">
                动态码已发送至 {maskMobile(sms.sentTo)}，请注意查收
              </p>
              {/* A new code needs a new image captcha, which is on the first step. */}
              <SmsCodeFormItem sms={sms} onRequestCode={() => setStep(0)} />
              <PasswordFormItems policy={policy} label="新密码" />
              <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
                确认修改
              </Button>
              <Button type="link" block onClick={() => setStep(0)}>
                返回上一步
              </Button>
            </>
          )}
        </Form>
      )}
    </div>
  );
}
