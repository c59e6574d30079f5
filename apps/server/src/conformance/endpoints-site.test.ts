import { describe, expect, it } from "vitest";
import type { Floor, FloatLayer, SiteInfo, WapQrcode } from "@shop/contract";
import { SHOP_ORIGIN, useReferenceShop } from "./fixtures.ts";

/**
 * Site, configuration and sitemap calls as a reference client makes them (docs/api.md "Site &
 * config", "Ads, navigation, floors", "SEO"). Pictures must be paths such a client can load
 * (compat item 1), QR codes PNG paths (item 4), add-on flags truthful (item 5), /api/config/init
 * present (item 6), the mobile site's address derived from the shop's origin (item 9).
 */

/** The reference's ad positions (its "Site / config" part), all seeded. */
const AD_KEYWORDS = [
  "NS_PC_INDEX_TOP", "NS_PC_INDEX", "NS_PC_INDEX_MID_LEFT", "NS_PC_INDEX_MID_RIGHT", "NS_PC_INDEX_CATEGORY_BELOW",
  "NS_PC_BRAND", "NS_PC_COUPON", "NS_PC_GROUPBUY", "NS_PC_SECKILL", "NS_PC_LOGIN",
];

/** The blocks each floor style reads (the reference's floors). */
const FLOOR_STYLE_BLOCKS: Record<string, string[]> = {
  "floor-style-1": ["title", "leftImg", "goodsList", "bottomImg"],
  "floor-style-2": ["title", "subTitle", "goodsList", "bottomImg"],
  "floor-style-3": ["title", "leftImg", "categoryList", "rightGoodsList", "bottomGoodsList"],
  "floor-style-4": ["title", "more", "leftImg", "goodsList", "bottomImg"],
};

/** One call of each reference add-on: a client that sees the add-on flagged 1 goes on to calls like these. */
const ADDON_PROBES: Record<string, string> = {
  coupon: "/coupon/api/coupon/typepagelists",
  seckill: "/seckill/api/seckill/lists",
  groupbuy: "/groupbuy/api/ordercreate/payment",
  bundling: "/bundling/api/bundling/detail",
  servicer: "/servicer/api/chat/hasServicers",
  memberrecharge: "/memberrecharge/api/memberrecharge/page",
  memberregister: "/memberregister/api/Config/Config",
  wechat: "/wechat/api/wechat/logincode",
  weapp: "/weapp/api/weapp/qrcode",
};

describe("conformance: site and configuration", () => {
  const shop = useReferenceShop();

  it.each([
    "/api/site/info", "/api/site/status", "/api/config/copyright", "/api/config/defaultimg", "/api/config/servicer",
    "/api/config/categoryconfig", "/api/addon/addonisexit", "/weapp/api/weapp/qrcode", "/api/goods/service", "/api/pc/friendlyLink",
    "/api/pc/navList", "/api/pc/floatLayer", "/api/pc/floors", "/api/goods/hotSearchWords", "/api/goods/defaultSearchWords",
    "/api/captcha/captcha", "/api/config/getCaptchaConfig", "/api/sitemap/overview", "/api/sitemap/goods",
  ])("%s answers the fields a reference client reads", async (path) => {
    await shop.client.reads(path);
  });

  it("/api/config/init answers wechat_config_status, 0 while WeChat login is not configured (compat item 6)", async () => {
    const init = await shop.client.reads<{ wechat_config_status: number }>("/api/config/init");
    expect(init.wechat_config_status).toBe(0);
    await shop.client.refused("/wechat/api/wechat/logincode");
  });

  it.each(AD_KEYWORDS)("/api/adv/detail answers the position %s with its ads", async (keyword) => {
    const detail = await shop.client.reads<{ adv_position: { keyword: string } }>("/api/adv/detail", { keyword });
    expect(detail.adv_position.keyword).toBe(keyword);
  });

  it("/api/adv/detail refuses an unknown position with a message a client can show", async () => {
    const refusal = await shop.client.refused("/api/adv/detail", { keyword: "NS_PC_NO_SUCH_PLACE" }, -1);
    expect(refusal.message).toBe("广告位不存在");
  });

  it("/api/pc/floors gives each floor the blocks its style reads", async () => {
    const floors = await shop.client.data<Floor[]>("/api/pc/floors");
    expect(floors.length).toBeGreaterThan(0);
    for (const floor of floors) {
      expect(Object.keys(floor.value), `${floor.block_name} «${floor.title}»`).toEqual(expect.arrayContaining(FLOOR_STYLE_BLOCKS[floor.block_name]!));
    }
  });

  it("/api/config/servicer answers a type for data.pc, the channel the PC client reads", async () => {
    const servicer = await shop.client.data<{ pc: { type: string } }>("/api/config/servicer");
    expect(["none", "niushop", "third"]).toContain(servicer.pc.type);
  });

  it("/api/addon/addonisexit flags only add-ons whose calls this server answers (compat item 5)", async () => {
    const addons = await shop.client.data<Record<string, number>>("/api/addon/addonisexit");
    const flaggedButMissing: string[] = [];
    for (const [addon, flag] of Object.entries(addons)) {
      if (flag !== 1) continue;
      const probe = ADDON_PROBES[addon];
      if (!probe) {
        flaggedButMissing.push(`${addon} (no known call to try)`);
        continue;
      }
      const { status, envelope } = await shop.client.post(probe);
      if (status === 404 || envelope.message === "接口不存在") flaggedButMissing.push(`${addon} (${probe} → ${status} ${envelope.message})`);
    }
    expect(flaggedButMissing, "add-ons answered 1 although their calls do not exist").toEqual([]);
  });

  it("/api/site/wapqrcode answers the mobile site's address on the shop's origin and a PNG path (compat items 4, 9)", async () => {
    const { path } = await shop.client.reads<WapQrcode>("/api/site/wapqrcode");
    expect(path.h5.url).toBe(`${SHOP_ORIGIN}/web/`);
    expect(path.h5.img).toMatch(/\.png$/);
    expect(await shop.client.picture(path.h5.img)).toMatchObject({ status: 200, type: expect.stringMatching(/^image\/png/) });
  });

  it("answers pictures a reference client can load: imgDomain + '/' + path (compat item 1)", async () => {
    const site = await shop.client.data<SiteInfo>("/api/site/info");
    const floatLayer = await shop.client.data<FloatLayer>("/api/pc/floatLayer");
    const weapp = await shop.client.data<{ qrcode: string }>("/weapp/api/weapp/qrcode");
    for (const picture of [site.logo, site.logo_square, floatLayer.img_url, weapp.qrcode]) {
      expect(await shop.client.picture(picture), picture).toMatchObject({ status: 200, type: expect.stringMatching(/^image\//) });
    }
  });

  it("/api/captcha/captcha answers an inline picture (reference clients show it as is) and re-draws a pending id", async () => {
    const first = await shop.client.reads<{ id: string; img: string }>("/api/captcha/captcha");
    const again = await shop.client.reads<{ id: string }>("/api/captcha/captcha", { captcha_id: first.id });
    expect(again.id).toBe(first.id);
  });

  it("/api/site/status answers code 0 while the shop is open, which ends the reference's close-page polling", async () => {
    const answer = await shop.client.post("/api/site/status");
    expect(answer).toMatchObject({ status: 200, envelope: { code: 0 } });
  });
});
