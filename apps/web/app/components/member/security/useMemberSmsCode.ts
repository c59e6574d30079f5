import { useCallback, useState } from "react";
import { App, type FormInstance } from "antd";
import { browserApi } from "../../../lib/api.ts";
import { useApiErrorHandler } from "../../../lib/api-errors.ts";
import { useCountdown } from "../../auth/useCountdown.ts";
import { captchaCodeProblem } from "../../auth/CaptchaFormItem.tsx";
import { SMS_RESEND_SECONDS, type SmsCodeController } from "../../auth/useSmsCode.ts";
import type { CaptchaController } from "../../auth/useCaptcha.ts";

/** Calls that text a code to the member's bound mobile (the server knows the number). */
export type BoundMobileCodePath = "/api/member/pwdmobliecode" | "/api/member/oldmobilecode" | "/api/member/paypwdcode";
/** The call that texts a code to the mobile being bound (the form's `mobile` field). */
export type NewMobileCodePath = "/api/member/bindmobliecode";

/**
 * Requesting an SMS code in the security forms, as useSmsCode does on the login pages (captcha
 * from the form, 60 s countdown, the key kept for the next call), for the member's calls: the code
 * goes to the bound mobile (`boundMobile`, shown masked), or, for bindmobliecode, to the form's
 * `mobile`. A dead session sends the member to login. Works with SmsCodeButton / SmsCodeFormItem.
 */
export function useMemberSmsCode(
  path: BoundMobileCodePath | NewMobileCodePath,
  form: FormInstance,
  captcha: CaptchaController,
  boundMobile = "",
): SmsCodeController {
  const { message } = App.useApp();
  const handleError = useApiErrorHandler();
  const { secondsLeft, start } = useCountdown(SMS_RESEND_SECONDS);
  const [sent, setSent] = useState({ key: "", mobile: "" });
  const [sending, setSending] = useState(false);

  const send = useCallback(async () => {
    const toNewMobile = path === "/api/member/bindmobliecode";
    const values = toNewMobile ? await form.validateFields(["mobile"]).catch(() => null) : {};
    const captchaCode: unknown = form.getFieldValue("captcha_code");
    const captchaProblem = captchaCodeProblem(captchaCode);
    if (captchaProblem) form.setFields([{ name: "captcha_code", errors: [captchaProblem] }]);
    if (!values || captchaProblem) return false;
    const mobile = toNewMobile ? String((values as { mobile: string }).mobile) : boundMobile;
    const answer = { captcha_id: captcha.id, captcha_code: String(captchaCode) };
    setSending(true);
    try {
      const result = toNewMobile ? await browserApi.call(path, { ...answer, mobile }) : await browserApi.call(path, answer);
      setSent({ key: result.key, mobile });
      start();
      void message.success("动态码已发送");
      return true;
    } catch (error) {
      handleError(error, { forceLogin: true });
      return false;
    } finally {
      // The captcha was spent either way.
      captcha.refresh();
      setSending(false);
    }
  }, [form, path, captcha, boundMobile, start, message, handleError]);

  const requireKey = useCallback(() => {
    if (!sent.key) form.setFields([{ name: "code", errors: ["请先获取动态码"] }]);
    return sent.key || null;
  }, [form, sent.key]);

  return { key: sent.key, sentTo: sent.mobile, secondsLeft, sending, send, requireKey };
}
