import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HelpArticle, HelpClass, NoticeItem, Page } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";

const DIRTY = '<p onclick="steal()">运费说明<script>alert(1)</script><a href="javascript:alert(2)">详情</a></p>';
const CLEAN = "<p>运费说明<a>详情</a></p>";

describe("help centre", () => {
  let t: TestApp;
  const classIds: Record<string, number> = {};
  const helpIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    for (const [key, class_name, sort] of [["delivery", "配送方式", 2], ["shopping", "购物指南", 1], ["empty", "售后服务", 3]] as const) {
      classIds[key] = (await db.insertInto("help_class").values({ class_name, sort }).returning("class_id").executeTakeFirstOrThrow()).class_id;
    }
    const article = { content: "<p>内容</p>", link_address: "", create_time: 1_700_000_000 };
    const rows = [
      ["freight", classIds.delivery!, "运费说明", 2, DIRTY],
      ["express", classIds.delivery!, "快递时效", 1, "<p>内容</p>"],
      ["register", classIds.shopping!, "注册新用户", 1, "<p>内容</p>"],
      ["orphan", 9999, "无分类", 1, "<p>内容</p>"],
    ] as const;
    for (const [key, class_id, title, sort, content] of rows) {
      const values = { ...article, class_id, title, sort, content, link_address: key === "express" ? "https://kd.example" : "" };
      helpIds[key] = (await db.insertInto("help").values(values).returning("id").executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(() => t.close());

  it("lists every class by sort with its articles by sort", async () => {
    const response = await t.call<HelpClass[]>("/api/helpclass/lists");
    expect(response.code).toBe(0);
    expect(response.data).toEqual([
      { class_id: classIds.shopping, class_name: "购物指南", child_list: [{ id: helpIds.register, title: "注册新用户", link_address: "" }] },
      {
        class_id: classIds.delivery,
        class_name: "配送方式",
        child_list: [
          { id: helpIds.express, title: "快递时效", link_address: "https://kd.example" },
          { id: helpIds.freight, title: "运费说明", link_address: "" },
        ],
      },
      { class_id: classIds.empty, class_name: "售后服务", child_list: [] },
    ]);
  });

  it("answers an article with its class name and sanitized content", async () => {
    const response = await t.call<HelpArticle>("/api/help/info", { id: String(helpIds.freight) });
    expect(response.code).toBe(0);
    expect(response.data).toEqual({
      id: helpIds.freight, class_id: classIds.delivery, class_name: "配送方式", title: "运费说明", content: CLEAN,
      link_address: "", sort: 2, create_time: 1_700_000_000,
    });
  });

  it("answers an article of a deleted class with an empty class name", async () => {
    const response = await t.call<HelpArticle>("/api/help/info", { id: helpIds.orphan });
    expect(response.data).toMatchObject({ title: "无分类", class_name: "" });
  });

  it("answers -1 帮助不存在 for a missing article", async () => {
    expect(await t.call("/api/help/info", { id: 123456 })).toMatchObject({ code: -1, message: "帮助不存在" });
  });

  it("refuses a bad id naming the field", async () => {
    for (const body of [{}, { id: "abc" }, { id: -1 }, { id: 0 }, { id: 1.5 }]) {
      const response = await t.call("/api/help/info", body);
      expect(response.code, JSON.stringify(body)).toBe(-10006);
      expect(response.message).toContain("id");
    }
  });

  it("pages the articles of a class", async () => {
    const response = await t.call<Page<HelpArticle>>("/api/help/page", { class_id: classIds.delivery, page: 1, page_size: 1 });
    expect(response.code).toBe(0);
    expect(response.data.count).toBe(2);
    expect(response.data.page_count).toBe(2);
    expect(response.data.list.map((item) => item.title)).toEqual(["快递时效"]);
    const second = await t.call<Page<HelpArticle>>("/api/help/page", { class_id: classIds.delivery, page: 2, page_size: 1 });
    expect(second.data.list).toEqual([expect.objectContaining({ title: "运费说明", class_name: "配送方式", content: CLEAN })]);
  });

  it("pages all articles without a class, and answers an empty class with page_count 0", async () => {
    const all = await t.call<Page<HelpArticle>>("/api/help/page", {});
    expect(all.data).toMatchObject({ count: 4, page_count: 1 });
    const empty = await t.call<Page<HelpArticle>>("/api/help/page", { class_id: classIds.empty });
    expect(empty.data).toEqual({ page_count: 0, count: 0, list: [] });
  });

  it("refuses bad paging parameters", async () => {
    for (const body of [{ page: 0 }, { page_size: 101 }, { page: "x" }, { class_id: "abc" }]) {
      expect((await t.call("/api/help/page", body)).code, JSON.stringify(body)).toBe(-10006);
    }
  });
});

describe("notices and paging", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    const rows = Array.from({ length: 105 }, (_, index) => ({
      title: `公告 ${index + 1}`, content: "<p>正文</p>", is_top: 0, sort: 0, create_time: 1_700_000_000 + index,
    }));
    rows.push({ title: "置顶公告", content: DIRTY, is_top: 1, sort: 0, create_time: 1_600_000_000 });
    await t.app.deps.db.insertInto("notice").values(rows).execute();
  });
  afterAll(() => t.close());

  const page = async (body: object) => {
    const response = await t.call<Page<NoticeItem>>("/api/notice/page", body);
    expect(response.code).toBe(0);
    return response.data;
  };

  it("puts pinned notices first, then the newest, with sanitized content", async () => {
    const first = await page({ page: 1, page_size: 3 });
    expect(first.count).toBe(106);
    expect(first.page_count).toBe(36);
    expect(first.list.map((item) => item.title)).toEqual(["置顶公告", "公告 105", "公告 104"]);
    expect(first.list[0]).toEqual({
      id: expect.any(Number), title: "置顶公告", content: CLEAN, is_top: 1, sort: 0, create_time: 1_600_000_000,
    });
  });

  it("uses 10 per page by default", async () => {
    const defaults = await page({});
    expect(defaults.list).toHaveLength(10);
    expect(defaults.page_count).toBe(11);
  });

  it("answers page_size 0 as all, capped at 100", async () => {
    const all = await page({ page_size: 0 });
    expect(all.list).toHaveLength(100);
    expect(all).toMatchObject({ count: 106, page_count: 2 });
    expect((await page({ page_size: 0, page: 2 })).list).toHaveLength(6);
  });

  it("answers a page past the end with the counts and no rows", async () => {
    expect(await page({ page: 50, page_size: 10 })).toEqual({ page_count: 11, count: 106, list: [] });
  });

  it("does not repeat or skip notices across pages", async () => {
    const seen = new Set<number>();
    for (let number = 1; number <= 11; number += 1) {
      for (const item of (await page({ page: number, page_size: 10 })).list) seen.add(item.id);
    }
    expect(seen.size).toBe(106);
  });

  it("answers a notice by id, and -1 公告不存在 for a missing one", async () => {
    const [pinned] = (await page({ page_size: 1 })).list;
    const response = await t.call<NoticeItem>("/api/notice/info", { id: pinned!.id });
    expect(response.data).toEqual(pinned);
    expect(await t.call("/api/notice/info", { id: 99_999 })).toMatchObject({ code: -1, message: "公告不存在" });
    const bad = await t.call("/api/notice/info", { id: "abc" });
    expect(bad.code).toBe(-10006);
    expect(bad.message).toContain("id");
  });
});
