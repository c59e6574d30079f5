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

/**
 * The image captcha: code input plus the image, which renews on click. In SMS forms the captcha
 * only guards sending the code, so `checkOnSubmit={false}` leaves its check to useSmsCode.
 */
export function CaptchaFormItem({ captcha, checkOnSubmit = true }: { captcha: CaptchaController; checkOnSubmit?: boolean }) {
  return (
    <Form.Item required>
      <div className="auth-captcha">
        <Form.Item name="captcha_code" noStyle rules={checkOnSubmit ? [zodRule(captchaFields.captcha_code)] : []} validateTrigger="onBlur">
          <Input size="large" maxLength={8} autoComplete="off" placeholder="请输入验证码" prefix={<SafetyCertificateOutlined />} />
        </Form.Item>
        <button type="button" className="auth-captcha-image" title="看不清？换一张" onClick={captcha.refresh} disabled={captcha.loading}>
          {captcha.img ? <img src={captcha.img} alt="图形验证码" /> : <span>{captcha.loading ? "加载中…" : "点击刷新"}</span>}
        </button>
      </div>
    </Form.Item>
  );
}
