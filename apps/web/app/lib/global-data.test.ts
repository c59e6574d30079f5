import { describe, expect, it } from "vitest";
import { Code, createApiClient, type ApiClient, type Envelope } from "@shop/contract";
import type { CategoryNode } from "@shop/contract";
import { CLEAR_TOKEN_COOKIE, loadGlobalData, splitWords, trimForNav, trimHelpClasses } from "./global-data.ts";

/** The real client over a transport answering from a table of envelopes; unknown paths answer -1. */
function fakeApi(answers: Record<string, Envelope>): ApiClient & { calls: string[] } {
  const calls: string[] = [];
  const api = createApiClient(async (path) => {
    calls.push(path);
    return answers[path] ?? { code: Code.ERROR, message: `${path} 失败`, data: null, timestamp: 0 };
  });
  return Object.assign(api, { calls });
}
const ok = (data: unknown): Envelope => ({ code: 0, message: "", data, timestamp: 0 });
const request = (cookie?: string) => new Request("http://shop.test/web/", { headers: cookie ? { cookie } : {} });

describe("splitWords", () => {
  it("splits comma lists (also full-width commas) and drops blanks", () => {
    expect(splitWords("手机, 耳机,,空调，冰箱")).toEqual(["手机", "耳机", "空调", "冰箱"]);
    expect(splitWords("")).toEqual([]);
  });
});

function category(category_id: number, child_list: CategoryNode[] = []): CategoryNode {
  return { category_id, category_name: `分类${category_id}`, short_name: "", pid: 0, level: 1, image: "", image_adv: "", link_url: "", icon: "", child_list };
}

describe("trimForNav", () => {
  it("keeps level 1 with its first three children and drops grandchildren", () => {
    const tree = [category(1, [category(11, [category(111)]), category(12), category(13), category(14)]), category(2)];
    const nav = trimForNav(tree);
    expect(nav.map((node) => node.category_id)).toEqual([1, 2]);
    expect(nav[0]!.child_list.map((node) => node.category_id)).toEqual([11, 12, 13]);
    expect(nav[0]!.child_list[0]!.child_list).toEqual([]);
    expect(tree[0]!.child_list).toHaveLength(4);
  });

  it("keeps only the fields the panel shows (every page's HTML carries them)", () => {
    const [row] = trimForNav([category(1, [category(11)])]);
    expect(Object.keys(row!).sort()).toEqual(["category_id", "category_name", "child_list", "image", "level", "short_name"]);
    expect(Object.keys(row!.child_list[0]!).sort()).toEqual(["category_id", "category_name", "child_list", "image", "level", "short_name"]);
  });
});

describe("trimHelpClasses", () => {
  it("keeps the footer's 4 classes of 4 articles with their links", () => {
    const article = (id: number) => ({ id, title: `文章${id}`, link_address: "", class_id: 1, sort: 0 });
    const classes = [1, 2, 3, 4, 5].map((class_id) => ({ class_id, class_name: `分类${class_id}`, child_list: [1, 2, 3, 4, 5].map(article) }));
    const footer = trimHelpClasses(classes);
    expect(footer.map((helpClass) => helpClass.class_id)).toEqual([1, 2, 3, 4]);
    expect(footer[0]!.child_list).toEqual([1, 2, 3, 4].map((id) => ({ id, title: `文章${id}`, link_address: "" })));
  });
});

describe("loadGlobalData", () => {
  it("falls back on every failure and reports the ones that need a toast", async () => {
    const { data, clearToken } = await loadGlobalData(fakeApi({}), request());
    expect(clearToken).toBe(false);
    expect(data.site.site_name).toBe("商城");
    expect(data.categoryNav).toEqual([]);
    expect(data.servicer.type).toBe("none");
    expect(data.member).toBeNull();
    expect(data.loadErrors).toEqual(["/api/config/categoryconfig 失败", "/api/goodscategory/tree 失败", "/api/pc/friendlyLink 失败"]);
  });

  it("reads the pc servicer, the search words and the QR codes", async () => {
    const api = fakeApi({
      "/api/config/servicer": ok({ pc: { type: "third", third_url: "https://kf.example.com" } }),
      "/api/goods/hotSearchWords": ok({ words: "手机,耳机" }),
      "/api/goods/defaultSearchWords": ok({ words: "蓝牙耳机,手表" }),
      "/api/site/wapqrcode": ok({ path: { h5: { img: "upload/qr.png", url: "" } } }),
      "/weapp/api/weapp/qrcode": ok({ qrcode: "upload/weapp.png" }),
    });
    const { data } = await loadGlobalData(api, request());
    expect(data.servicer).toMatchObject({ type: "third", third_url: "https://kf.example.com" });
    expect(data.hotWords).toEqual(["手机", "耳机"]);
    expect(data.defaultWord).toBe("蓝牙耳机");
    expect(data.wapQrcode).toBe("upload/qr.png");
    expect(data.weappQrcode).toBe("upload/weapp.png");
    expect(api.calls).not.toContain("/api/member/info");
  });

  it("asks for the member only with a token, and clears a rejected token", async () => {
    const member = { member_id: 1, username: "u", nickname: "昵称" };
    const loggedIn = await loadGlobalData(fakeApi({ "/api/member/info": ok(member) }), request("a=1; shop_token=abc"));
    expect(loggedIn.data.member).toMatchObject(member);
    expect(loggedIn.clearToken).toBe(false);

    const expired = fakeApi({ "/api/member/info": { code: Code.TOKEN_EXPIRE, message: "过期", data: null, timestamp: 0 } });
    const result = await loadGlobalData(expired, request("shop_token=old"));
    expect(result.data.member).toBeNull();
    expect(result.clearToken).toBe(true);
    expect(CLEAR_TOKEN_COOKIE).toMatch(/^shop_token=; Max-Age=0; Path=\//);
  });

  it("does not toast a closed site (-3)", async () => {
    const closed: Envelope = { code: Code.SITE_CLOSED, message: "网站已关闭！", data: null, timestamp: 0 };
    const api = fakeApi(Object.fromEntries(["/api/config/categoryconfig", "/api/goodscategory/tree", "/api/pc/friendlyLink"].map((p) => [p, closed])));
    const { data } = await loadGlobalData(api, request());
    expect(data.loadErrors).toEqual([]);
  });
});
