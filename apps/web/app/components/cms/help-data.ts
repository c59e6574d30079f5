import type { ApiClient, HelpArticle, HelpClass, HelpLink, Page } from "@shop/contract";
import { CMS_PAGE_SIZE, notFound, orNotFound } from "./cms-loader.ts";

export const HELP_HOME = "/cms/help/list";
export const helpListPath = (classId: number) => `/cms/help/list?id=${classId}`;
export const helpDetailPath = (id: number) => `/cms/help/detail?id=${id}`;
/** An article with a link of its own opens that link (as in the footer), else its page. */
export const helpArticleTarget = (article: HelpLink) => article.link_address || helpDetailPath(article.id);

/** A help article in a list: no content, which the list does not show. */
export type HelpRow = Pick<HelpArticle, "id" | "title" | "link_address" | "create_time">;

export interface HelpListData {
  classes: HelpClass[];
  /** null: no class asked for, the list holds every help article */
  helpClass: HelpClass | null;
  articles: Page<HelpRow>;
  page: number;
}

export interface HelpDetailData {
  classes: HelpClass[];
  article: HelpArticle;
}

/** /cms/help/list?id= and /cms/help/listother-{id}: an unknown class is a missing page. */
export async function loadHelpList(api: ApiClient, classId: number | null, page: number): Promise<HelpListData> {
  const [classes, articles] = await Promise.all([
    api.call("/api/helpclass/lists"),
    api.call("/api/help/page", { class_id: classId ?? undefined, page, page_size: CMS_PAGE_SIZE }),
  ]);
  const helpClass = classId === null ? null : (classes.find((item) => item.class_id === classId) ?? notFound());
  const rows = articles.list.map(({ id, title, link_address, create_time }) => ({ id, title, link_address, create_time }));
  return { classes, helpClass, articles: { ...articles, list: rows }, page };
}

/** /cms/help/detail?id= and /cms/help-{id}. */
export async function loadHelpDetail(api: ApiClient, id: number): Promise<HelpDetailData> {
  const [classes, article] = await Promise.all([api.call("/api/helpclass/lists"), orNotFound(api.call("/api/help/info", { id }))]);
  return { classes, article };
}
