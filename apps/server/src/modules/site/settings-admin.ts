import type { OrderSettings, PointsSettings, RegisterSettings, SettingSaved, SiteSettings } from "@shop/contract/domains/admin-settings";
import type { StaffCaller } from "../../core/context.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { getConfig, getConfigs, setConfig } from "../../core/config-store.ts";
import { purgeTags } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { BUYING_CONFIG_DEFAULTS } from "../../core/buying-config.ts";
import { now } from "../../core/time.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { DEFAULT_REGISTER_CONFIG, getAgreement } from "../auth/register-config.ts";
import { getCaptchaConfig } from "../auth/captcha-config.ts";
import { REFUND_CONFIG_DEFAULTS, refundConfig } from "../refund/config.ts";
import { CONFIG_DEFAULTS } from "./defaults.ts";

/**
 * The settings pages of the back office. Each page is an area: how its form reads from the
 * `config` keys and how a saved form is written back. saveSettingsArea is the one way to save any
 * of them: one unit of work, its staff_log line, then every cached page and datum showing site
 * settings is purged (on every process), so guests see the change on their next request.
 */
export interface SettingsArea<T> {
  /** the staff_log action, e.g. config.site */
  action: string;
  read(db: Db): Promise<T>;
  write(tx: Db, value: T): Promise<void>;
}

export async function saveSettingsArea<T>(db: Db, caller: StaffCaller, area: SettingsArea<T>, value: T, logDetail: Record<string, unknown> = value as Record<string, unknown>): Promise<SettingSaved> {
  await unitOfWork(db, async (tx) => {
    await area.write(tx, value);
    await logStaffAction(tx, caller, area.action, { type: "config", id: area.action.replace(/^config\./, "") }, logDetail);
    await purgeTags({ db: tx }, [CacheTag.site]);
  });
  return { update_time: now() };
}

export const siteArea: SettingsArea<SiteSettings> = {
  action: "config.site",
  async read(db) {
    const { site_info, copyright, site_extra } = await getConfigs(db, {
      site_info: CONFIG_DEFAULTS.site_info,
      copyright: CONFIG_DEFAULTS.copyright,
      site_extra: CONFIG_DEFAULTS.site_extra,
    });
    return {
      site_name: site_info.site_name,
      logo: site_info.logo,
      logo_square: site_info.logo_square,
      seo_title: site_info.seo_title,
      seo_keywords: site_info.seo_keywords,
      seo_description: site_info.seo_description,
      site_tel: site_info.site_tel,
      web_email: site_info.web_email,
      service_hours: site_extra.service_hours,
      company_name: copyright.company_name,
      icp: copyright.icp,
      gov_record: copyright.gov_record,
      copyright_desc: copyright.copyright_desc,
      shop_status: Number(site_info.shop_status) === 1 ? 1 : 0,
      close_reason: site_extra.close_reason,
    };
  },
  async write(tx, value) {
    const current = await getConfigs(tx, { site_info: CONFIG_DEFAULTS.site_info, copyright: CONFIG_DEFAULTS.copyright });
    const { service_hours, close_reason, company_name, icp, gov_record, copyright_desc, ...site } = value;
    // The service phone is shown as site_tel (header) and web_phone (footer): one field sets both.
    await setConfig(tx, "site_info", { ...current.site_info, ...site, web_phone: site.site_tel });
    await setConfig(tx, "copyright", { ...current.copyright, company_name, icp, gov_record, copyright_desc, logo: site.logo || current.copyright.logo });
    await setConfig(tx, "site_extra", { service_hours, close_reason });
  },
};

export const registerArea: SettingsArea<RegisterSettings> = {
  action: "config.register",
  async read(db) {
    const [config, agreement, captcha] = await Promise.all([getConfig(db, "register_config", DEFAULT_REGISTER_CONFIG), getAgreement(db), getCaptchaConfig(db)]);
    return {
      register: config.register,
      login: config.login,
      pwd_len: Number(config.pwd_len),
      pwd_complexity: config.pwd_complexity,
      agreement_show: Number(config.agreement_show) ? 1 : 0,
      ...captcha,
      agreement_title: agreement.title,
      agreement_content: agreement.content,
    };
  },
  async write(tx, { agreement_title, agreement_content, shop_reception_login, shop_reception_register, ...config }) {
    await setConfig(tx, "register_config", config);
    await setConfig(tx, "captcha_config", { shop_reception_login, shop_reception_register });
    await setConfig(tx, "register_agreement", { title: agreement_title, content: agreement_content });
  },
};

export const orderArea: SettingsArea<OrderSettings> = {
  action: "config.order",
  async read(db) {
    const [order, refund, evaluate] = await Promise.all([
      getConfig(db, "order_config", BUYING_CONFIG_DEFAULTS.order_config),
      refundConfig(db),
      getConfig(db, "evaluate_config", CONFIG_DEFAULTS.evaluate_config),
    ]);
    return {
      auto_close_minutes: order.auto_close_minutes,
      auto_receive_days: order.auto_receive_days,
      auto_complete_days: order.auto_complete_days,
      after_sale_days: refund.after_sale_days,
      auto_agree_days: refund.auto_agree_days,
      return_close_days: refund.return_close_days,
      evaluate_status: Number(evaluate.evaluate_status),
      evaluate_show: Number(evaluate.evaluate_show),
      evaluate_audit: Number(evaluate.evaluate_audit),
    };
  },
  async write(tx, value) {
    const refund = await getConfig(tx, "refund_config", REFUND_CONFIG_DEFAULTS);
    const evaluate = await getConfig(tx, "evaluate_config", CONFIG_DEFAULTS.evaluate_config);
    await setConfig(tx, "order_config", { auto_close_minutes: value.auto_close_minutes, auto_receive_days: value.auto_receive_days, auto_complete_days: value.auto_complete_days });
    await setConfig(tx, "refund_config", { ...refund, after_sale_days: value.after_sale_days, auto_agree_days: value.auto_agree_days, return_close_days: value.return_close_days });
    await setConfig(tx, "evaluate_config", { ...evaluate, evaluate_status: value.evaluate_status, evaluate_show: value.evaluate_show, evaluate_audit: value.evaluate_audit });
  },
};

export const pointsArea: SettingsArea<PointsSettings> = {
  action: "config.points",
  async read(db) {
    const { point_config, balance_config } = await getConfigs(db, { point_config: BUYING_CONFIG_DEFAULTS.point_config, balance_config: CONFIG_DEFAULTS.balance_config });
    return { is_enable: Number(point_config.is_enable), points_per_yuan: point_config.points_per_yuan, max_percent: point_config.max_percent, balance_enable: Number(balance_config.is_enable) };
  },
  async write(tx, { balance_enable, ...points }) {
    await setConfig(tx, "point_config", points);
    await setConfig(tx, "balance_config", { is_enable: balance_enable });
  },
};
