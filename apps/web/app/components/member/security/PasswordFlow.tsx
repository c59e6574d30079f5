import { useState } from "react";
import { Button, Form, Input } from "antd";
import { LockOutlined } from "@ant-design/icons";
import { ApiError } from "@shop/contract/client";
import type { MemberInfo } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { browserApi } from "../../../lib/api.ts";
import { useApiErrorHandler } from "../../../lib/api-errors.ts";
import type { PasswordPolicy } from "../../../lib/password-rules.ts";
import { PasswordFormItems } from "../../auth/PasswordFormItems.tsx";
import { BoundMobileCodeForm, type CodeAnswer } from "./BoundMobileCodeForm.tsx";
import { SecurityDone } from "./SecurityDone.tsx";
import { SecuritySteps } from "./SecuritySteps.tsx";
import { securityHref } from "./security-view.ts";

interface PasswordFlowProps {
  member: Pick<MemberInfo, "mobile" | "password">;
  policy: PasswordPolicy;
  /** "sms": by a code to the bound mobile, else with the old password */
  bySms: boolean;
  onChanged: () => void;
}

/**
 * 修改登录密码: with the old password (one step), or by SMS (prove the bound mobile, then the new
 * password; a wrong code sends the member back to the first step). Other devices are signed out.
 */
export function PasswordFlow({ member, policy, bySms, onChanged }: PasswordFlowProps) {
  const flow = bySms ? "password-sms" : "password-old";
  const [step, setStep] = useState(0);
  const [answer, setAnswer] = useState<CodeAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const handleError = useApiErrorHandler();
  const lastStep = bySms ? 2 : 1;

  const change = async (values: { old_password?: string; password: string }) => {
    setBusy(true);
    try {
      await browserApi.call("/api/member/modifypassword", bySms ? { ...answer!, new_password: values.password } : { old_password: values.old_password, new_password: values.password });
      setStep(lastStep);
      onChanged();
    } catch (error) {
      handleError(error, { forceLogin: true });
      // The code was wrong or ran out: it is asked for again on the first step.
      if (bySms && error instanceof ApiError && error.message.includes("动态码")) setStep(0);
    } finally {
      setBusy(false);
    }
  };

  if (step === lastStep) {
    return (
      <>
        <SecuritySteps flow={flow} step={step} />
        <SecurityDone title={member.password ? "登录密码已修改" : "登录密码已设置"} detail="其他设备上的登录已退出，请在这些设备上使用新密码重新登录" />
      </>
    );
  }
  return (
    <>
      <SecuritySteps flow={flow} step={step} />
      {bySms && step === 0 ? (
        <BoundMobileCodeForm
          mobile={member.mobile}
          path="/api/member/pwdmobliecode"
          submitText="下一步"
          onSubmit={async (code) => {
            setAnswer(code);
            setStep(1);
          }}
        />
      ) : (
        <Form className="auth-form security-form" onFinish={change}>
          {!bySms && (
            <Form.Item name="old_password" rules={[{ required: true, message: "请输入原密码" }]} validateTrigger="onBlur">
              <Input.Password size="large" maxLength={64} autoComplete="current-password" aria-label="原密码" placeholder="请输入原密码" prefix={<LockOutlined />} />
            </Form.Item>
          )}
          <PasswordFormItems policy={policy} label="新密码" />
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            确认修改
          </Button>
          {!bySms && member.mobile && (
            <p className="security-form-switch">
              忘记原密码？<Link to={securityHref("password", "sms")}>通过手机验证修改</Link>
            </p>
          )}
          {bySms && (
            <Button type="link" block onClick={() => setStep(0)}>
              返回上一步
            </Button>
          )}
        </Form>
      )}
    </>
  );
}
