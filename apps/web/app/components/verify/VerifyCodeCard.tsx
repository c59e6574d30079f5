import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { Alert, Button, Tag } from "antd";
import { VerifyStatus, type VerifyCodeInfo } from "@shop/contract";
import { useMemberCall } from "../../lib/api-errors.ts";
import { formatTime } from "../../lib/format.ts";
import { toast } from "../ui/toast.ts";
import { VerifyGoods, VerifyRemarks } from "./VerifyGoods.tsx";
import { verificationDetailPath } from "./verify-paths.ts";

/** "123456789012" → "1234 5678 9012": easier to compare with what the shopper shows. */
export const groupedCode = (code: string): string => code.replace(/(.{4})(?=.)/g, "$1 ");

/** Why this code cannot be used any more, said plainly (used: by whom and when; expired: since when). */
function stateNotice(info: VerifyCodeInfo) {
  if (info.verify_status === VerifyStatus.USED) {
    const who = info.verifier_name ? `由「${info.verifier_name}」` : "";
    return <Alert type="warning" showIcon title="核销码已使用" description={`该码已于 ${formatTime(info.verify_time)} ${who}核销，不能重复核销。`} />;
  }
  if (info.verify_status === VerifyStatus.EXPIRED) {
    return <Alert type="error" showIcon title="核销码已过期" description={`该码有效期至 ${formatTime(info.expire_time)}，已不能核销。`} />;
  }
  return null;
}

/** What a looked-up code is for, and the 确认核销 button while it can be used. */
export function VerifyCodeCard({ info }: { info: VerifyCodeInfo }) {
  const call = useMemberCall();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const usable = info.verify_status === VerifyStatus.UNUSED;

  const confirm = async () => {
    setBusy(true);
    const outcome = await call("/api/verify/verify", { verify_code: info.verify_code });
    if (outcome) {
      toast.success(`核销成功，订单${outcome.order_status_name}`);
      await navigate(verificationDetailPath(outcome.id));
      return;
    }
    // Refused (used meanwhile by a colleague, expired…): the toast said why; show the code's state now.
    setBusy(false);
    void revalidator.revalidate();
  };

  const extra = [
    { title: "订单状态", value: info.order_status_name },
    ...(info.pay_time ? [{ title: "付款时间", value: formatTime(info.pay_time) }] : []),
  ];
  return (
    <section className="verify-panel verify-card" aria-labelledby="verify-card-title" data-testid="verify-card">
      <header className="verify-card-head">
        <h2 id="verify-card-title">
          <Tag color="red">{info.verify_type_name}</Tag>
          <span className="verify-card-code">{groupedCode(info.verify_code)}</span>
        </h2>
        <span className={`verify-card-status verify-status-${info.verify_status}`}>{info.verify_status_name}</span>
      </header>
      {stateNotice(info)}
      <VerifyGoods items={info.item_array} />
      <VerifyRemarks remarks={info.remark_array} extra={extra} />
      {usable && (
        <footer className="verify-card-foot">
          <span>请核对商品与顾客信息，确认后交付商品。</span>
          <Button type="primary" size="large" loading={busy} onClick={() => void confirm()}>
            确认核销
          </Button>
        </footer>
      )}
    </section>
  );
}
