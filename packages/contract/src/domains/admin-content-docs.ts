import { z } from "zod";
import { endpoint, id, noBody } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { flag, link, listQuery, optionalText, orderedIds, picture, requiredText, richText, sortNumber } from "./admin-content-fields.ts";

/**
 * Staff calls for the shop's documents: articles and their categories (Article, Articlecategory),
 * notices (Notice) and help with its classes (Help). Rich text is sanitised by the server before it
 * is stored (apps/server/src/core/sanitize.ts), so what the editor shows after a save is what guests get.
 */

/** A document row in a back-office list (no content). */
export interface StaffDocListItem {
  id: number;
  title: string;
  /** category (articles) or class (help); 0 for notices */
  group_id: number;
  group_name: string;
  sort: number;
  create_time: number;
  /** notices: pinned first */
  is_top: number;
  read_num: number;
}

/** A category of articles or a class of help. */
export interface StaffDocGroup {
  id: number;
  name: string;
  sort: number;
  /** documents in it (a group with documents cannot be deleted) */
  doc_count: number;
}

export interface StaffArticle {
  article_id: number;
  article_title: string;
  category_id: number;
  article_abstract: string;
  cover_img: string;
  article_content: string;
  sort: number;
  read_num: number;
  create_time: number;
}

export interface StaffNotice {
  id: number;
  title: string;
  content: string;
  is_top: number;
  sort: number;
  create_time: number;
}

export interface StaffHelp {
  id: number;
  class_id: number;
  title: string;
  content: string;
  link_address: string;
  sort: number;
  create_time: number;
}

export const articleFields = z.object({
  article_title: requiredText("文章标题", 100),
  category_id: id,
  article_abstract: optionalText("文章摘要", 300),
  cover_img: picture("封面图片"),
  article_content: richText("文章内容"),
  sort: sortNumber(),
});
export type ArticleInput = z.output<typeof articleFields>;

export const noticeFields = z.object({
  title: requiredText("公告标题", 100),
  content: richText("公告内容"),
  is_top: flag("是否置顶").default(0),
  sort: sortNumber(),
});
export type NoticeInput = z.output<typeof noticeFields>;

export const helpFields = z.object({
  title: requiredText("帮助标题", 100),
  class_id: id,
  content: richText("帮助内容").default(""),
  /** a link instead of content: the footer links there */
  link_address: link("链接地址"),
  sort: sortNumber(),
});
export type HelpInput = z.output<typeof helpFields>;

export const docGroupFields = (label: string) => z.object({ name: requiredText(label, 30), sort: sortNumber() });
export type DocGroupInput = z.output<ReturnType<typeof docGroupFields>>;

const modifySort = z.object({ id, sort: sortNumber() });
const byId = z.object({ id });

export const contentDocsEndpoints = {
  // ---- articles ----
  "/shopapi/article/lists": endpoint<Page<StaffDocListItem>>()(z.object({ ...listQuery, category_id: id.optional() })),
  "/shopapi/article/info": endpoint<StaffArticle>()(z.object({ article_id: id })),
  "/shopapi/article/add": endpoint<{ article_id: number }>()(articleFields),
  "/shopapi/article/edit": endpoint<{ article_id: number }>()(articleFields.extend({ article_id: id })),
  "/shopapi/article/delete": endpoint<null>()(z.object({ article_id: id })),
  "/shopapi/article/modifysort": endpoint<null>()(z.object({ article_id: id, sort: sortNumber() })),
  "/shopapi/articlecategory/lists": endpoint<StaffDocGroup[]>()(noBody),
  "/shopapi/articlecategory/add": endpoint<{ id: number }>()(docGroupFields("分类名称")),
  "/shopapi/articlecategory/edit": endpoint<{ id: number }>()(docGroupFields("分类名称").extend({ id })),
  "/shopapi/articlecategory/delete": endpoint<null>()(byId),
  "/shopapi/articlecategory/sort": endpoint<null>()(z.object({ ids: orderedIds })),

  // ---- notices ----
  "/shopapi/notice/lists": endpoint<Page<StaffDocListItem>>()(z.object(listQuery)),
  "/shopapi/notice/info": endpoint<StaffNotice>()(byId),
  "/shopapi/notice/add": endpoint<{ id: number }>()(noticeFields),
  "/shopapi/notice/edit": endpoint<{ id: number }>()(noticeFields.extend({ id })),
  "/shopapi/notice/delete": endpoint<null>()(byId),
  "/shopapi/notice/modifysort": endpoint<null>()(modifySort),

  // ---- help ----
  "/shopapi/help/helplist": endpoint<Page<StaffDocListItem>>()(z.object({ ...listQuery, class_id: id.optional() })),
  "/shopapi/help/info": endpoint<StaffHelp>()(byId),
  "/shopapi/help/addhelp": endpoint<{ id: number }>()(helpFields),
  "/shopapi/help/edithelp": endpoint<{ id: number }>()(helpFields.extend({ id })),
  "/shopapi/help/deletehelp": endpoint<null>()(byId),
  "/shopapi/help/modifysort": endpoint<null>()(modifySort),
  "/shopapi/help/classlist": endpoint<StaffDocGroup[]>()(noBody),
  "/shopapi/help/addclass": endpoint<{ id: number }>()(docGroupFields("分类名称")),
  "/shopapi/help/editclass": endpoint<{ id: number }>()(docGroupFields("分类名称").extend({ id })),
  "/shopapi/help/deleteclass": endpoint<null>()(byId),
  "/shopapi/help/classsort": endpoint<null>()(z.object({ ids: orderedIds })),
};
