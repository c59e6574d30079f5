import { describe, expect, it } from "vitest";
import type { ArticleCategory, ArticleListItem, HelpClass, NoticeItem, Page } from "@shop/contract";
import { useReferenceShop } from "./fixtures.ts";

/** Help, notices and articles as a reference client reads them (docs/api.md "Help & notices", "Articles"). */
describe("conformance: help, notices, articles", () => {
  const shop = useReferenceShop();

  it("/api/helpclass/lists, /api/help/page and /api/help/info answer the footer's and the help pages' fields", async () => {
    const classes = await shop.client.reads<HelpClass[]>("/api/helpclass/lists");
    const helpClass = classes.find((item) => item.child_list.length > 0)!;
    const helpPage = await shop.client.reads<Page<{ id: number }>>("/api/help/page", { class_id: helpClass.class_id, page: 1, page_size: 10 });
    expect(helpPage.list.length).toBeGreaterThan(0);
    await shop.client.reads("/api/help/info", { id: helpPage.list[0]!.id });
  });

  it("/api/help/info refuses a missing article with a message a client shows", async () => {
    expect((await shop.client.refused("/api/help/info", { id: 999_999 }, -1)).message).toBe("帮助不存在");
  });

  it("/api/notice/page and /api/notice/info answer the notice list and detail", async () => {
    const notices = await shop.client.reads<Page<NoticeItem>>("/api/notice/page", { page: 1, page_size: 10 });
    await shop.client.reads("/api/notice/info", { id: notices.list[0]!.id });
  });

  it("/api/article/category, /api/article/page and /api/article/info answer the article pages", async () => {
    const categories = await shop.client.reads<ArticleCategory[]>("/api/article/category");
    const articles = await shop.client.reads<Page<ArticleListItem>>("/api/article/page", { category_id: categories[0]!.category_id, page: 1, page_size: 10 });
    await shop.client.reads("/api/article/info", { article_id: articles.list[0]!.article_id });
  });

  it("page_size 0 (the reference's \"all\") answers a page rather than an error", async () => {
    const notices = await shop.client.reads<Page<NoticeItem>>("/api/notice/page", { page: 1, page_size: 0 });
    expect(notices.count).toBeGreaterThan(0);
  });
});
