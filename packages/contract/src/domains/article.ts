import { z } from "zod";
import { endpoint, noBody, id, paging } from "../endpoint.ts";
import type { Page } from "../codes.ts";

export interface ArticleCategory {
  category_id: number;
  category_name: string;
  /** how many articles the category holds */
  article_count: number;
}

/** An article in a list: everything but the content. */
export interface ArticleListItem {
  article_id: number;
  article_title: string;
  article_abstract: string;
  cover_img: string;
  category_id: number;
  /** "" when the category was deleted */
  category_name: string;
  read_num: number;
  create_time: number;
}

/** The article before or after one, in list order within its category. */
export interface ArticleNeighbour {
  article_id: number;
  article_title: string;
}

export interface ArticleDetail extends ArticleListItem {
  /** sanitized HTML */
  article_content: string;
  sort: number;
  /** the previous article of the category in list order; null at the start */
  prev: ArticleNeighbour | null;
  /** the next article of the category in list order; null at the end */
  next: ArticleNeighbour | null;
}

export const articleEndpoints = {
  /** Articles by sort, newest first, of one category when category_id is given (no content). */
  "/api/article/page": endpoint<Page<ArticleListItem>>()(z.object({ category_id: id.optional(), ...paging })),
  /** Every article category by sort, with its article count. */
  "/api/article/category": endpoint<ArticleCategory[]>()(noBody),
  /** One article with sanitized content; counts a read. Missing id → -1 文章不存在. */
  "/api/article/info": endpoint<ArticleDetail>()(z.object({ article_id: id })),
};
