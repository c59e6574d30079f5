import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdvDetail } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { setConfig } from "../../core/config-store.ts";
import { CONFIG_DEFAULTS, DEFAULT_SERVICER_CHANNEL } from "./defaults.ts";

describe("site settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const data = async (path: string, body?: object) => {
    const response = await t.call(path, body);
    expect(response.code, `${path}: ${response.message}`).toBe(0);
    return response.data;
  };

  it("answers defaults before anything is saved", async () => {
    // The mobile site's code is drawn for the shop's own /web/ (modules/site/mobile-qrcode.ts).
    const mobileCode = expect.stringMatching(/^upload\/qrcode\/h5-[0-9a-f]+\.png$/);
    expect(await data("/api/site/info")).toEqual({ ...CONFIG_DEFAULTS.site_info, web_qrcode: mobileCode });
    expect(await data("/api/config/copyright")).toEqual(CONFIG_DEFAULTS.copyright);
    expect(await data("/api/config/defaultimg")).toEqual(CONFIG_DEFAULTS.default_img);
    expect(await data("/api/config/categoryconfig")).toEqual({ category: 3, img: 0 });
    // Add-ons follow the registered routes, not saved settings (compat-site.test.ts checks each).
    const addons = Object.entries(await data("/api/addon/addonisexit") as Record<string, number>);
    expect(addons.filter(([, flag]) => flag === 1).map(([name]) => name).sort()).toEqual(["bundling", "coupon", "groupbuy", "memberrecharge", "seckill", "servicer"]);
    expect(await data("/api/site/wapqrcode")).toEqual({ path: { h5: { img: mobileCode, url: "http://localhost:80/web/" } } });
    expect(await data("/weapp/api/weapp/qrcode")).toEqual({ qrcode: "" });
    expect(await data("/api/goods/hotSearchWords")).toEqual({ words: "" });
    expect(await data("/api/config/servicer")).toMatchObject({ pc: { type: "none" } });
    expect(await data("/api/goods/service")).toEqual([]);
    expect(await data("/api/pc/navList")).toEqual([]);
  });

  it("answers the saved settings", async () => {
    const db = t.app.deps.db;
    const copyright = { ...CONFIG_DEFAULTS.copyright, copyright_desc: "© 2024 某某商城", icp: "京ICP备00000000号" };
    await setConfig(db, "copyright", copyright);
    await setConfig(db, "default_img", { ...CONFIG_DEFAULTS.default_img, goods: "/upload/default/goods.png" });
    await setConfig(db, "category_config", { category: 2, img: 1 });
    await setConfig(db, "wap_qrcode", { img: "/upload/qrcode/h5.png", url: "https://m.example.com" });
    await setConfig(db, "weapp_qrcode", { qrcode: "/upload/qrcode/weapp.png" });
    await setConfig(db, "hot_search_words", { words: "手机,茶叶,耳机" });
    await setConfig(db, "default_search_words", { words: "新品上市" });
    const floatLayer = { title: "优惠", url: '{"url":"/goods/coupon"}', is_show: 1, number: 2, img_url: "/f.png" };
    await setConfig(db, "float_layer", floatLayer);

    expect(await data("/api/config/copyright")).toEqual(copyright);
    expect(await data("/api/config/defaultimg")).toMatchObject({ goods: "/upload/default/goods.png", head: "" });
    expect(await data("/api/config/categoryconfig")).toEqual({ category: 2, img: 1 });
    expect(await data("/api/site/wapqrcode")).toEqual({ path: { h5: { img: "/upload/qrcode/h5.png", url: "https://m.example.com" } } });
    expect(await data("/weapp/api/weapp/qrcode")).toEqual({ qrcode: "/upload/qrcode/weapp.png" });
    expect(await data("/api/goods/hotSearchWords")).toEqual({ words: "手机,茶叶,耳机" });
    expect(await data("/api/goods/defaultSearchWords")).toEqual({ words: "新品上市" });
    expect(await data("/api/pc/floatLayer")).toEqual(floatLayer);
  });

  it("answers every servicer channel complete, whatever was saved", async () => {
    const pc = { ...DEFAULT_SERVICER_CHANNEL, type: "niushop" as const, system: 1, open_pc: 1 };
    await setConfig(t.app.deps.db, "servicer", { pc } as never);
    expect(await data("/api/config/servicer")).toEqual({
      h5: DEFAULT_SERVICER_CHANNEL, weapp: DEFAULT_SERVICER_CHANNEL, pc, aliapp: DEFAULT_SERVICER_CHANNEL,
    });
  });

  it("lists shown nav items, friendly links and goods services in order", async () => {
    const db = t.app.deps.db;
    await db.insertInto("pc_nav").values([
      { nav_title: "品牌", nav_url: '{"url":"/goods/brand"}', sort: 2, is_blank: 0, nav_icon: "", is_show: 1 },
      { nav_title: "隐藏", nav_url: '{"url":"/x"}', sort: 0, is_blank: 0, nav_icon: "", is_show: 0 },
      { nav_title: "首页", nav_url: '{"url":"/"}', sort: 1, is_blank: 1, nav_icon: "i.png", is_show: 1 },
    ]).execute();
    await db.insertInto("pc_friendly_link").values([
      { link_title: "乙", link_url: "https://b.example", link_pic: "", link_sort: 5, is_blank: 1, is_show: 1 },
      { link_title: "甲", link_url: "https://a.example", link_pic: "a.png", link_sort: 1, is_blank: 0, is_show: 1 },
      { link_title: "丙", link_url: "https://c.example", link_pic: "", link_sort: 0, is_blank: 0, is_show: 0 },
    ]).execute();
    const icon = '{"iconType":"img","imageUrl":"/s/7.png","icon":""}';
    await db.insertInto("goods_service").values([
      { service_name: "七天无理由退货", desc: "放心购", icon, sort: 2 },
      { service_name: "正品保障", desc: "假一赔十", icon: '{"iconType":"icon","imageUrl":"","icon":"icon-zp"}', sort: 1 },
    ]).execute();

    const nav = (await data("/api/pc/navList")) as Array<Record<string, unknown>>;
    expect(nav.map((item) => item.nav_title)).toEqual(["首页", "品牌"]);
    expect(Object.keys(nav[0]!).sort()).toEqual(["id", "is_blank", "is_show", "nav_icon", "nav_title", "nav_url", "sort"]);
    expect(nav[0]).toMatchObject({ nav_url: '{"url":"/"}', is_blank: 1, nav_icon: "i.png", is_show: 1 });

    const links = (await data("/api/pc/friendlyLink")) as Array<Record<string, unknown>>;
    expect(links).toEqual([
      { id: expect.any(Number), link_title: "甲", link_url: "https://a.example", link_pic: "a.png", link_sort: 1, is_blank: 0 },
      { id: expect.any(Number), link_title: "乙", link_url: "https://b.example", link_pic: "", link_sort: 5, is_blank: 1 },
    ]);

    const services = (await data("/api/goods/service")) as Array<Record<string, unknown>>;
    expect(services.map((item) => item.service_name)).toEqual(["正品保障", "七天无理由退货"]);
    expect(services[1]).toEqual({ id: expect.any(Number), service_name: "七天无理由退货", desc: "放心购", icon, sort: 2 });
  });
});

