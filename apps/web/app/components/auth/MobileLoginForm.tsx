import { Button, Form } from "antd";
import { browserApi } from "../../lib/api.ts";
import { CaptchaFormItem } from "./CaptchaFormItem.tsx";
import { MobileFormItem } from "./MobileFormItem.tsx";
import { SmsCodeFormItem } from "./SmsCodeFormItem.tsx";
import { useCaptcha } from "./useCaptcha.ts";
import { useSignInSubmit } from "./useSignInSubmit.ts";
import { useSmsCode } from "./useSmsCode.ts";

interface MobileLoginValues {
  mobile: string;
  captcha_code: string;
  code: string;
}

/** 手机动态码登录: mobile + image captcha → 获取动态码 → code. */
export function MobileLoginForm() {
  const [form] = Form.useForm<MobileLoginValues>();
  const captcha = useCaptcha(form);
  const sms = useSmsCode("/api/login/mobileCode", form, captcha);
  const { submitting, submit: signIn } = useSignInSubmit();

  const submit = async (values: MobileLoginValues) => {
    const key = sms.requireKey();
    if (!key) return;
    await signIn(() => browserApi.call("/api/login/mobile", { mobile: values.mobile, key, code: values.code }));
  };

  return (
    <Form form={form} className="auth-form" onFinish={submit} {...captcha.formTriggers}>
      <MobileFormItem />
      <CaptchaFormItem captcha={captcha} checkOnSubmit={false} />
      <SmsCodeFormItem sms={sms} />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        登 录
      </Button>
    </Form>
  );
}
