import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdvDetail, Floor, FriendlyLink, NavItem, Page } from "@shop/contract";
import type { PickableGoods, StaffAdv, StaffAdvPosition, StaffFloor, StaffNavItem } from "@shop/contract/domains/admin-content";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { requiredService } from "../../test/services.ts";
import { WEB_BUILD_DIR } from "../../ssr/handler.ts";
import { staffToken } from "../staff/testing.ts";

const storefront = requiredService("the built storefront", fs.existsSync(path.join(WEB_BUILD_DIR, "server/index.js")), "the storefront is not built (run npm run build)");

describe("content back office: ads, floors, navigation, friendly links", () => {
  let t: TestApp;
  let admin: string;
  let servicer: string;
  let carousel: StaffAdvPosition;
  let goods: PickableGoods[];

  beforeAll(async () => {
    t = await startTestApp({ seed: true, config: { dataCache: true, pageCache: true, serveWeb: !storefront.skip, pageCacheFreshMs: 60_000 } });
    admin = await staffToken(t, "admin");
    servicer = await staffToken(t, "servicer");
    const positions = await ok<Page<StaffAdvPosition>>("/shopapi/adv/index", { page_size: 100 });
    carousel = positions.list.find((position) => position.keyword === "NS_PC_INDEX")!;
    goods = (await ok<Page<PickableGoods>>("/shopapi/pc/goodsselect", { page_size: 5 })).list;
  });
  afterAll(() => t?.close());

  async function ok<T>(apiPath: string, body: object = {}): Promise<T> {
    const answer = await t.call<T>(apiPath, body, { token: admin });
    expect(answer.code, `${apiPath}: ${answer.message}`).toBe(0);
    return answer.data;
  }
  const refused = async (apiPath: string, body: object) => (await t.call(apiPath, body, { token: admin })).message;
  const publicData = async <T>(apiPath: string, body: object = {}) => (await t.call<T>(apiPath, body)).data;
  const carouselTitles = async () => (await publicData<AdvDetail>("/api/adv/detail", { keyword: "NS_PC_INDEX" })).adv_list.map((ad) => ad.adv_title);
  const adOf = (title: string) => ({ ap_id: carousel.ap_id, adv_title: title, adv_url: "/goods/list?keyword=test", adv_image: "upload/content/a.jpg", background: "#ff0000" });
  const logCount = async (action: string) =>
    Number((await t.app.deps.db.selectFrom("staff_log").select((eb) => eb.fn.countAll().as("n")).where("action", "=", action).executeTakeFirstOrThrow()).n);

  it("lists the storefront's ad positions with their counts", async () => {
    expect(carousel).toMatchObject({ keyword: "NS_PC_INDEX", is_use: 1 });
    expect(carousel.adv_count).toBeGreaterThan(0);
    expect(carousel.shown_count).toBe(carousel.adv_count);
  });

  it("shows an added, edited, switched off and deleted ad to guests on the next request", async () => {
    const before = await carouselTitles(); // fills the data cache
    const { adv_id } = await ok<{ adv_id: number }>("/shopapi/adv/addadv", adOf("春季大促"));
    expect(await carouselTitles()).toEqual([...before, "春季大促"]);
    const detail = await publicData<AdvDetail>("/api/adv/detail", { keyword: "NS_PC_INDEX" });
    expect(detail.adv_list.at(-1)).toMatchObject({ adv_url: JSON.stringify({ url: "/goods/list?keyword=test" }), background: "#ff0000" });
    const staffList = await ok<Page<StaffAdv>>("/shopapi/adv/lists", { ap_id: carousel.ap_id });
    expect(staffList.list.find((ad) => ad.adv_id === adv_id)).toMatchObject({ adv_url: "/goods/list?keyword=test", showing: true });

    await ok("/shopapi/adv/editadv", { ...adOf("夏季大促"), adv_id });
    expect(await carouselTitles()).toContain("夏季大促");
    await ok("/shopapi/adv/alteradvstate", { adv_id, state: 0 });
    expect(await carouselTitles()).not.toContain("夏季大促");
    await ok("/shopapi/adv/alteradvstate", { adv_id, state: 1 });
    await ok("/shopapi/adv/deleteadv", { adv_id });
    expect(await carouselTitles()).toEqual(before);
    expect(await logCount("adv.addadv")).toBe(1);
    expect(await logCount("adv.deleteadv")).toBe(1);
  });

  it("hides an ad outside its time window", async () => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const future = await ok<{ adv_id: number }>("/shopapi/adv/addadv", { ...adOf("明日上线"), start_time: nowSeconds + 86_400 });
    const past = await ok<{ adv_id: number }>("/shopapi/adv/addadv", { ...adOf("已经结束"), start_time: nowSeconds - 7200, end_time: nowSeconds - 3600 });
    const current = await ok<{ adv_id: number }>("/shopapi/adv/addadv", { ...adOf("正在进行"), start_time: nowSeconds - 60, end_time: nowSeconds + 3600 });
    const titles = await carouselTitles();
    expect(titles).toContain("正在进行");
    expect(titles).not.toContain("明日上线");
    expect(titles).not.toContain("已经结束");
    const staffList = await ok<Page<StaffAdv>>("/shopapi/adv/lists", { ap_id: carousel.ap_id, search_text: "明日" });
    expect(staffList.list).toEqual([expect.objectContaining({ adv_id: future.adv_id, showing: false })]);
    for (const { adv_id } of [future, past, current]) await ok("/shopapi/adv/deleteadv", { adv_id });
  });

  it("orders a position's ads as dragged, and refuses a stale order", async () => {
    const ids = (await ok<Page<StaffAdv>>("/shopapi/adv/lists", { ap_id: carousel.ap_id })).list.map((ad) => ad.adv_id);
    expect(ids.length).toBeGreaterThan(1);
    const reversed = [...ids].reverse();
    await ok("/shopapi/adv/sortadv", { ap_id: carousel.ap_id, ids: reversed });
    expect((await publicData<AdvDetail>("/api/adv/detail", { keyword: "NS_PC_INDEX" })).adv_list.map((ad) => ad.adv_id)).toEqual(reversed);
    expect(await refused("/shopapi/adv/sortadv", { ap_id: carousel.ap_id, ids: reversed.slice(1) })).toBe("广告列表已变化，请刷新后再排序");
  });

  it("edits a position; switched off, it shows no ads", async () => {
    const edit = { ap_id: carousel.ap_id, ap_name: "首页轮播", ap_width: 1210, ap_height: 460, ap_background_color: "#ffffff" };
    await ok("/shopapi/adv/editposition", { ...edit, is_use: 0 });
    expect(await carouselTitles()).toEqual([]);
    await ok("/shopapi/adv/editposition", { ...edit, is_use: 1 });
    expect((await publicData<AdvDetail>("/api/adv/detail", { keyword: "NS_PC_INDEX" })).adv_position.ap_name).toBe("首页轮播");
  });

  it("refuses bad ads naming the field", async () => {
    const cases: Array<[object, string]> = [
      [{ ...adOf(""), adv_title: "" }, "adv_title"],
      [{ ...adOf("x"), adv_url: "javascript:alert(1)" }, "链接地址须为站内路径"],
      [{ ...adOf("x"), adv_url: "//evil.example" }, "链接地址须为站内路径"],
      [{ ...adOf("x"), adv_image: "" }, "请上传广告图片"],
      [{ ...adOf("x"), adv_image: "javascript:alert(1)" }, "广告图片不是有效的图片地址"],
      [{ ...adOf("x"), background: "red;x" }, "背景色须为 #RRGGBB"],
      [{ ...adOf("x"), start_time: 2000, end_time: 1000 }, "结束时间须晚于开始时间"],
      [{ ...adOf("x"), ap_id: "abc" }, "ap_id"],
    ];
    for (const [body, message] of cases) {
      const answer = await t.call("/shopapi/adv/addadv", body, { token: admin });
      expect(answer.code, JSON.stringify(body)).toBe(-10006);
      expect(answer.message).toContain(message);
    }
    expect(await refused("/shopapi/adv/addadv", { ...adOf("x"), ap_id: 999_999 })).toBe("广告位不存在");
    expect(await refused("/shopapi/adv/editadv", { ...adOf("x"), adv_id: 999_999 })).toBe("广告不存在");
  });

  const floorOf = (title: string, goodsIds: number[]) => ({
    block_name: "floor-style-2",
    title,
    state: 1,
    value: {
      title: { type: "text", value: { text: title, link: "/goods/list?category_id=1", color: "#333333" } },
      subTitle: { type: "text", value: { text: "副标题", link: "", color: "" } },
      goodsList: { type: "goods", value: { goods_ids: goodsIds } },
      bottomImg: { type: "img", value: { url: "upload/content/b.jpg", link: "https://example.com/x" } },
    },
  });
  const guestFloors = () => publicData<Floor[]>("/api/pc/floors");

  it("adds, edits, hides, orders and deletes a floor; guests see each change", async () => {
    const before = await guestFloors();
    const { id } = await ok<{ id: number }>("/shopapi/pc/addfloor", floorOf("新品楼层", [goods[0]!.goods_id, goods[1]!.goods_id]));
    const added = (await guestFloors()).find((floor) => floor.id === id)!;
    expect(added).toMatchObject({ title: "新品楼层", block_name: "floor-style-2", block_title: "楼层样式二" });
    expect(added.value.title).toEqual({ type: "text", value: { text: "新品楼层", link: JSON.stringify({ url: "/goods/list?category_id=1" }), color: "#333333" } });
    const goodsBlock = added.value.goodsList;
    expect(goodsBlock?.type === "goods" ? goodsBlock.value.goods_ids : []).toEqual([goods[0]!.goods_id, goods[1]!.goods_id]);

    await ok("/shopapi/pc/editfloor", { ...floorOf("改名楼层", [goods[2]!.goods_id]), id });
    expect((await guestFloors()).find((floor) => floor.id === id)?.title).toBe("改名楼层");
    await ok("/shopapi/pc/modifyfloorstate", { id, state: 0 });
    expect((await guestFloors()).map((floor) => floor.id)).not.toContain(id);
    expect((await ok<StaffFloor[]>("/shopapi/pc/floor")).find((floor) => floor.id === id)).toMatchObject({ state: 0 });
    await ok("/shopapi/pc/modifyfloorstate", { id, state: 1 });

    const order = (await ok<StaffFloor[]>("/shopapi/pc/floor")).map((floor) => floor.id);
    const moved = [id, ...order.filter((floorId) => floorId !== id)];
    await ok("/shopapi/pc/floorsort", { ids: moved });
    expect((await guestFloors()).map((floor) => floor.id)).toEqual(moved);

    await ok("/shopapi/pc/deletefloor", { id });
    expect((await guestFloors()).map((floor) => floor.id).sort()).toEqual(before.map((floor) => floor.id).sort());
    expect(await logCount("pc.editfloor")).toBe(1);
  });

  it("refuses a floor with blocks its style does not have, too many goods or unknown goods", async () => {
    const cases: Array<[object, string]> = [
      [{ ...floorOf("x", []), block_name: "floor-style-9" }, "block_name"],
      [{ ...floorOf("x", []), title: "" }, "title"],
      [{ ...floorOf("x", []), value: { leftImg: { type: "img", value: { url: "", link: "" } } } }, "楼层样式二没有「leftImg」区块"],
      [{ ...floorOf("x", []), value: { goodsList: { type: "img", value: { url: "", link: "" } } } }, "「商品」须为 goods 区块"],
      [floorOf("x", Array.from({ length: 11 }, (_, index) => index + 1)), "「商品」最多 10 个"],
      [{ ...floorOf("x", []), value: "{not json" }, "value"],
      [{ ...floorOf("x", []), value: { title: { type: "text", value: { text: "x", link: "javascript:alert(1)", color: "" } } } }, "文字链接须为站内路径"],
    ];
    for (const [body, message] of cases) {
      const answer = await t.call("/shopapi/pc/addfloor", body, { token: admin });
      expect(answer.code, JSON.stringify(body)).toBe(-10006);
      expect(answer.message).toContain(message);
    }
    expect(await refused("/shopapi/pc/addfloor", floorOf("x", [987_654]))).toBe("商品 987654 不存在或已删除");
    // The reference's JSON-string value is taken as well.
    const asString = floorOf("字符串楼层", [goods[0]!.goods_id]);
    const { id } = await ok<{ id: number }>("/shopapi/pc/addfloor", { ...asString, value: JSON.stringify(asString.value) });
    await ok("/shopapi/pc/deletefloor", { id });
  });

  it("picks goods by name or by id", async () => {
    const named = await ok<Page<PickableGoods>>("/shopapi/pc/goodsselect", { search_text: goods[0]!.goods_name.slice(0, 4) });
    expect(named.list.map((item) => item.goods_id)).toContain(goods[0]!.goods_id);
    const byIds = await ok<Page<PickableGoods>>("/shopapi/pc/goodsselect", { goods_ids: [goods[1]!.goods_id] });
    expect(byIds.list).toEqual([goods[1]]);
  });

  it("adds, edits, orders and deletes navigation; the header list follows", async () => {
    const { id } = await ok<{ id: number }>("/shopapi/pc/addnav", { nav_title: "新品首发", nav_url: "/goods/list?keyword=新品", sort: 0 });
    let nav = await publicData<NavItem[]>("/api/pc/navList");
    expect(nav.find((item) => item.id === id)).toMatchObject({ nav_title: "新品首发", nav_url: JSON.stringify({ url: "/goods/list?keyword=新品" }) });
    expect((await ok<StaffNavItem[]>("/shopapi/pc/navlist")).find((item) => item.id === id)?.nav_url).toBe("/goods/list?keyword=新品");
    await ok("/shopapi/pc/editnav", { id, nav_title: "新品", nav_url: "/goods/list", is_show: 0 });
    nav = await publicData<NavItem[]>("/api/pc/navList");
    expect(nav.map((item) => item.id)).not.toContain(id);
    const ids = (await ok<StaffNavItem[]>("/shopapi/pc/navlist")).map((item) => item.id).reverse();
    await ok("/shopapi/pc/navsort", { ids });
    expect((await ok<StaffNavItem[]>("/shopapi/pc/navlist")).map((item) => item.id)).toEqual(ids);
    await ok("/shopapi/pc/deletenav", { id });
    expect(await refused("/shopapi/pc/deletenav", { id })).toBe("导航不存在");
    const missingUrl = await t.call("/shopapi/pc/addnav", { nav_title: "x", nav_url: "" }, { token: admin });
    expect(missingUrl).toMatchObject({ code: -10006, message: "请填写链接地址" });
  });

  it("adds and deletes a friendly link; the footer list follows", async () => {
    const { id } = await ok<{ id: number }>("/shopapi/pc/addlink", { link_title: "合作伙伴", link_url: "https://partner.example", link_sort: 1 });
    expect((await publicData<FriendlyLink[]>("/api/pc/friendlyLink")).find((link) => link.id === id)).toMatchObject({ link_title: "合作伙伴", is_blank: 1 });
    await ok("/shopapi/pc/deletelink", { id });
    expect((await publicData<FriendlyLink[]>("/api/pc/friendlyLink")).map((link) => link.id)).not.toContain(id);
  });

  it("refuses every content call to a servicer", async () => {
    for (const [apiPath, body] of [
      ["/shopapi/adv/index", {}],
      ["/shopapi/adv/addadv", adOf("x")],
      ["/shopapi/pc/addfloor", floorOf("x", [])],
      ["/shopapi/pc/addnav", { nav_title: "x", nav_url: "/x" }],
      ["/shopapi/pc/linksort", { ids: [1] }],
    ] as const) {
      expect(await t.call(apiPath, body, { token: servicer }), apiPath).toMatchObject({ code: -1, message: "没有执行此操作的权限" });
    }
  });

  describe.skipIf(storefront.skip)(`the rendered home page${storefront.note}`, () => {
    const home = async () => {
      const response = await t.app.inject({ method: "GET", url: "/web/", headers: { host: "127.0.0.1" } });
      expect(response.statusCode).toBe(200);
      return response.body;
    };

    it("shows a changed ad and floor on the next request through the page cache", async () => {
      storefront.require();
      await home();
      expect(await home()).not.toContain("页面缓存之后的楼层");
      const floor = await ok<{ id: number }>("/shopapi/pc/addfloor", floorOf("页面缓存之后的楼层", [goods[0]!.goods_id]));
      const ad = await ok<{ adv_id: number }>("/shopapi/adv/addadv", { ...adOf("页面缓存之后的广告"), ap_id: carousel.ap_id });
      const ids = (await ok<Page<StaffAdv>>("/shopapi/adv/lists", { ap_id: carousel.ap_id })).list.map((item) => item.adv_id);
      await ok("/shopapi/adv/sortadv", { ap_id: carousel.ap_id, ids: [ad.adv_id, ...ids.filter((adId) => adId !== ad.adv_id)] });
      const page = await home();
      expect(page).toContain("页面缓存之后的楼层");
      expect(page).toContain("页面缓存之后的广告");
      await ok("/shopapi/pc/deletefloor", { id: floor.id });
      await ok("/shopapi/adv/deleteadv", { adv_id: ad.adv_id });
      expect(await home()).not.toContain("页面缓存之后的楼层");
    });
  });
});
