import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { staffToken } from "../modules/staff/testing.ts";

/**
 * The back office's group, link and sort calls, and its settings reads, answered as the console
 * sends them (their modules' tests cover the rest): each write is read back.
 */
describe("back-office calls: groups, links, sorts and settings reads", () => {
  let t: TestApp;
  let token: string;
  const call = <T>(path: string, body: Record<string, unknown> = {}) => t.call<T>(path, body, { token });
  const ok = async <T>(path: string, body: Record<string, unknown> = {}) => {
    const answer = await call<T>(path, body);
    expect(answer, path).toMatchObject({ code: 0 });
    return answer.data;
  };
  beforeAll(async () => {
    t = await startTestApp();
    token = await staffToken(t, "admin");
  });
  afterAll(() => t.close());

  it("article categories and help classes are renamed, help classes reordered", async () => {
    const { id } = await ok<{ id: number }>("/shopapi/articlecategory/add", { name: "新品资讯", sort: 1 });
    await ok("/shopapi/articlecategory/edit", { id, name: "新品动态", sort: 2 });
    const categories = await ok<Array<{ id: number; name: string }>>("/shopapi/articlecategory/lists");
    expect(categories.find((row) => row.id === id)?.name).toBe("新品动态");

    const first = await ok<{ id: number }>("/shopapi/help/addclass", { name: "售后问题", sort: 1 });
    const second = await ok<{ id: number }>("/shopapi/help/addclass", { name: "支付问题", sort: 2 });
    await ok("/shopapi/help/editclass", { id: first.id, name: "售后服务", sort: 1 });
    await ok("/shopapi/help/classsort", { ids: [second.id, first.id] });
    const classes = (await ok<Array<{ id: number; name: string }>>("/shopapi/help/classlist")).filter((row) => [first.id, second.id].includes(row.id));
    expect(classes.map((row) => row.name)).toEqual(["支付问题", "售后服务"]);
  });

  it("friendly links are edited, notices and goods services reordered", async () => {
    const link = await ok<{ id: number }>("/shopapi/pc/addlink", { link_title: "合作伙伴", link_url: "https://example.com", link_pic: "", link_sort: 1 });
    await ok("/shopapi/pc/editlink", { id: link.id, link_title: "友情合作", link_url: "https://example.com/a", link_pic: "", link_sort: 3 });
    const links = await ok<Array<{ id: number; link_title: string; link_sort: number }>>("/shopapi/pc/linklist");
    expect(links.find((row) => row.id === link.id)).toMatchObject({ link_title: "友情合作", link_sort: 3 });

    const notice = await ok<{ id: number }>("/shopapi/notice/add", { title: "春节发货安排", content: "<p>照常发货</p>", sort: 0 });
    await ok("/shopapi/notice/modifysort", { id: notice.id, sort: 9 });
    const notices = await ok<{ list: Array<{ id: number; sort: number }> }>("/shopapi/notice/lists", { page: 1, page_size: 50 });
    expect(notices.list.find((row) => row.id === notice.id)?.sort).toBe(9);

    const service = await ok<{ id: number }>("/shopapi/goodsservice/add", { service_name: "七天无理由", desc: "", icon: "", sort: 0 });
    await ok("/shopapi/goodsservice/modifysort", { service_sort_array: [{ id: service.id, sort: 7 }] });
    const services = await ok<Array<{ id: number; sort: number }>>("/shopapi/goodsservice/lists");
    expect(services.find((row) => row.id === service.id)?.sort).toBe(7);
  });

  it("the register, order and points settings read as the console's forms load them", async () => {
    for (const path of ["/shopapi/config/register", "/shopapi/config/order", "/shopapi/config/points"]) {
      const data = await ok<Record<string, unknown>>(path);
      expect(Object.keys(data).length, path).toBeGreaterThan(0);
    }
  });
});
