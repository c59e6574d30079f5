import { useCallback, useState } from "react";
import { App, type FormInstance } from "antd";
import { browserApi } from "../../lib/api.ts";
import { useApiErrorHandler } from "../../lib/api-errors.ts";
import { useCountdown } from "./useCountdown.ts";
import type { CaptchaController } from "./useCaptcha.ts";
import { captchaCodeProblem } from "./CaptchaFormItem.tsx";

/** Seconds before another code may be requested. */
export const SMS_RESEND_SECONDS = 60;

/** The calls that text a code to `mobile` after checking the image captcha. */
export type SmsCodePath = "/api/login/mobileCode" | "/api/register/mobileCode" | "/api/findpassword/mobilecode";

export interface SmsCodeController {
  /** the `key` to send back with the code; "" until a code was sent */
  key: string;
  /** the mobile number the last code went to */
  sentTo: string;
  secondsLeft: number;
  sending: boolean;
  /** Validates mobile + captcha, requests the code, starts the countdown. Resolves true when sent. */
  send(): Promise<boolean>;
  /** The key, or null after marking the code field with 请先获取动态码. */
  requireKey(): string | null;
}

/**
 * Requesting an SMS code: checks and reads `mobile` and `captcha_code` from the form (render the
 * captcha with `checkOnSubmit={false}`: once the code is sent, submitting needs no captcha).
 */
export function useSmsCode(path: SmsCodePath, form: FormInstance, captcha: CaptchaController): SmsCodeController {
  const { message } = App.useApp();
  const handleError = useApiErrorHandler();
  const { secondsLeft, start } = useCountdown(SMS_RESEND_SECONDS);
  const [sent, setSent] = useState({ key: "", mobile: "" });
  const key = sent.key;
  const [sending, setSending] = useState(false);

  const send = useCallback(async () => {
    const values = await form.validateFields(["mobile"]).catch(() => null);
    const captchaCode: unknown = form.getFieldValue("captcha_code");
    const captchaProblem = captchaCodeProblem(captchaCode);
    if (captchaProblem) form.setFields([{ name: "captcha_code", errors: [captchaProblem] }]);
    if (!values || captchaProblem) return false;
    setSending(true);
    try {
      const result = await browserApi.call(path, { mobile: values.mobile, captcha_id: captcha.id, captcha_code: String(captchaCode) });
      setSent({ key: result.key, mobile: String(values.mobile) });
      start();
      void message.success("动态码已发送");
      return true;
    } catch (error) {
      handleError(error);
      return false;
    } finally {
      // The captcha was spent either way.
      captcha.refresh();
      setSending(false);
    }
  }, [form, path, captcha, start, message, handleError]);

  const requireKey = useCallback(() => {
    if (!key) form.setFields([{ name: "code", errors: ["请先获取动态码"] }]);
    return key || null;
  }, [form, key]);

  return { key, sentTo: sent.mobile, secondsLeft, sending, send, requireKey };
}
