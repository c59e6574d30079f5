import type { ApiClient, ArticleCategory, ArticleDetail, ArticleListItem, Page } from "@shop/contract";
import { CMS_PAGE_SIZE, notFound, orNotFound } from "./cms-loader.ts";

export const ARTICLE_HOME = "/cms/article/list";
export const articleListPath = (categoryId: number) => `/cms/article/list?category_id=${categoryId}`;
export const articleDetailPath = (id: number) => `/cms/article/detail?id=${id}`;

export interface ArticleListData {
  categories: ArticleCategory[];
  /** null: every category */
  category: ArticleCategory | null;
  articles: Page<ArticleListItem>;
  page: number;
}

export interface ArticleDetailData {
  categories: ArticleCategory[];
  article: ArticleDetail;
}

/** /cms/article/list[?category_id=]: an unknown category is a missing page. */
export async function loadArticleList(api: ApiClient, categoryId: number | null, page: number): Promise<ArticleListData> {
  const [categories, articles] = await Promise.all([
    api.call("/api/article/category"),
    api.call("/api/article/page", { category_id: categoryId ?? undefined, page, page_size: CMS_PAGE_SIZE }),
  ]);
  const category = categoryId === null ? null : (categories.find((item) => item.category_id === categoryId) ?? notFound());
  return { categories, category, articles, page };
}

/** /cms/article/detail?id= (the server counts the read). */
export async function loadArticleDetail(api: ApiClient, id: number): Promise<ArticleDetailData> {
  const [categories, article] = await Promise.all([
    api.call("/api/article/category"),
    orNotFound(api.call("/api/article/info", { article_id: id })),
  ]);
  return { categories, article };
}
