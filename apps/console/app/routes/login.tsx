import { useState } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import { Alert, Button, Card, Form, Input, Typography } from "antd";
import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { consoleApi } from "../lib/api.ts";
import { afterLoginPath, currentStaff } from "../lib/staff-session.ts";
import type { Route } from "./+types/login";

export function meta() {
  return [{ title: "登录 - 商城管理后台" }];
}

/** Already signed in: straight on to where the login was for. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const staff = await currentStaff().catch(() => null);
  if (staff) throw redirect(afterLoginPath(new URL(request.url).searchParams.get("redirect")));
  return null;
}

interface LoginForm {
  username: string;
  password: string;
}

/** Staff sign in with their own accounts (/shopapi/login/login); the session comes back as a cookie. */
export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState("");

  async function submit(values: LoginForm) {
    setSubmitting(true);
    setError("");
    const envelope = await consoleApi.raw("/shopapi/login/login", values);
    setSubmitting(false);
    if (envelope.code !== 0) {
      setError(envelope.message || "登录失败，请稍后再试");
      return;
    }
    await navigate(afterLoginPath(searchParams.get("redirect")), { replace: true });
  }

  return (
    <main className="login-page">
      <Card className="login-card" variant="borderless">
        <div className="login-card__brand">
          <span className="console-logo" aria-hidden="true">
            客
          </span>
          <Typography.Title level={3} className="login-card__title">
            商城管理后台
          </Typography.Title>
        </div>
        <Typography.Paragraph type="secondary" className="login-card__hint">
          客服与运营人员请使用员工账号登录
        </Typography.Paragraph>
        {error && <Alert className="login-card__error" type="error" showIcon title={error} />}
        <Form<LoginForm> layout="vertical" size="large" onFinish={submit} requiredMark={false} disabled={submitting}>
          <Form.Item label="账号" name="username" rules={[{ required: true, whitespace: true, message: "请输入账号" }]}>
            <Input prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: "请输入密码" }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form>
      </Card>
    </main>
  );
}
