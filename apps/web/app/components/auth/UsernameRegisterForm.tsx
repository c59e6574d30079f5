import { Button, Form, Input } from "antd";
import { UserOutlined } from "@ant-design/icons";
import { username } from "@shop/contract";
import { browserApi } from "../../lib/api.ts";
import { zodRule } from "../../lib/form-rules.ts";
import type { PasswordPolicy } from "../../lib/password-rules.ts";
import { AgreementFormItem } from "./AgreementFormItem.tsx";
import { CaptchaFormItem } from "./CaptchaFormItem.tsx";
import { PasswordFormItems } from "./PasswordFormItems.tsx";
import { useCaptcha } from "./useCaptcha.ts";
import { useSignInSubmit } from "./useSignInSubmit.ts";

interface UsernameRegisterValues {
  username: string;
  password: string;
  captcha_code?: string;
}

/** 用户名注册: username, password twice, image captcha (while staff keep it on), agreement. Registering logs the member in. */
export function UsernameRegisterForm({ policy, showAgreement, captchaOn }: { policy: PasswordPolicy; showAgreement: boolean; captchaOn: boolean }) {
  const [form] = Form.useForm<UsernameRegisterValues>();
  const captcha = useCaptcha(form);
  const { submitting, submit: signIn } = useSignInSubmit();

  const submit = async (values: UsernameRegisterValues) => {
    await signIn(
      () =>
        browserApi.call("/api/register/username", {
            username: values.username,
            password: values.password,
          ...(captchaOn ? { captcha_id: captcha.id, captcha_code: values.captcha_code } : {}),
        }),
      captchaOn ? captcha.refresh : undefined,
    );
  };

  return (
    <Form form={form} className="auth-form" onFinish={submit} {...(captchaOn ? captcha.formTriggers : {})}>
      <Form.Item name="username" rules={[zodRule(username)]} validateTrigger="onBlur">
        <Input size="large" maxLength={30} autoComplete="username" placeholder="请输入用户名" prefix={<UserOutlined />} />
      </Form.Item>
      <PasswordFormItems policy={policy} />
      {captchaOn && <CaptchaFormItem captcha={captcha} />}
      {showAgreement && <AgreementFormItem />}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        立即注册
      </Button>
    </Form>
  );
}
