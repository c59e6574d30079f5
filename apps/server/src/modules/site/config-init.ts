import type { ConfigInit } from "@shop/contract";
import type { RequestContext } from "../../core/context.ts";
import { publicOrigin } from "../../core/origin.ts";
import { getServicerConfig, getSiteInfo, readSetting } from "./service.ts";

/** The storefront's colours (apps/web/app/styles/app.css: --shop-primary, --shop-primary-bg). */
const STYLE_THEME: ConfigInit["style_theme"] = { name: "default", title: "中国红", main_color: "#d02c30", aux_color: "#fff1f0" };

/**
 * /api/config/init: what a reference client loads at start, in the reference's fields, each from
 * the setting its own endpoint answers. wechat_config_status: 1 when WeChat QR login is offered.
 */
export async function configInit(ctx: Pick<RequestContext, "db" | "config" | "request">, addons: Record<string, 0 | 1>): Promise<ConfigInit> {
  const { db } = ctx;
  const [site, defaultImg, copyright, servicer] = await Promise.all([
    getSiteInfo(db),
    readSetting(db, "default_img"),
    readSetting(db, "copyright"),
    getServicerConfig(db),
  ]);
  return {
    style_theme: STYLE_THEME,
    diy_bottom_nav: { type: 1, list: [] },
    addon_is_exist: addons,
    default_img: defaultImg,
    copyright,
    site_info: {
      site_id: site.site_id,
      site_domain: publicOrigin(ctx.request, ctx.config) ?? "",
      site_name: site.site_name,
      logo: site.logo,
      logo_square: site.logo_square,
      seo_title: site.seo_title,
      seo_keywords: site.seo_keywords,
      seo_description: site.seo_description,
      site_tel: site.site_tel,
    },
    servicer,
    store_config: { store_business: "shop" },
    map_config: { tencent_map_key: "", wap_is_open: 0 },
    wechat_config_status: addons.wechat === 1 ? 1 : 0,
  };
}
