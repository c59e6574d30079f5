import { describe, expect, it } from "vitest";
import { ApiError, type AdvDetail, type ApiClient } from "@shop/contract";
import { loadHomeData } from "./home-data.ts";

const ad = (keyword: string): AdvDetail => ({
  adv_position: { ap_id: 1, keyword, ap_name: keyword, ap_width: 100, ap_height: 50, ap_background_color: "", type: 1, ap_intro: "", is_use: 1 },
  adv_list: [{ adv_id: 1, adv_title: keyword, adv_url: '{"url":"/"}', adv_image: `/${keyword}.jpg`, slide_sort: 0, background: "" }],
});

/** A fake client: answers by path (and ad keyword); `failing` paths/keywords reject like the real client. */
function fakeApi(failing: string[] = [], code = -1) {
  const calls: string[] = [];
  const api = {
    async call(path: string, body?: { keyword?: string }) {
      const name = body?.keyword ?? path;
      calls.push(name);
      if (failing.includes(name)) throw new ApiError({ code, message: `${name} 加载失败`, data: null });
      if (path === "/api/adv/detail") return ad(name);
      if (path === "/api/pc/floors") return [{ id: 1, title: "F", block_name: "floor-style-1", block_title: "", value: {} }];
      if (path === "/api/pc/floatLayer") return { title: "", url: "", is_show: 1, number: 0, img_url: "/f.png" };
      if (path === "/api/notice/page") return { page_count: 1, count: 1, list: [{ id: 1, title: "公告", content: "", is_top: 0, create_time: 0 }] };
      throw new Error(`unexpected ${path}`);
    },
    raw: async () => { throw new Error("not used"); },
  } as unknown as ApiClient;
  return { api, calls };
}

/** The home page request, with its cookies. */
const page = (cookie?: string) => new Request("http://shop.test/web/", { headers: cookie ? { cookie } : {} });

describe("loadHomeData", () => {
  it("loads every ad position, the floors, the float layer and 5 notices", async () => {
    const { api, calls } = fakeApi();
    const data = await loadHomeData(api, page());
    expect(calls).toEqual(expect.arrayContaining([
      "NS_PC_INDEX_TOP", "NS_PC_INDEX", "NS_PC_INDEX_MID_LEFT", "NS_PC_INDEX_MID_RIGHT", "NS_PC_INDEX_CATEGORY_BELOW",
      "/api/pc/floors", "/api/pc/floatLayer", "/api/notice/page",
    ]));
    expect(data.topAd?.items[0]?.adv_title).toBe("NS_PC_INDEX_TOP");
    expect(data.floors.value).toHaveLength(1);
    expect(data.notices).toHaveLength(1);
    expect(data.loadErrors).toEqual([]);
  });

  it("keeps only what the page renders: resolved ad links, notice titles, floors out of the payload", async () => {
    const { api } = fakeApi();
    const data = await loadHomeData(api, page());
    expect(data.carousel).toEqual({
      color: "",
      items: [{ adv_id: 1, adv_title: "NS_PC_INDEX", adv_url: "/", adv_image: "/NS_PC_INDEX.jpg", background: "" }],
    });
    expect(data.notices).toEqual([{ id: 1, title: "公告", is_top: 0 }]);
    // The floors are for the server's render: nothing of them is serialized for hydration.
    expect(JSON.stringify(data.floors)).toBe("{}");
  });

  it("a failing ad stops only that ad; the page still loads", async () => {
    const { api } = fakeApi(["NS_PC_INDEX", "NS_PC_INDEX_MID_LEFT", "/api/pc/floatLayer"]);
    const data = await loadHomeData(api, page());
    expect(data.carousel).toBeNull();
    expect(data.midLeft).toBeNull();
    expect(data.midRight).not.toBeNull();
    expect(data.floatLayer).toBeNull();
    expect(data.loadErrors).toEqual([]);
  });

  it("failed lists leave their place empty and report the server's message", async () => {
    const { api } = fakeApi(["/api/pc/floors", "/api/notice/page"]);
    const data = await loadHomeData(api, page());
    expect(data.floors.value).toEqual([]);
    expect(data.notices).toEqual([]);
    expect(data.loadErrors).toEqual(["/api/pc/floors 加载失败", "/api/notice/page 加载失败"]);
  });

  it("does not load the top ad after 3 closes or once closed in this visit", async () => {
    for (const cookie of ["top_ad_closes=3", "shop_token=x; top_ad_hidden=1"]) {
      const { api, calls } = fakeApi();
      const data = await loadHomeData(api, page(cookie));
      expect(data.topAd).toBeNull();
      expect(calls).not.toContain("NS_PC_INDEX_TOP");
    }
  });

  it("a closed shop (-3) on any call, even one that falls back quietly, sends the visitor to /close", async () => {
    for (const failing of ["NS_PC_INDEX", "/api/pc/floatLayer", "/api/pc/floors"]) {
      const { api } = fakeApi([failing], -3);
      const thrown = await loadHomeData(api, page()).then(() => null, (error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("Location")).toBe("/close");
    }
  });
});
