/**
 * The settings the back office adds to the `config` table (the others are in core/config-keys.ts).
 * Secrets in them are stored encrypted (settings-secrets.ts): their fields hold "enc:v1:…" or "".
 */

export interface SiteExtra {
  /** 客服时间, shown beside the service phone */
  service_hours: string;
  /** what guests read while the shop is closed ("" = 网站已关闭！) */
  close_reason: string;
}

export interface StoredGatewayKeys {
  /** 1 offered at the cashier; keys stay saved while closed */
  is_open: number;
  /** plain identifiers */
  ids: Record<string, string>;
  /** encrypted secrets by field name */
  secrets: Record<string, string>;
}

export interface StoredPaySettings {
  /** 演示支付: 1 offered, 0 not, absent = the mode's default (on in development and test only) */
  demo_pay?: number;
  alipay?: StoredGatewayKeys;
  wechatpay?: StoredGatewayKeys;
}

export interface StoredSmsSettings {
  provider: "outbox" | "aliyun" | "tencent";
  access_key_id: string;
  /** encrypted */
  access_key_secret: string;
  sign_name: string;
  sdk_app_id: string;
  region: string;
  templates: Record<string, string>;
}

declare module "../../core/config-keys.ts" {
  interface ConfigValues {
    site_extra: SiteExtra;
    pay_config: StoredPaySettings;
    sms_config: StoredSmsSettings;
    /** members may pay with their balance (PAY_BALANCE=0 in the environment turns it off whatever this says) */
    balance_config: { is_enable: number };
  }
}

export const SETTINGS_DEFAULTS = {
  site_extra: { service_hours: "", close_reason: "" } as SiteExtra,
  pay_config: {} as StoredPaySettings,
  sms_config: { provider: "outbox", access_key_id: "", access_key_secret: "", sign_name: "", sdk_app_id: "", region: "ap-guangzhou", templates: {} } as StoredSmsSettings,
  balance_config: { is_enable: 1 },
};
