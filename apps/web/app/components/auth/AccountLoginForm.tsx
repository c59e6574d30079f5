import { Button, Checkbox, Form, Input } from "antd";
import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { browserApi } from "../../lib/api.ts";
import { CaptchaFormItem } from "./CaptchaFormItem.tsx";
import { useCaptcha } from "./useCaptcha.ts";
import { useSignInSubmit } from "./useSignInSubmit.ts";

/** Days a "七天自动登录" session lasts (SPEC §3 autoLoginRange). */
export const AUTO_LOGIN_DAYS = 7;

interface AccountLoginValues {
  username: string;
  password: string;
  captcha_code?: string;
  autoLogin: boolean;
}

/** 账号登录: username or mobile, password, image captcha (while staff keep it on), 七天自动登录. */
export function AccountLoginForm({ captchaOn }: { captchaOn: boolean }) {
  const [form] = Form.useForm<AccountLoginValues>();
  const captcha = useCaptcha(form);
  const { submitting, submit: signIn } = useSignInSubmit();

  const submit = async (values: AccountLoginValues) => {
    await signIn(
      () =>
        browserApi.call("/api/login/login", {
          username: values.username,
          password: values.password,
          ...(captchaOn ? { captcha_id: captcha.id, captcha_code: values.captcha_code } : {}),
          autoLoginRange: values.autoLogin ? AUTO_LOGIN_DAYS : 0,
        }),
      captchaOn ? captcha.refresh : undefined,
    );
  };

  return (
    <Form form={form} className="auth-form" onFinish={submit} {...(captchaOn ? captcha.formTriggers : {})} initialValues={{ autoLogin: false }}>
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: "请输入用户名或手机号" }]}>
        <Input size="large" maxLength={30} autoComplete="username" placeholder="用户名 / 手机号" prefix={<UserOutlined />} />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: "请输入密码" }]}>
        <Input.Password size="large" maxLength={64} autoComplete="current-password" placeholder="请输入密码" prefix={<LockOutlined />} />
      </Form.Item>
      {captchaOn && <CaptchaFormItem captcha={captcha} />}
      <Form.Item name="autoLogin" valuePropName="checked" className="auth-form-compact">
        <Checkbox>七天自动登录</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        登 录
      </Button>
    </Form>
  );
}
