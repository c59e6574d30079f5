import type {
  SiteInfo, Copyright, DefaultImages, ServicerConfig, CategoryConfig, FloatLayer, RegisterConfig, Agreement,
} from "@shop/contract";

/**
 * The singleton settings kept in the `config` table, by key, with their JSON shapes.
 * The seed writes them; modules read them with getConfig(db, KEY, default).
 */
export interface ConfigValues {
  site_info: SiteInfo;
  copyright: Copyright;
  default_img: DefaultImages;
  servicer: ServicerConfig;
  category_config: CategoryConfig;
  /** comma-separated */
  hot_search_words: { words: string };
  default_search_words: { words: string };
  float_layer: FloatLayer;
  register_config: RegisterConfig["value"];
  register_agreement: Agreement;
  /** installed addons: {coupon: 1, seckill: 1, …} */
  addons: Record<string, 0 | 1>;
  /** mobile (h5) site QR code image and the URL it encodes */
  wap_qrcode: { img: string; url: string };
  /** mini-program QR code image */
  weapp_qrcode: { qrcode: string };
  /** chat quick-reply keywords (SPEC §3) */
  servicer_keyword: { is_open: number; keyword_list: Array<{ keyword: string; reply: string }> };
}

export type ConfigKey = keyof ConfigValues;
