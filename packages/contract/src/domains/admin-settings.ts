import { z } from "zod";
import { endpoint, noBody, text } from "../endpoint.ts";
import { payAdminEndpoints } from "./admin-settings-pay.ts";
import { smsAdminEndpoints } from "./admin-settings-sms.ts";

export * from "./admin-settings-pay.ts";
export * from "./admin-settings-sms.ts";

/**
 * Staff calls of the back office for the shop's settings: site, register and login, order, points and balance, payment keys, SMS (setting.manage).
 * One pair per settings page: `/shopapi/config/<area>` reads it, `/shopapi/config/set<area>` saves
 * all of it (the reference's Config controller keeps the shop's settings the same way). Every save
 * is one unit of work with its staff_log line and purges the storefront's cached pages.
 * docs/api/console-settings.md.
 */

/** 0 / 1 switches, as the reference sends them (numbers or numeric strings). */
export const settingFlag = z.coerce.number().int().min(0).max(1);

/** A whole number within bounds (numeric strings accepted: forms send them). */
const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** A picture path from the upload call ("upload/setting/…"), or "" for none. */
const picturePath = text(255).regex(/^(|upload\/[\w./-]+)$/, "图片地址不正确");

/** Comma-separated choices out of `allowed` ("username,mobile"); "" allowed when `allowEmpty`. */
function choiceList(allowed: readonly string[], allowEmpty: boolean, label: string) {
  return z
    .string()
    .trim()
    .max(100)
    .refine((value) => value.split(",").filter(Boolean).every((item) => allowed.includes(item)), `${label}的取值无效`)
    .refine((value) => allowEmpty || value.length > 0, `请至少选择一种${label}`);
}

// ---- site (站点设置) ----------------------------------------------------------------------

export const siteSettingsSchema = z.object({
  site_name: z.string({ error: "请输入站点名称" }).trim().min(1, "请输入站点名称").max(50, "站点名称不能超过 50 个字"),
  logo: picturePath,
  logo_square: picturePath,
  seo_title: text(100),
  seo_keywords: text(200),
  seo_description: text(500),
  site_tel: text(30).regex(/^[\d\s+()-]*$/, "客服电话只能包含数字、空格和 + - ( )"),
  web_email: z.union([z.literal(""), z.string().trim().max(100).email("邮箱格式不正确")], { error: "邮箱格式不正确" }),
  service_hours: text(100),
  company_name: text(100),
  icp: text(100),
  gov_record: text(100),
  copyright_desc: text(300),
  /** 1 open, 0 closed: guests are sent to /web/close on their next request */
  shop_status: settingFlag,
  /** what a guest reads while the shop is closed ("" = 网站已关闭！) */
  close_reason: text(200),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

// ---- register and login (注册与登录) -------------------------------------------------------

export const REGISTER_METHODS = ["username", "mobile"] as const;
export const PASSWORD_COMPLEXITY = ["number", "letter", "upper_case", "symbol"] as const;

export const registerSettingsSchema = z.object({
  /** how members may register: "username,mobile"; "" closes registration */
  register: choiceList(REGISTER_METHODS, true, "注册方式"),
  /** how members may sign in: at least one */
  login: choiceList(REGISTER_METHODS, false, "登录方式"),
  pwd_len: count(6, 20),
  pwd_complexity: choiceList(PASSWORD_COMPLEXITY, true, "密码复杂度"),
  agreement_show: settingFlag,
  /** 验证码设置: password login and username registration ask for the picture captcha (SMS codes always do) */
  shop_reception_login: settingFlag,
  shop_reception_register: settingFlag,
  agreement_title: text(50),
  agreement_content: text(20000),
});
export type RegisterSettings = z.infer<typeof registerSettingsSchema>;

// ---- order (交易设置) ------------------------------------------------------------------------

export const orderSettingsSchema = z.object({
  /** unpaid orders close after this many minutes */
  auto_close_minutes: count(5, 1440),
  /** shipped orders are received after this many days */
  auto_receive_days: count(1, 30),
  /** received orders complete after this many days */
  auto_complete_days: count(0, 30),
  /** a completed order may ask for after-sales this many days */
  after_sale_days: count(1, 90),
  /** refunds the shop leaves unanswered are agreed after this many days */
  auto_agree_days: count(1, 30),
  /** an agreed return the buyer does not ship closes after this many days */
  return_close_days: count(1, 30),
  evaluate_status: settingFlag,
  evaluate_show: settingFlag,
  /** evaluations wait for review before they appear */
  evaluate_audit: settingFlag,
});
export type OrderSettings = z.infer<typeof orderSettingsSchema>;

// ---- points and balance (积分与余额) ---------------------------------------------------------

export const pointsSettingsSchema = z.object({
  /** points may pay part of an order */
  is_enable: settingFlag,
  /** points worth ¥1.00 */
  points_per_yuan: count(1, 10000),
  /** at most this percent of the goods money in points */
  max_percent: count(1, 100),
  /** members may pay with their balance */
  balance_enable: settingFlag,
});
export type PointsSettings = z.infer<typeof pointsSettingsSchema>;

export interface SettingSaved {
  /** unix seconds of the save */
  update_time: number;
}

/** The settings pages by area: what `/shopapi/config/<area>` answers and `/shopapi/config/set<area>` takes. */
export const settingsAdminEndpoints = {
  "/shopapi/config/site": endpoint<SiteSettings>()(noBody),
  "/shopapi/config/setsite": endpoint<SettingSaved>()(siteSettingsSchema),
  "/shopapi/config/register": endpoint<RegisterSettings>()(noBody),
  "/shopapi/config/setregister": endpoint<SettingSaved>()(registerSettingsSchema),
  "/shopapi/config/order": endpoint<OrderSettings>()(noBody),
  "/shopapi/config/setorder": endpoint<SettingSaved>()(orderSettingsSchema),
  "/shopapi/config/points": endpoint<PointsSettings>()(noBody),
  "/shopapi/config/setpoints": endpoint<SettingSaved>()(pointsSettingsSchema),
  ...payAdminEndpoints,
  ...smsAdminEndpoints,
};
