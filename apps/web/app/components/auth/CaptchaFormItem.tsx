import { useEffect, useRef } from "react";
import { Form, Input } from "antd";
import { SafetyCertificateOutlined } from "@ant-design/icons";
import { captchaFields } from "@shop/contract";
import { zodRule } from "../../lib/form-rules.ts";
import type { CaptchaController } from "./useCaptcha.ts";

/** The contract's captcha rule: message of the first problem, or null. */
export function captchaCodeProblem(value: unknown): string | null {
  const result = captchaFields.captcha_code.safeParse(value ?? "");
  return result.success ? null : (result.error.issues[0]?.message ?? "请输入验证码");
}

/** What the picture's button says: the picture, or why there is none yet. */
function captchaPlaceholder(captcha: CaptchaController): string {
  if (captcha.loading) return "加载中…";
  if (captcha.retryIn > 0) return `${captcha.retryIn} 秒后可刷新`;
  return captcha.error ? "点击刷新" : "点击获取验证码";
}

/** A failed load's reason, and when another picture may be asked for. */
function captchaHelp(captcha: CaptchaController): string | undefined {
  if (!captcha.error) return undefined;
  return captcha.retryIn > 0 ? `${captcha.error}（${captcha.retryIn} 秒后）` : captcha.error;
}

/**
 * The image captcha: code input plus the image, which renews on click. In SMS forms the captcha
 * only guards sending the code, so `checkOnSubmit={false}` leaves its check to useSmsCode. The
 * first picture loads when the shopper starts on the form (useCaptcha's formTriggers); a refusal
 * shows its reason under the row and a countdown in the button.
 */
export function CaptchaFormItem({ captcha, checkOnSubmit = true }: { captcha: CaptchaController; checkOnSubmit?: boolean }) {
  const help = captchaHelp(captcha);
  const imageButton = useRef<HTMLButtonElement>(null);
  const { onFocus: startCaptcha } = captcha.formTriggers;
  // A shopper who clicked into the form before the page's script ran sent no focus event React
  // could see: start the captcha on hydration if the focus is already inside this form.
  useEffect(() => {
    if (imageButton.current?.closest("form")?.contains(document.activeElement)) startCaptcha();
  }, [startCaptcha]);
  return (
    <Form.Item required {...(help ? { validateStatus: "error" as const, help } : {})}>
      <div className="auth-captcha">
        <Form.Item name="captcha_code" noStyle rules={checkOnSubmit ? [zodRule(captchaFields.captcha_code)] : []} validateTrigger="onBlur">
          <Input size="large" maxLength={8} autoComplete="off" placeholder="请输入验证码" prefix={<SafetyCertificateOutlined />} />
        </Form.Item>
        <button
          ref={imageButton}
          type="button"
          className="auth-captcha-image"
          title="看不清？换一张"
          onClick={captcha.refresh}
          disabled={captcha.loading || captcha.retryIn > 0}
        >
          {captcha.img ? <img src={captcha.img} alt="图形验证码" /> : <span>{captchaPlaceholder(captcha)}</span>}
        </button>
      </div>
    </Form.Item>
  );
}
