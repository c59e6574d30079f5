import { z } from "zod";
import { endpoint, noBody } from "../endpoint.ts";

/** SPEC §3 site info + the reference's fields. */
export interface SiteInfo {
  site_id: number;
  site_name: string;
  logo: string;
  logo_square: string;
  seo_title: string;
  seo_keywords: string;
  seo_description: string;
  site_tel: string;
  web_phone: string;
  web_email: string;
  web_qrcode: string;
  /** 1 open, 0 closed */
  shop_status: number;
}

export interface Copyright {
  logo: string;
  company_name: string;
  copyright_link: string;
  copyright_desc: string;
  icp: string;
  gov_record: string;
  gov_url: string;
  market_supervision_url: string;
}

export interface DefaultImages {
  goods: string;
  head: string;
  store: string;
  article: string;
  default_city_img: string;
  default_supply_img: string;
}

export type ServicerType = "none" | "niushop" | "third";
export interface ServicerChannel {
  type: ServicerType;
  third_url: string;
  /** SPEC §3: 0 external link, 1 built-in chat */
  system: number;
  open_pc: number;
  open_url: string;
}
export interface ServicerConfig {
  h5: ServicerChannel;
  weapp: ServicerChannel;
  pc: ServicerChannel;
  aliapp: ServicerChannel;
}

export interface CategoryConfig {
  /** 1 first level only; 2 + flyout of level 2; 3 + short links and flyout of levels 2–3 */
  category: 1 | 2 | 3;
  img: 0 | 1;
}

export interface AdvItem {
  adv_id: number;
  adv_title: string;
  /** JSON string {"url": "…"} */
  adv_url: string;
  adv_image: string;
  slide_sort: number;
  background: string;
}
export interface AdvPosition {
  ap_id: number;
  keyword: string;
  ap_name: string;
  ap_intro: string;
  ap_width: number;
  ap_height: number;
  ap_background_color: string;
  /** 1 carousel (several ads), 2 single image */
  type: number;
  /** 0 when the position is switched off: adv_list is then empty */
  is_use: number;
}
export interface AdvDetail {
  adv_position: AdvPosition;
  adv_list: AdvItem[];
}

export interface NavItem {
  id: number;
  nav_title: string;
  /** JSON string {"url": "…"} */
  nav_url: string;
  sort: number;
  is_blank: number;
  nav_icon: string;
  is_show: number;
}

export interface FriendlyLink {
  id: number;
  link_title: string;
  link_url: string;
  link_pic: string;
  link_sort: number;
  is_blank: number;
}

export interface GoodsServiceItem {
  id: number;
  service_name: string;
  desc: string;
  /** JSON string {"iconType": "img"|"icon", "imageUrl": "…", "icon": "…"} */
  icon: string;
  sort: number;
}

/** One block value of a floor: {type, value}. */
export type FloorBlock =
  | { type: "text"; value: { text: string; link: string; color: string } }
  | { type: "img"; value: { url: string; link: string } }
  | { type: "goods"; value: { goods_ids: number[]; list: FloorGoods[] } }
  | { type: "category"; value: { category_ids: number[]; list: FloorCategory[] } };

export interface FloorGoods {
  goods_id: number;
  sku_id: number;
  goods_name: string;
  introduction: string;
  goods_image: string;
  price: string;
  market_price: string;
  discount_price: string;
  goods_stock: number;
  sale_num: number;
}
export interface FloorCategory {
  category_id: number;
  category_name: string;
  short_name: string;
  level: number;
  image: string;
  image_adv: string;
}

export interface Floor {
  id: number;
  title: string;
  /** floor-style-1 … floor-style-4 */
  block_name: string;
  /** the style's display name, e.g. 楼层样式一 */
  block_title: string;
  sort: number;
  /** Blocks by name (title, leftImg, goodsList, …): goods and category blocks come with their list filled. */
  value: Record<string, FloorBlock>;
}

