import type { ServicerChannel } from "@shop/contract";
import type { ConfigValues } from "../../core/config-keys.ts";
import { SETTINGS_DEFAULTS } from "./settings-keys.ts";

/** What the site settings read as before the admin (or the seed) has saved them. */

export const DEFAULT_SERVICER_CHANNEL: ServicerChannel = { type: "none", third_url: "", system: 0, open_pc: 0, open_url: "" };

export const CONFIG_DEFAULTS = {
  site_info: {
    site_id: 1,
    site_name: "商城",
    logo: "",
    logo_square: "",
    seo_title: "",
    seo_keywords: "",
    seo_description: "",
    site_tel: "",
    web_phone: "",
    web_email: "",
    web_qrcode: "",
    shop_status: 1,
  },
  copyright: {
    logo: "",
    company_name: "",
    copyright_link: "",
    copyright_desc: "",
    icp: "",
    gov_record: "",
    gov_url: "",
    market_supervision_url: "",
  },
  default_img: { goods: "", head: "", store: "", article: "", default_city_img: "", default_supply_img: "" },
  servicer: {
    h5: DEFAULT_SERVICER_CHANNEL,
    weapp: DEFAULT_SERVICER_CHANNEL,
    pc: DEFAULT_SERVICER_CHANNEL,
    aliapp: DEFAULT_SERVICER_CHANNEL,
  },
  category_config: { category: 3, img: 0 },
  hot_search_words: { words: "" },
  default_search_words: { words: "" },
  float_layer: { title: "", url: '{"url":""}', is_show: 0, number: 0, img_url: "" },
  addons: {},
  wap_qrcode: { img: "", url: "" },
  // The reference's defaults: evaluations on, shown, reviewed before they appear.
  evaluate_config: { evaluate_status: 1, evaluate_show: 1, evaluate_audit: 1 },
  weapp_qrcode: { qrcode: "" },
  ...SETTINGS_DEFAULTS,
} satisfies Partial<ConfigValues>;
