import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArticleCategory, ArticleDetail, ArticleListItem, HelpArticle, HelpClass, NoticeItem, Page } from "@shop/contract";
import type { StaffArticle, StaffDocGroup, StaffDocListItem, StaffHelp, StaffNotice } from "@shop/contract/domains/admin-content-docs";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";

const DIRTY =
  '<p onclick="steal()">正文<script>alert(1)</script><img src="x.png" onerror="alert(3)"><a href="javascript:alert(2)">详情</a>' +
  '<iframe src="https://evil.example"></iframe><span style="color:red;background:url(javascript:alert(4))">红</span>' +
  '<span style="width:expression(alert(5))">宽</span></p>';
const CLEAN = '<p>正文<img src="x.png" /><a>详情</a><span style="color:red">红</span><span>宽</span></p>';

describe("content back office: articles, notices, help", () => {
  let t: TestApp;
  let admin: string;
  let servicer: string;

  beforeAll(async () => {
    t = await startTestApp({ seed: true, config: { dataCache: true } });
    admin = await staffToken(t, "admin");
    servicer = await staffToken(t, "servicer");
  });
  afterAll(() => t?.close());

  async function ok<T>(apiPath: string, body: object = {}): Promise<T> {
    const answer = await t.call<T>(apiPath, body, { token: admin });
    expect(answer.code, `${apiPath}: ${answer.message}`).toBe(0);
    return answer.data;
  }
  const refused = async (apiPath: string, body: object) => t.call(apiPath, body, { token: admin });
  const guest = async <T>(apiPath: string, body: object = {}) => (await t.call<T>(apiPath, body)).data;
  const logged = async (action: string) =>
    t.app.deps.db.selectFrom("staff_log").select(["target_id", "detail"]).where("action", "=", action).execute();

  it("adds an article with sanitised content; guests see it in the list and in full", async () => {
    const [category] = await ok<StaffDocGroup[]>("/shopapi/articlecategory/lists");
    await guest<Page<ArticleListItem>>("/api/article/page", { page_size: 100 }); // cached before the write
    const { article_id } = await ok<{ article_id: number }>("/shopapi/article/add", {
      article_title: "新店开业公告", category_id: category!.id, article_abstract: "摘要", cover_img: "upload/content/c.jpg", article_content: DIRTY, sort: 0,
    });
    const list = await guest<Page<ArticleListItem>>("/api/article/page", { page_size: 100 });
    expect(list.list.map((item) => item.article_title)).toContain("新店开业公告");
    expect((await guest<ArticleDetail>("/api/article/info", { article_id })).article_content).toBe(CLEAN);
    // Stored clean: the editor reloads what guests get.
    expect((await ok<StaffArticle>("/shopapi/article/info", { article_id })).article_content).toBe(CLEAN);
    const [log] = await logged("article.add");
    expect(log).toMatchObject({ target_id: String(article_id) });
    expect(JSON.parse(log!.detail)).toMatchObject({ article_title: "新店开业公告", article_content: `(${DIRTY.length} 字符)` });

    await ok("/shopapi/article/edit", { article_id, article_title: "开业公告（更新）", category_id: category!.id, article_content: "<p>新</p>" });
    expect((await guest<ArticleDetail>("/api/article/info", { article_id })).article_title).toBe("开业公告（更新）");
    const found = await ok<Page<StaffDocListItem>>("/shopapi/article/lists", { search_text: "更新" });
    expect(found.list).toEqual([expect.objectContaining({ id: article_id, group_id: category!.id, group_name: category!.name })]);
    await ok("/shopapi/article/modifysort", { article_id, sort: 5 });
    expect((await ok<StaffArticle>("/shopapi/article/info", { article_id })).sort).toBe(5);
    await ok("/shopapi/article/delete", { article_id });
    expect(await t.call("/api/article/info", { article_id })).toMatchObject({ code: -1, message: "文章不存在" });
  });

  it("refuses bad articles naming the field", async () => {
    const [category] = await ok<StaffDocGroup[]>("/shopapi/articlecategory/lists");
    const good = { article_title: "标题", category_id: category!.id, article_content: "<p>x</p>" };
    const cases: Array<[object, string]> = [
      [{ ...good, article_title: "" }, "article_title"],
      [{ ...good, article_title: "长".repeat(101) }, "article_title"],
      [{ ...good, category_id: "x" }, "category_id"],
      [{ ...good, article_content: undefined }, "article_content"],
      [{ ...good, cover_img: "javascript:alert(1)" }, "封面图片不是有效的图片地址"],
      [{ ...good, sort: -1 }, "sort"],
    ];
    for (const [body, message] of cases) {
      const answer = await refused("/shopapi/article/add", body);
      expect(answer.code, JSON.stringify(body)).toBe(-10006);
      expect(answer.message).toContain(message);
    }
    expect(await refused("/shopapi/article/add", { ...good, category_id: 999_999 })).toMatchObject({ code: -1, message: "文章分类不存在" });
    expect(await refused("/shopapi/article/edit", { ...good, article_id: 999_999 })).toMatchObject({ code: -1, message: "文章不存在" });
  });

  it("manages article categories: unique names, ordered, kept while they hold articles", async () => {
    await guest<ArticleCategory[]>("/api/article/category");
    const { id } = await ok<{ id: number }>("/shopapi/articlecategory/add", { name: "新分类", sort: 9 });
    expect((await guest<ArticleCategory[]>("/api/article/category")).map((item) => item.category_name)).toContain("新分类");
    expect(await refused("/shopapi/articlecategory/add", { name: "新分类" })).toMatchObject({ code: -1, message: "文章分类「新分类」已存在" });
    const ids = (await ok<StaffDocGroup[]>("/shopapi/articlecategory/lists")).map((group) => group.id);
    const moved = [id, ...ids.filter((groupId) => groupId !== id)];
    await ok("/shopapi/articlecategory/sort", { ids: moved });
    expect((await guest<ArticleCategory[]>("/api/article/category")).map((item) => item.category_id)).toEqual(moved);
    const { article_id } = await ok<{ article_id: number }>("/shopapi/article/add", { article_title: "a", category_id: id, article_content: "" });
    expect(await refused("/shopapi/articlecategory/delete", { id })).toMatchObject({ code: -1, message: "「新分类」下还有内容，请先删除或移走后再删除分类" });
    await ok("/shopapi/article/delete", { article_id });
    await ok("/shopapi/articlecategory/delete", { id });
    expect((await guest<ArticleCategory[]>("/api/article/category")).map((item) => item.category_id)).not.toContain(id);
  });

  it("adds, pins, edits and deletes a notice; guests see each change", async () => {
    await guest<Page<NoticeItem>>("/api/notice/page", {});
    const { id } = await ok<{ id: number }>("/shopapi/notice/add", { title: "停机维护通知", content: DIRTY, is_top: 1 });
    const page = await guest<Page<NoticeItem>>("/api/notice/page", {});
    expect(page.list[0]).toMatchObject({ id, title: "停机维护通知", content: CLEAN, is_top: 1 });
    expect((await ok<StaffNotice>("/shopapi/notice/info", { id })).content).toBe(CLEAN);
    await ok("/shopapi/notice/edit", { id, title: "维护已完成", content: "<p>好了</p>", is_top: 0 });
    expect((await guest<NoticeItem>("/api/notice/info", { id })).title).toBe("维护已完成");
    expect((await ok<Page<StaffDocListItem>>("/shopapi/notice/lists", { search_text: "维护已" })).list.map((item) => item.id)).toEqual([id]);
    await ok("/shopapi/notice/delete", { id });
    expect(await t.call("/api/notice/info", { id })).toMatchObject({ code: -1, message: "公告不存在" });
    const bad = await refused("/shopapi/notice/add", { title: "", content: "" });
    expect(bad.code).toBe(-10006);
    expect(bad.message).toContain("title");
  });

  it("adds help under a class; the footer columns and the help page follow", async () => {
    await guest<HelpClass[]>("/api/helpclass/lists");
    const { id: classId } = await ok<{ id: number }>("/shopapi/help/addclass", { name: "售后政策", sort: 0 });
    const { id } = await ok<{ id: number }>("/shopapi/help/addhelp", { title: "七天无理由退货", class_id: classId, content: DIRTY });
    const columns = await guest<HelpClass[]>("/api/helpclass/lists");
    expect(columns.find((column) => column.class_id === classId)?.child_list).toEqual([{ id, title: "七天无理由退货", link_address: "" }]);
    expect((await guest<HelpArticle>("/api/help/info", { id })).content).toBe(CLEAN);
    await ok("/shopapi/help/edithelp", { id, title: "退货政策", class_id: classId, content: "", link_address: "https://help.example/return" });
    expect((await ok<StaffHelp>("/shopapi/help/info", { id })).link_address).toBe("https://help.example/return");
    expect((await guest<HelpArticle>("/api/help/info", { id })).title).toBe("退货政策");
    const listed = await ok<Page<StaffDocListItem>>("/shopapi/help/helplist", { class_id: classId });
    expect(listed.list).toEqual([expect.objectContaining({ id, title: "退货政策", group_name: "售后政策" })]);
    expect(await refused("/shopapi/help/deleteclass", { id: classId })).toMatchObject({ code: -1 });
    await ok("/shopapi/help/modifysort", { id, sort: 3 });
    await ok("/shopapi/help/deletehelp", { id });
    await ok("/shopapi/help/deleteclass", { id: classId });
    expect((await guest<HelpClass[]>("/api/helpclass/lists")).map((column) => column.class_id)).not.toContain(classId);
    const bad = await refused("/shopapi/help/addhelp", { title: "x", class_id: 1, link_address: "javascript:alert(1)" });
    expect(bad).toMatchObject({ code: -10006, message: "链接地址须为站内路径（以 / 开头）或 http(s):// 开头的网址" });
  });

  it("refuses every document call to a servicer", async () => {
    for (const [apiPath, body] of [
      ["/shopapi/article/lists", {}],
      ["/shopapi/article/add", { article_title: "x", category_id: 1, article_content: "" }],
      ["/shopapi/articlecategory/add", { name: "x" }],
      ["/shopapi/notice/add", { title: "x", content: "" }],
      ["/shopapi/help/addhelp", { title: "x", class_id: 1 }],
      ["/shopapi/help/deleteclass", { id: 1 }],
    ] as const) {
      expect(await t.call(apiPath, body, { token: servicer }), apiPath).toMatchObject({ code: -1, message: "没有执行此操作的权限" });
    }
  });
});