export interface FloatLayer {
  title: string;
  /** JSON string {"url": "…"} */
  url: string;
  is_show: number;
  /** how many times it pops up per visitor; 0 = every time */
  number: number;
  img_url: string;
}

/** /api/site/wapqrcode: the mobile site's QR code (SPEC §3 reads path.h5.img). */
export interface WapQrcode {
  path: { h5: { img: string; url: string } };
}

/**
 * /api/config/init: what a reference client loads at start, in one call. Each part is the answer
 * of its own endpoint (defaultimg, copyright, servicer, addonisexit); the rest is fixed for this shop.
 */
export interface ConfigInit {
  /** the storefront's colours (one theme: this server has no theme editor) */
  style_theme: { name: string; title: string; main_color: string; aux_color: string };
  /** the mobile clients' tab bar; this server decorates no mobile pages, so the list is empty */
  diy_bottom_nav: { type: number; list: unknown[] };
  /** as /api/addon/addonisexit */
  addon_is_exist: Record<string, 0 | 1>;
  default_img: DefaultImages;
  copyright: Copyright;
  site_info: Pick<SiteInfo, "site_id" | "site_name" | "logo" | "logo_square" | "seo_title" | "seo_keywords" | "seo_description" | "site_tel"> & {
    /** the shop's public origin, "" when it cannot be told */
    site_domain: string;
  };
  servicer: ServicerConfig;
  /** one shop, no store switching: "shop" */
  store_config: { store_business: string };
  /** no map service is configured: tencent_map_key "" */
  map_config: { tencent_map_key: string; wap_is_open: number };
  /** 1 when WeChat QR login is offered (the wechat add-on), else 0 */
  wechat_config_status: 0 | 1;
}

export interface Captcha {
  id: string;
  /** data: URI of the image */
  img: string;
  /** seconds */
  expire_time: number;
}

export const siteEndpoints = {
  "/api/site/info": endpoint<SiteInfo>()(noBody),
  "/api/site/status": endpoint<{ shop_status: number }>()(noBody),
  "/api/site/wapqrcode": endpoint<WapQrcode>()(noBody),
  "/api/config/copyright": endpoint<Copyright>()(noBody),
  "/api/config/defaultimg": endpoint<DefaultImages>()(noBody),
  "/api/config/servicer": endpoint<ServicerConfig>()(noBody),
  "/api/config/categoryconfig": endpoint<CategoryConfig>()(noBody),
  /** Add-ons of the reference this server offers: 1 only when every endpoint their clients call is registered. */
  "/api/addon/addonisexit": endpoint<Record<string, 0 | 1>>()(noBody),
  "/api/config/init": endpoint<ConfigInit>()(noBody),
  "/weapp/api/weapp/qrcode": endpoint<{ qrcode: string }>()(noBody),
  /**
   * Ads of a position, state 1 only, by slide_sort. An unknown keyword answers -1 广告位不存在;
   * a switched-off position (is_use 0) answers code 0 with an empty adv_list.
   */
  "/api/adv/detail": endpoint<AdvDetail>()(z.object({ keyword: z.string().trim().min(1).max(64) })),
  /** Service promises of the footer and goods pages, by sort. */
  "/api/goods/service": endpoint<GoodsServiceItem[]>()(noBody),
  "/api/pc/friendlyLink": endpoint<FriendlyLink[]>()(noBody),
  "/api/pc/navList": endpoint<NavItem[]>()(noBody),
  /** Home floors with state 1, by sort. */
  "/api/pc/floors": endpoint<Floor[]>()(noBody),
  "/api/pc/floatLayer": endpoint<FloatLayer>()(noBody),
  "/api/captcha/captcha": endpoint<Captcha>()(z.object({ captcha_id: z.string().max(64).optional() })),
  "/api/goods/hotSearchWords": endpoint<{ words: string }>()(noBody),
  "/api/goods/defaultSearchWords": endpoint<{ words: string }>()(noBody),
};
