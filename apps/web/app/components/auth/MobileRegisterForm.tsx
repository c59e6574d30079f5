import { Button, Form } from "antd";
import { browserApi } from "../../lib/api.ts";
import type { PasswordPolicy } from "../../lib/password-rules.ts";
import { AgreementFormItem } from "./AgreementFormItem.tsx";
import { CaptchaFormItem } from "./CaptchaFormItem.tsx";
import { MobileFormItem } from "./MobileFormItem.tsx";
import { PasswordFormItems } from "./PasswordFormItems.tsx";
import { SmsCodeFormItem } from "./SmsCodeFormItem.tsx";
import { useCaptcha } from "./useCaptcha.ts";
import { useSignInSubmit } from "./useSignInSubmit.ts";
import { useSmsCode } from "./useSmsCode.ts";

interface MobileRegisterValues {
  mobile: string;
  code: string;
  password: string;
}

/** 手机号注册: mobile, image captcha, SMS code, password twice, agreement. */
export function MobileRegisterForm({ policy, showAgreement }: { policy: PasswordPolicy; showAgreement: boolean }) {
  const [form] = Form.useForm<MobileRegisterValues>();
  const captcha = useCaptcha(form);
  const sms = useSmsCode("/api/register/mobileCode", form, captcha);
  const { submitting, submit: signIn } = useSignInSubmit();

  const submit = async (values: MobileRegisterValues) => {
    const key = sms.requireKey();
    if (!key) return;
    await signIn(() => browserApi.call("/api/register/mobile", { mobile: values.mobile, key, code: values.code, password: values.password }));
  };

  return (
    <Form form={form} className="auth-form" onFinish={submit} {...captcha.formTriggers}>
      <MobileFormItem />
      <CaptchaFormItem captcha={captcha} checkOnSubmit={false} />
      <SmsCodeFormItem sms={sms} />
      <PasswordFormItems policy={policy} />
      {showAgreement && <AgreementFormItem />}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        立即注册
      </Button>
    </Form>
  );
}
