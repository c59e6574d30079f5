import { codeOnly, json, list, oneOf, page, record, variants, type FieldSpec, type Shape } from "./field-shape.ts";

/**
 * What a reference client reads from the site, configuration, help, notice, article and sitemap
 * calls: the fields of the reference's "Site / config" and "CMS" parts, SPEC §3/§7, and the
 * reference PC client's reads the issue names (`/api/config/init` → wechat_config_status).
 */

/** `{"url": "…"}` in a string: nav_url, adv_url, floatLayer.url, the floors' links. */
const link = json({ url: "string" });

/** A service promise's icon: a picture (iconType img) or an icon font name (iconType icon). */
export const serviceIcon = json(variants("iconType", { img: { imageUrl: "picture" }, icon: { icon: "string" } }));

const servicerChannel: Shape = { type: oneOf("none", "niushop", "third"), third_url: "string", system: "integer", open_pc: "integer", open_url: "string" };

const floorGoods: Shape = {
  goods_id: "integer", sku_id: "integer", goods_name: "string", introduction: "string", goods_image: "pictures",
  price: "money", market_price: "money", discount_price: "money", goods_stock: "integer", sale_num: "integer",
};
const floorCategory: Shape = { category_id: "integer", category_name: "string", short_name: "string", level: "integer", image: "picture", image_adv: "picture" };

const helpArticle: Shape = { id: "integer", class_id: "integer", title: "string", content: "string", link_address: "string", create_time: "unix" };
const notice: Shape = { id: "integer", title: "string", content: "string", is_top: "flag", create_time: "unix" };
const articleItem: Shape = {
  article_id: "integer", article_title: "string", article_abstract: "string", cover_img: "picture", category_id: "integer",
  category_name: "string", read_num: "integer", create_time: "unix",
};

export const siteReads: Record<string, FieldSpec> = {
  "/api/site/info": {
    site_id: "integer", site_name: "string", logo: "picture", logo_square: "picture", seo_title: "string", seo_keywords: "string",
    seo_description: "string", site_tel: "string", shop_status: "integer", web_phone: "string", web_email: "string", web_qrcode: "picture",
  },
  // The reference's close page polls until code 0 and reads nothing else (we answer code 0 with shop_status: see docs).
  "/api/site/status": codeOnly,
  "/api/site/wapqrcode": { path: { h5: { img: "picture", url: "string" } } },
  "/api/config/init": { wechat_config_status: "flag" },
  "/api/config/copyright": {
    logo: "picture", company_name: "string", copyright_link: "string", copyright_desc: "string", icp: "string", gov_record: "string",
    gov_url: "string", market_supervision_url: "string",
  },
  "/api/config/defaultimg": {
    goods: "picture", head: "picture", store: "picture", article: "picture", default_city_img: "picture", default_supply_img: "picture",
  },
  "/api/config/servicer": { h5: servicerChannel, weapp: servicerChannel, pc: servicerChannel, aliapp: servicerChannel },
  "/api/config/categoryconfig": { category: oneOf(1, 2, 3), img: "flag" },
  "/api/addon/addonisexit": record("addon", "flag"),
  "/weapp/api/weapp/qrcode": { qrcode: "picture" },
  "/api/adv/detail": {
    adv_position: {
      ap_id: "integer", keyword: "string", ap_name: "string", ap_width: "integer", ap_height: "integer", ap_background_color: "string",
      type: "integer", is_use: "flag",
    },
    adv_list: list({ adv_id: "integer", adv_title: "string", adv_url: link, adv_image: "picture", slide_sort: "integer", background: "string" }),
  },
  "/api/goods/service": list({
    service_name: "string",
    desc: "string",
    icon: serviceIcon,
  }),
  "/api/pc/friendlyLink": list({ id: "integer", link_title: "string", link_url: "string", link_pic: "picture", link_sort: "integer", is_blank: "flag" }),
  "/api/pc/navList": list({ id: "integer", nav_title: "string", nav_url: link, sort: "integer", is_blank: "flag", nav_icon: "picture", is_show: "flag" }),
  "/api/pc/floatLayer": { title: "string", url: link, is_show: "flag", number: "integer", img_url: "picture" },
  "/api/pc/floors": list({
    title: "string",
    block_name: oneOf("floor-style-1", "floor-style-2", "floor-style-3", "floor-style-4"),
    block_title: "string",
    value: record(
      "block",
      variants("type", {
        text: { value: { text: "string", link, color: "string" } },
        img: { value: { url: "picture", link } },
        goods: { value: { goods_ids: list("integer"), list: list(floorGoods) } },
        category: { value: { category_ids: list("integer"), list: list(floorCategory) } },
      }),
    ),
  }),
  "/api/captcha/captcha": { id: "string", img: "dataUri" },
  "/api/config/getCaptchaConfig": { shop_reception_login: "integer", shop_reception_register: "integer" },
  "/api/goods/hotSearchWords": { words: "string" },
  "/api/goods/defaultSearchWords": { words: "string" },
};

export const cmsReads: Record<string, FieldSpec> = {
  "/api/helpclass/lists": list({ class_id: "integer", class_name: "string", child_list: list({ id: "integer", title: "string", link_address: "string" }) }),
  "/api/help/info": helpArticle,
  "/api/help/page": page({ id: "integer", class_id: "integer", title: "string", link_address: "string", create_time: "unix" }),
  "/api/notice/page": page(notice),
  "/api/notice/info": notice,
  "/api/article/category": list({ category_id: "integer", category_name: "string" }),
  "/api/article/page": page(articleItem),
  "/api/article/info": { ...articleItem, article_content: "string" },
};

/** Ours (the storefront's sitemap.xml): no reference client calls them. */
export const seoReads: Record<string, FieldSpec> = {
  "/api/sitemap/overview": {
    categories: list({ category_id: "integer", level: "integer" }),
    articles: list({ article_id: "integer", create_time: "unix" }),
    goods_count: "integer",
  },
  "/api/sitemap/goods": page({ sku_id: "integer", modify_time: "unix" }),
};
