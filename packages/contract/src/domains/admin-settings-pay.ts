import { z } from "zod";
import { endpoint, noBody, text } from "../endpoint.ts";

/**
 * Payment settings (支付设置): the demo payment, Alipay and WeChat Pay v3 keys. Secrets are stored
 * encrypted and never answered: a read shows each as masked ("已设置 ****AB12") or "".
 * A secret field left "" on save keeps the stored one.
 */

const flag = z.coerce.number().int().min(0).max(1);
/** A PEM key or a bare base64 key as the gateways' consoles give them ("" = keep the saved one). */
const keyText = z.string().trim().max(8000, "密钥内容过长");

export const paySettingsSchema = z.object({
  /** 演示支付: a built-in gateway that collects nothing (the demo shop's way to pay without merchant keys) */
  demo_pay: flag,
  alipay_is_open: flag,
  alipay_app_id: text(32).regex(/^\d*$/, "支付宝 APPID 只能是数字"),
  alipay_private_key: keyText,
  alipay_public_key: keyText,
  wechatpay_is_open: flag,
  wechatpay_app_id: text(32).regex(/^[A-Za-z0-9]*$/, "微信支付 AppID 格式不正确"),
  wechatpay_mch_id: text(32).regex(/^\d*$/, "微信支付商户号只能是数字"),
  wechatpay_serial_no: text(64).regex(/^[A-Fa-f0-9]*$/, "商户证书序列号格式不正确"),
  wechatpay_private_key: keyText,
  /** APIv3 key: exactly 32 characters ("" = keep) */
  wechatpay_api_v3_key: z.union([z.literal(""), z.string().length(32, "APIv3 密钥必须是 32 个字符")]),
  wechatpay_public_key: keyText,
  wechatpay_public_key_id: text(64),
});
export type PaySettingsInput = z.infer<typeof paySettingsSchema>;

/** What the settings page shows of one gateway's secret. */
export interface MaskedSecret {
  /** "" when none is saved, else a hint like "已设置（…AB12）" */
  masked: string;
}

export interface PaySettings {
  demo_pay: number;
  alipay_is_open: number;
  alipay_app_id: string;
  alipay_private_key: MaskedSecret;
  alipay_public_key: MaskedSecret;
  wechatpay_is_open: number;
  wechatpay_app_id: string;
  wechatpay_mch_id: string;
  wechatpay_serial_no: string;
  wechatpay_private_key: MaskedSecret;
  wechatpay_api_v3_key: MaskedSecret;
  wechatpay_public_key: MaskedSecret;
  wechatpay_public_key_id: string;
  /** false when CONFIG_ENCRYPTION_KEY is missing: secrets cannot be saved (production) */
  can_save_secrets: boolean;
  /** gateways configured by environment variables (docs/payments.md): they apply when the console has none */
  env_gateways: string[];
  /** what the cashier offers right now */
  offered: Array<{ name: string; title: string }>;
}

/** A connection test's result: ok, or why not (in Chinese). */
export interface GatewayTest {
  pay_type: string;
  ok: boolean;
  message: string;
}

export interface PaySettingsSaved {
  update_time: number;
  /** the local key checks and connection tests run on save (one per opened gateway) */
  tests: GatewayTest[];
}

export const payAdminEndpoints = {
  "/shopapi/config/pay": endpoint<PaySettings>()(noBody),
  "/shopapi/config/setpay": endpoint<PaySettingsSaved>()(paySettingsSchema),
  /** tests the saved keys of one gateway: signs a query and sends it (times out with a clear message) */
  "/shopapi/config/testpay": endpoint<GatewayTest>()(z.object({ pay_type: z.enum(["alipay", "wechatpay"], { error: "参数 pay_type 的取值无效" }) })),
};
