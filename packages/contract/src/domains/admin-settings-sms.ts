import { z } from "zod";
import { endpoint, noBody, text } from "../endpoint.ts";
import type { MaskedSecret } from "./admin-settings-pay.ts";

/**
 * SMS settings (短信设置): the provider that sends verification codes. "outbox" (the default) sends
 * nothing and records each message in sms_outbox — for development; "aliyun" (阿里云短信) and
 * "tencent" (腾讯云短信) send through their SDKs with the keys saved here (encrypted, never answered).
 */

export const SMS_PROVIDERS = ["outbox", "aliyun", "tencent"] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** The messages the shop sends, each with its template at the provider (template parameter: code). */
export const SMS_MESSAGE_TYPES = {
  register: "注册验证码",
  login: "登录验证码",
  find_password: "找回密码验证码",
  member_password: "修改登录密码验证码",
  mobile_old: "更换手机（原手机）验证码",
  mobile_bind: "绑定手机验证码",
  pay_password: "重置支付密码验证码",
} as const;
export type SmsMessageType = keyof typeof SMS_MESSAGE_TYPES;

const templateCode = text(50).regex(/^[\w-]*$/, "模板编号只能包含字母、数字、下划线和短横线");

export const smsSettingsSchema = z
  .object({
    provider: z.enum(SMS_PROVIDERS, { error: "参数 provider 的取值无效" }),
    access_key_id: text(64).regex(/^[\w-]*$/, "AccessKey ID 格式不正确"),
    /** "" = keep the saved one */
    access_key_secret: text(128),
    sign_name: text(20),
    /** Tencent Cloud: the SMS application's SdkAppId */
    sdk_app_id: text(20).regex(/^\d*$/, "SdkAppId 只能是数字"),
    /** Tencent Cloud region (ap-guangzhou…); Aliyun ignores it */
    region: text(32).regex(/^[a-z0-9-]*$/, "地域格式不正确"),
    templates: z.object(Object.fromEntries(Object.keys(SMS_MESSAGE_TYPES).map((type) => [type, templateCode.default("")])) as Record<SmsMessageType, z.ZodDefault<typeof templateCode>>),
  })
  .superRefine((value, ctx) => {
    if (value.provider === "outbox") return;
    if (!value.access_key_id) ctx.addIssue({ code: "custom", path: ["access_key_id"], message: "请填写 AccessKey ID" });
    if (!value.sign_name) ctx.addIssue({ code: "custom", path: ["sign_name"], message: "请填写短信签名" });
    if (value.provider === "tencent" && !value.sdk_app_id) ctx.addIssue({ code: "custom", path: ["sdk_app_id"], message: "请填写 SdkAppId" });
  });
export type SmsSettingsInput = z.infer<typeof smsSettingsSchema>;

export interface SmsSettings extends Omit<SmsSettingsInput, "access_key_secret"> {
  access_key_secret: MaskedSecret;
  can_save_secrets: boolean;
}

export interface SmsTestResult {
  ok: boolean;
  message: string;
}

export const smsAdminEndpoints = {
  "/shopapi/config/sms": endpoint<SmsSettings>()(noBody),
  "/shopapi/config/setsms": endpoint<{ update_time: number }>()(smsSettingsSchema),
  /** sends a test code to `mobile` through the saved provider (recorded in sms_outbox for "outbox") */
  "/shopapi/config/testsms": endpoint<SmsTestResult>()(
    z.object({
      mobile: z.string({ error: "请输入手机号" }).trim().regex(/^1\d{10}$/, "手机号格式不正确"),
      type: z.enum(Object.keys(SMS_MESSAGE_TYPES) as [SmsMessageType, ...SmsMessageType[]]).default("register"),
    }),
  ),
};