describe("/api/adv/detail", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    const position = { ap_intro: "", ap_width: 1200, ap_height: 400, ap_background_color: "#fff", type: 1 };
    const { ap_id } = await db
      .insertInto("adv_position")
      .values({ ...position, keyword: "NS_PC_INDEX", ap_name: "首页轮播", is_use: 1 })
      .returning("ap_id")
      .executeTakeFirstOrThrow();
    const { ap_id: offId } = await db
      .insertInto("adv_position")
      .values({ ...position, keyword: "NS_PC_LOGIN", ap_name: "登录页", is_use: 0 })
      .returning("ap_id")
      .executeTakeFirstOrThrow();
    const ad = { adv_url: '{"url":"/goods/list"}', background: "#f00" };
    await db.insertInto("adv").values([
      { ...ad, ap_id, adv_title: "第二张", adv_image: "/a/2.jpg", slide_sort: 2, state: 1 },
      { ...ad, ap_id, adv_title: "停用", adv_image: "/a/x.jpg", slide_sort: 0, state: 0 },
      { ...ad, ap_id, adv_title: "第一张", adv_image: "/a/1.jpg", slide_sort: 1, state: 1 },
      { ...ad, ap_id: offId, adv_title: "登录", adv_image: "/a/l.jpg", slide_sort: 1, state: 1 },
    ]).execute();
  });
  afterAll(() => t.close());

  it("answers the position and its shown ads by slide_sort", async () => {
    const response = await t.call<AdvDetail>("/api/adv/detail", { keyword: "NS_PC_INDEX" });
    expect(response.code).toBe(0);
    expect(response.data.adv_position).toEqual({
      ap_id: expect.any(Number), keyword: "NS_PC_INDEX", ap_name: "首页轮播", ap_intro: "", ap_width: 1200, ap_height: 400,
      ap_background_color: "#fff", type: 1, is_use: 1,
    });
    expect(response.data.adv_list).toEqual([
      { adv_id: expect.any(Number), adv_title: "第一张", adv_url: '{"url":"/goods/list"}', adv_image: "/a/1.jpg", slide_sort: 1, background: "#f00" },
      { adv_id: expect.any(Number), adv_title: "第二张", adv_url: '{"url":"/goods/list"}', adv_image: "/a/2.jpg", slide_sort: 2, background: "#f00" },
    ]);
  });

  it("answers a switched-off position with no ads", async () => {
    const response = await t.call<AdvDetail>("/api/adv/detail", { keyword: "NS_PC_LOGIN" });
    expect(response.code).toBe(0);
    expect(response.data.adv_position.is_use).toBe(0);
    expect(response.data.adv_list).toEqual([]);
  });

  it("answers -1 广告位不存在 for an unknown keyword", async () => {
    expect(await t.call("/api/adv/detail", { keyword: "NS_PC_NOWHERE" })).toMatchObject({ code: -1, message: "广告位不存在" });
  });

  it("refuses a missing or oversized keyword naming the field", async () => {
    for (const body of [{}, { keyword: "" }, { keyword: "   " }, { keyword: "K".repeat(65) }, { keyword: 5 }]) {
      const response = await t.call("/api/adv/detail", body);
      expect(response.code).toBe(-10006);
      expect(response.message).toContain("keyword");
    }
  });
});
