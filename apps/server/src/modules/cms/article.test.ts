import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArticleCategory, ArticleDetail, ArticleListItem, Page } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { ARTICLE_CATEGORIES } from "../../seed/content-articles.ts";

const DIRTY =
  '<p onclick="steal()">攻略<script>alert(1)</script><img src="x.png" onerror="alert(3)"><a href="javascript:alert(2)">详情</a>' +
  '<iframe src="https://evil.example"></iframe><span style="color:red;background:url(javascript:alert(4))">红</span></p>';
const CLEAN = '<p>攻略<img src="x.png" /><a>详情</a><span style="color:red">红</span></p>';

const LIST_KEYS = [
  "article_id", "article_title", "article_abstract", "cover_img", "category_id", "category_name", "read_num", "create_time",
].sort();
/** The seed's articles plus the two the test adds. */
const SEEDED = ARTICLE_CATEGORIES.reduce((sum, category) => sum + category.articles.length, 0);
const TOTAL = SEEDED + 2;

describe("articles on the seeded shop", () => {
  let t: TestApp;
  let categories: ArticleCategory[];
  let dirtyId: number;
  let orphanId: number;

  const call = async <T>(path: string, body: object = {}): Promise<T> => {
    const response = await t.call<T>(path, body);
    expect(response.code, `${path} ${JSON.stringify(body)}: ${response.message}`).toBe(0);
    return response.data;
  };
  const page = (body: object) => call<Page<ArticleListItem>>("/api/article/page", body);
  const info = (article_id: number | string) => call<ArticleDetail>("/api/article/info", { article_id });

  beforeAll(async () => {
    t = await startTestApp({ seed: 200 });
    categories = await call<ArticleCategory[]>("/api/article/category");
    const db = t.app.deps.db;
    const base = { article_abstract: "摘要", cover_img: "", read_num: 0, sort: 99, create_time: 1_600_000_000 };
    dirtyId = (await db.insertInto("article").values({ ...base, category_id: categories[0]!.category_id, article_title: "带脚本的文章", article_content: DIRTY })
      .returning("article_id").executeTakeFirstOrThrow()).article_id;
    orphanId = (await db.insertInto("article").values({ ...base, category_id: 9999, article_title: "无分类文章", article_content: "<p>正文</p>" })
      .returning("article_id").executeTakeFirstOrThrow()).article_id;
  });
  afterAll(() => t.close());

  it("lists the seeded categories by sort with their article counts", async () => {
    // Fetched again: the counts now include the articles added in beforeAll.
    const counted = await call<ArticleCategory[]>("/api/article/category");
    expect(counted.map((category) => category.category_name)).toEqual(ARTICLE_CATEGORIES.map((category) => category.name));
    for (const category of counted) {
      expect(Object.keys(category).sort()).toEqual(["article_count", "category_id", "category_name"]);
      const inCategory = await page({ category_id: category.category_id, page_size: 100 });
      expect(category.article_count).toBe(inCategory.count);
      expect(inCategory.list.every((item) => item.category_id === category.category_id && item.category_name === category.category_name)).toBe(true);
    }
    expect(counted[0]!.article_count).toBe(ARTICLE_CATEGORIES[0]!.articles.length + 1); // + the dirty one
  });

  it("pages every article without content, in list order, without repeats", async () => {
    const all = await page({ page_size: 100 });
    expect(all.count).toBe(TOTAL);
    expect(Object.keys(all.list[0]!).sort()).toEqual(LIST_KEYS);
    const seen: number[] = [];
    const pageCount = Math.ceil(TOTAL / 5);
    for (let number = 1; number <= pageCount; number += 1) {
      const part = await page({ page: number, page_size: 5 });
      expect(part).toMatchObject({ count: TOTAL, page_count: pageCount });
      seen.push(...part.list.map((item) => item.article_id));
    }
    expect(seen).toEqual(all.list.map((item) => item.article_id));
    expect(new Set(seen).size).toBe(TOTAL);
    // Seeded articles come by sort; the two added with sort 99 come last.
    expect(seen.slice(-2).sort()).toEqual([dirtyId, orphanId].sort());
  });

  it("answers a deleted category's article with an empty category name", async () => {
    const all = await page({ page_size: 100 });
    expect(all.list.find((item) => item.article_id === orphanId)).toMatchObject({ category_id: 9999, category_name: "" });
  });

  it("answers an unknown category and a page past the end with no rows", async () => {
    expect(await page({ category_id: 123456 })).toEqual({ page_count: 0, count: 0, list: [] });
    expect(await page({ page: 99, page_size: 10 })).toEqual({ page_count: Math.ceil(TOTAL / 10), count: TOTAL, list: [] });
  });

  it("answers an article in full, counting each read", async () => {
    const [first] = (await page({ page_size: 1 })).list;
    const detail = await info(first!.article_id);
    expect(detail).toMatchObject({ ...first, read_num: first!.read_num + 1 });
    expect(detail.article_content).toContain("<p>");
    expect((await info(String(first!.article_id))).read_num).toBe(first!.read_num + 2);
  });

  it("counts concurrent reads without losing any", async () => {
    const [target] = (await page({ page: 2, page_size: 1 })).list;
    await Promise.all(Array.from({ length: 20 }, () => info(target!.article_id)));
    const row = await t.app.deps.db.selectFrom("article").select("read_num").where("article_id", "=", target!.article_id).executeTakeFirstOrThrow();
    expect(row.read_num).toBe(target!.read_num + 20);
  });

  it("links each article to its neighbours in list order within the category", async () => {
    const category = categories[1]!;
    const ids = (await page({ category_id: category.category_id, page_size: 100 })).list.map((item) => item.article_id);
    expect(ids.length).toBeGreaterThan(2);
    for (const [index, articleId] of ids.entries()) {
      const detail = await info(articleId);
      expect(detail.prev?.article_id ?? null).toBe(ids[index - 1] ?? null);
      expect(detail.next?.article_id ?? null).toBe(ids[index + 1] ?? null);
    }
  });

  it("sanitizes the content: no script, handler, frame or javascript: URL survives", async () => {
    const detail = await info(dirtyId);
    expect(detail.article_content).toBe(CLEAN);
    expect(detail).toMatchObject({ article_title: "带脚本的文章", category_name: categories[0]!.category_name });
  });

  it("answers -1 文章不存在 for a missing article", async () => {
    expect(await t.call("/api/article/info", { article_id: 987654 })).toMatchObject({ code: -1, message: "文章不存在", data: null });
  });

  it("refuses bad input with -10006 naming the field", async () => {
    const cases: Array<[string, object, string]> = [
      ["/api/article/info", {}, "article_id"],
      ["/api/article/info", { article_id: "abc" }, "article_id"],
      ["/api/article/info", { article_id: 0 }, "article_id"],
      ["/api/article/info", { article_id: -3 }, "article_id"],
      ["/api/article/info", { article_id: 1.5 }, "article_id"],
      ["/api/article/info", { id: 1 }, "article_id"],
      ["/api/article/page", { category_id: "x" }, "category_id"],
      ["/api/article/page", { category_id: 0 }, "category_id"],
      ["/api/article/page", { page: 0 }, "page"],
      ["/api/article/page", { page_size: 101 }, "page_size"],
      ["/api/article/page", { page_size: "many" }, "page_size"],
    ];
    for (const [path, body, field] of cases) {
      const response = await t.call(path, body);
      expect(response.code, `${path} ${JSON.stringify(body)}`).toBe(-10006);
      expect(response.message).toContain(field);
    }
  });
});
