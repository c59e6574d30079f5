import { Button } from "antd";
import type { SmsCodeController } from "./useSmsCode.ts";

interface SmsCodeButtonProps {
  sms: SmsCodeController;
  /** What a click does; sends the code by default. */
  onRequest?: () => void;
  primary?: boolean;
  block?: boolean;
}

/** 获取动态码, then a 60 s countdown before it can be pressed again. */
export function SmsCodeButton({ sms, onRequest, primary, block }: SmsCodeButtonProps) {
  const waiting = sms.secondsLeft > 0;
  return (
    <Button
      size="large"
      type={primary ? "primary" : "default"}
      block={block}
      className="auth-sms-button"
      disabled={waiting}
      loading={sms.sending}
      onClick={onRequest ?? (() => void sms.send())}
    >
      {waiting ? `${sms.secondsLeft} 秒后重新获取` : sms.key ? "重新获取动态码" : "获取动态码"}
    </Button>
  );
}
