import { SETTINGS_DEFAULTS } from "../modules/site/settings-keys.ts";
import { CAPTCHA_CONFIG_DEFAULTS } from "../modules/auth/captcha-config.ts";
import { BUYING_CONFIG_DEFAULTS } from "../core/buying-config.ts";
import { REFUND_CONFIG_DEFAULTS } from "../modules/refund/config.ts";
import QRCode from "qrcode";
import type { NewRow } from "../db/schema.ts";
import type { ConfigValues } from "../core/config-keys.ts";
import type { ServicerChannel } from "@shop/contract";
import { avatarSvg, siteLogoSvg } from "./svg-art.ts";
import type { SeedImages } from "./images.ts";
import { REGISTER_AGREEMENT_HTML } from "./agreement.ts";
import { jsonLink } from "./site-lists.ts";
import { BASE_TIME } from "./random.ts";
import { CHAT_KEYWORD_REPLIES, CHAT_QUICK_REPLIES } from "./chat.ts";

export const SITE_NAME = "优选商城";
const BRAND_RED = "#e4393c";
const SERVICE_PHONE = "400-800-8888";

/**
 * A separate mobile site's address, when SEED_SITE_URL names one; else "" and the mobile-site QR code
 * encodes the shop's own /web/ at its public origin, told when it is asked for (modules/site/mobile-qrcode.ts).
 */
export const siteUrl = () => process.env.SEED_SITE_URL ?? "";

/** Placeholders the storefront shows when a picture is missing (SPEC §3 default files). */
function defaultImages(images: SeedImages): ConfigValues["default_img"] {
  const placeholder = (file: string, title: string, width: number, height: number) =>
    images.banner(file, { title, background: "#d9dde3" }, { width, height });
  return {
    goods: images.product("default/goods.jpg", { label: "暂无图片", color: "#b0b7c3", variant: 0, caption: SITE_NAME }),
    head: images.add("default/head.png", avatarSvg(200), "png"),
    store: placeholder("default/store.jpg", "门店", 400, 300),
    article: placeholder("default/article.jpg", "资讯", 480, 300),
    default_city_img: placeholder("default/city.jpg", "城市", 400, 300),
    default_supply_img: placeholder("default/supply.jpg", "供应商", 400, 300),
  };
}

const niushopChat: ServicerChannel = { type: "niushop", system: 1, open_pc: 1, open_url: "", third_url: "" };

/** One row per key of config-keys.ts; the QR codes encode real URLs and are rendered like other pictures. */
export async function buildConfig(images: SeedImages): Promise<{ values: ConfigValues; rows: NewRow<"config">[] }> {
  const logo = images.add("site/logo.png", siteLogoSvg(SITE_NAME, BRAND_RED, { width: 240, height: 80 }), "png");
  const logoSquare = images.icon("site/logo-square.png", "优选", BRAND_RED, 200);
  const wapUrl = siteUrl();
  const wapQrcode = wapUrl ? images.add("site/wap-qrcode.png", await qrSvg(wapUrl), "png") : "";
  const weappQrcode = images.add("site/weapp-qrcode.png", await qrSvg("pages/index/index?scene=pc"), "png");

  const values: ConfigValues = {
    site_info: {
      site_id: 1,
      site_name: SITE_NAME,
      logo,
      logo_square: logoSquare,
      seo_title: `${SITE_NAME} - 正品低价、品质保障、配送及时、轻松购物`,
      seo_keywords: "优选商城,网上购物,手机,家电,电脑,服饰,美妆,食品",
      seo_description: `${SITE_NAME}：专业的综合网上购物商城，销售手机数码、家用电器、电脑办公、服饰鞋包、美妆个护、食品生鲜等数万种商品。`,
      site_tel: SERVICE_PHONE,
      web_phone: SERVICE_PHONE,
      web_email: "service@youxuan.example",
      web_qrcode: wapQrcode,
      shop_status: 1,
    },
    copyright: {
      logo,
      company_name: "上海优选网络科技有限公司",
      copyright_link: "",
      copyright_desc: `© 2026 ${SITE_NAME} 版权所有`,
      icp: "沪ICP备2026000001号-1",
      gov_record: "沪公网安备 31010402000001号",
      gov_url: "https://beian.mps.gov.cn/#/query/webSearch?code=31010402000001",
      market_supervision_url: "",
    },
    default_img: defaultImages(images),
    servicer: { pc: niushopChat, h5: niushopChat, weapp: niushopChat, aliapp: niushopChat },
    category_config: { category: 3, img: 1 },
    hot_search_words: { words: "手机,蓝牙耳机,笔记本,空调,零食,口红,跑步鞋" },
    default_search_words: { words: "华为手机" },
    float_layer: {
      title: "新人专享大礼包",
      url: jsonLink("/goods/coupon"),
      is_show: 1,
      number: 3,
      img_url: images.banner("site/float-layer.jpg", { title: "新人专享", subtitle: "100元优惠券礼包", action: "立即领取", background: BRAND_RED }, { width: 400, height: 480 }),
    },
    register_config: { login: "username,mobile", register: "username,mobile", pwd_len: 6, pwd_complexity: "number,letter", agreement_show: 1 },
    register_agreement: { title: `${SITE_NAME}用户注册协议`, content: REGISTER_AGREEMENT_HTML },
    captcha_config: CAPTCHA_CONFIG_DEFAULTS,
    // No add-on switched off: each is offered as soon as this server implements it (modules/site/addons.ts).
    addons: {},
    wap_qrcode: { img: wapQrcode, url: wapUrl },
    evaluate_config: { evaluate_status: 1, evaluate_show: 1, evaluate_audit: 1 },
    refund_config: REFUND_CONFIG_DEFAULTS,
    seckill_config: { auto_close_minutes: 5 },
    weapp_qrcode: { qrcode: weappQrcode },
    servicer_keyword: { is_open: 1, auto_reply_name: "智能客服", keyword_list: CHAT_KEYWORD_REPLIES.map(([keyword, reply]) => ({ keyword, reply })) },
    chat_quick_replies: { list: CHAT_QUICK_REPLIES.map((content, index) => ({ id: index + 1, content })) },
    ...BUYING_CONFIG_DEFAULTS,
    ...SETTINGS_DEFAULTS,
    site_extra: { service_hours: "周一至周日 9:00-21:00", close_reason: "" },
    // The demo's cashier offers 演示支付: a seeded shop can be paid without merchant keys (docs/adr/0028).
    pay_config: { demo_pay: 1 },
  };
  const rows = Object.entries(values).map(([key, value]) => ({ config_key: key, value: JSON.stringify(value), update_time: BASE_TIME }));
  return { values, rows };
}

/** A scannable QR code as SVG (rendered to PNG with the other pictures). */
const qrSvg = (text: string) => QRCode.toString(text, { type: "svg", margin: 2, width: 300, errorCorrectionLevel: "M" });
