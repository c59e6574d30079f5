import { useState } from "react";
import type { MemberInfo } from "@shop/contract";
import { useMemberCall } from "../../../lib/api-errors.ts";
import { maskMobile } from "../../../lib/mobile.ts";
import { BoundMobileCodeForm } from "./BoundMobileCodeForm.tsx";
import { NewMobileForm, type NewMobileAnswer } from "./NewMobileForm.tsx";
import { SecurityDone } from "./SecurityDone.tsx";
import { SecuritySteps } from "./SecuritySteps.tsx";

/**
 * 绑定手机 / 更换绑定手机. Changing needs the old number first (its code → a ticket), then the new
 * number's code; other devices are signed out then. A first bind is one step and ends no session.
 */
export function MobileFlow({ member, onChanged }: { member: Pick<MemberInfo, "mobile">; onChanged: () => void }) {
  const changing = Boolean(member.mobile);
  const flow = changing ? "mobile-change" : "mobile-bind";
  const call = useMemberCall();
  const [step, setStep] = useState(0);
  const [ticket, setTicket] = useState("");
  const [bound, setBound] = useState("");
  const bindStep = changing ? 1 : 0;

  const bind = async (answer: NewMobileAnswer) => {
    const done = await call("/api/member/modifymobile", changing ? { ...answer, ticket } : answer);
    if (done === undefined) return;
    setBound(answer.mobile);
    setStep(bindStep + 1);
    onChanged();
  };

  return (
    <>
      <SecuritySteps flow={flow} step={step} />
      {step < bindStep && (
        <BoundMobileCodeForm
          mobile={member.mobile}
          path="/api/member/oldmobilecode"
          submitText="下一步"
          onSubmit={async (answer) => {
            const verified = await call("/api/member/verifyoldmobile", answer);
            if (!verified) return;
            setTicket(verified.ticket);
            setStep(bindStep);
          }}
        />
      )}
      {step === bindStep && <NewMobileForm onSubmit={bind} />}
      {step > bindStep && (
        <SecurityDone
          title={changing ? "绑定手机已更换" : "手机绑定成功"}
          detail={`当前绑定手机：${maskMobile(bound)}${changing ? "，其他设备上的登录已退出" : "，可使用该手机号和动态码登录"}`}
        />
      )}
    </>
  );
}
