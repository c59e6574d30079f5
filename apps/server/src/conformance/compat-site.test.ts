import { describe, expect, it } from "vitest";
import { ADDON_REQUIREMENTS, implementedAddons } from "../modules/site/addons.ts";
import { SHOP_ORIGIN, useReferenceShop } from "./fixtures.ts";

/**
 * Issue 8, compatibility items 5 and 6. A reference client that sees an add-on at 1 calls its
 * endpoints (res.data.servicer → the chat, res.data.coupon → the coupon centre …), so
 * /api/addon/addonisexit says exactly what this server offers; /api/config/init is what it loads
 * at start (its login page reads wechat_config_status to offer WeChat QR login).
 */

/** Add-ons of the issue that the member-centre work offers, and those still to come. */
const OFFERED = ["coupon", "memberrecharge", "groupbuy", "bundling", "seckill", "servicer"];
const NOT_YET = ["memberregister", "wechat", "weapp"];

describe("compat 5 and 6: add-ons and the start-up configuration", () => {
  const shop = useReferenceShop();

  it("answers every add-on of the reference, 1 only for those whose endpoints are all registered", async () => {
    const addons = await shop.client.data<Record<string, number>>("/api/addon/addonisexit");
    expect(Object.keys(addons).sort()).toEqual(Object.keys(ADDON_REQUIREMENTS).sort());
    expect(addons).toEqual(implementedAddons(new Set(shop.t.app.api.access.keys())));
    for (const name of OFFERED) expect(addons[name], name).toBe(1);
    for (const name of NOT_YET) expect(addons[name], name).toBe(0);
    for (const [name, flag] of Object.entries(addons)) {
      if (flag !== 1) continue;
      for (const endpoint of ADDON_REQUIREMENTS[name]!.endpoints) expect((await shop.client.post(endpoint)).status, endpoint).toBe(200);
    }
  });

  it("answers /api/config/init from the same settings as the single calls", async () => {
    const init = await shop.client.data<Record<string, unknown> & { site_info: Record<string, unknown> }>("/api/config/init");
    expect(init.wechat_config_status).toBe(0);
    expect(init.addon_is_exist).toEqual(await shop.client.data("/api/addon/addonisexit"));
    expect(init.default_img).toEqual(await shop.client.data("/api/config/defaultimg"));
    expect(init.copyright).toEqual(await shop.client.data("/api/config/copyright"));
    expect(init.servicer).toEqual(await shop.client.data("/api/config/servicer"));
    const site = await shop.client.data<Record<string, unknown>>("/api/site/info");
    expect(init.site_info).toEqual({
      site_id: site.site_id, site_domain: SHOP_ORIGIN, site_name: site.site_name, logo: site.logo, logo_square: site.logo_square,
      seo_title: site.seo_title, seo_keywords: site.seo_keywords, seo_description: site.seo_description, site_tel: site.site_tel,
    });
    expect(init).toMatchObject({
      style_theme: { name: "default", main_color: expect.stringMatching(/^#[0-9a-f]{6}$/) },
      diy_bottom_nav: { list: [] },
      store_config: { store_business: "shop" },
      map_config: { tencent_map_key: "" },
    });
  });
});
