import { useState } from "react";
import { Button, Form } from "antd";
import type { MemberInfo } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { useMemberCall } from "../../../lib/api-errors.ts";
import { BoundMobileCodeForm } from "./BoundMobileCodeForm.tsx";
import { OldPayPasswordFormItem, PayPasswordFormItems } from "./PayPasswordFormItems.tsx";
import { SecurityDone } from "./SecurityDone.tsx";
import { SecuritySteps } from "./SecuritySteps.tsx";
import { securityHref, type SecurityFlow } from "./security-view.ts";

type PayFlow = Extract<SecurityFlow, "pay-set" | "pay-change" | "pay-reset">;

const DONE_TITLES: Record<PayFlow, string> = { "pay-set": "支付密码已设置", "pay-change": "支付密码已修改", "pay-reset": "支付密码已重置" };

/**
 * 支付密码 (six digits, asked for at balance payments): set the first one, change it with the old
 * one, or reset a forgotten one after proving the bound mobile (its code → a ticket).
 */
export function PayPasswordFlow({ flow, member, onChanged }: { flow: PayFlow; member: Pick<MemberInfo, "mobile">; onChanged: () => void }) {
  const call = useMemberCall();
  const [step, setStep] = useState(0);
  const [ticket, setTicket] = useState("");
  const [busy, setBusy] = useState(false);
  const formStep = flow === "pay-reset" ? 1 : 0;

  const save = async (values: { password: string; old_password?: string }) => {
    setBusy(true);
    try {
      const body = flow === "pay-reset" ? { password: values.password, ticket } : { password: values.password, old_password: values.old_password };
      if ((await call("/api/member/modifypaypassword", body)) === undefined) return;
      setStep(formStep + 1);
      onChanged();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <SecuritySteps flow={flow} step={step} />
      {step < formStep && (
        <BoundMobileCodeForm
          mobile={member.mobile}
          path="/api/member/paypwdcode"
          submitText="下一步"
          onSubmit={async (answer) => {
            const verified = await call("/api/member/verifypaypwdcode", answer);
            if (!verified) return;
            setTicket(verified.ticket);
            setStep(formStep);
          }}
        />
      )}
      {step === formStep && (
        <Form className="auth-form security-form" onFinish={save}>
          {flow === "pay-change" && <OldPayPasswordFormItem />}
          <PayPasswordFormItems />
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            确认
          </Button>
          {flow === "pay-change" && member.mobile && (
            <p className="security-form-switch">
              忘记原支付密码？<Link to={securityHref("paypassword", "reset")}>通过手机验证找回</Link>
            </p>
          )}
        </Form>
      )}
      {step > formStep && <SecurityDone title={DONE_TITLES[flow]} detail="下次使用余额支付时请输入新的支付密码" />}
    </>
  );
}
