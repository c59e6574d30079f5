import type { Page } from "@shop/contract/codes";
import type {
  ArticleInput, HelpInput, NoticeInput, StaffArticle, StaffDocListItem, StaffHelp, StaffNotice,
} from "@shop/contract/domains/admin-content-docs";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { mapPage, paginate } from "../../core/paging.ts";
import { sanitizeRichText } from "../../core/sanitize.ts";
import { purgeTags } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { requireGroup } from "./admin-groups.ts";

/**
 * Articles, notices and help in the back office. Rich text is sanitised before it is stored (and
 * again on output, as before): the editor reloads exactly what guests get. Every write is one unit
 * of work with its staff_log row, and purges the cms tag after the commit.
 */

interface ListQuery {
  page: number;
  page_size: number;
  search_text: string;
}

const like = (text: string) => `%${text}%`;

/** One write: the work, its staff_log line (`target` from the result) and the cms purge, in one unit. */
function write<T>(
  db: Db,
  by: StaffCaller,
  action: string,
  target: (result: T) => { type: string; id: number },
  detail: Record<string, unknown>,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  return unitOfWork(db, async (tx) => {
    const result = await work(tx);
    await logStaffAction(tx, by, action, target(result), withoutContent(detail));
    await purgeTags({ db: tx }, [CacheTag.cms]);
    return result;
  });
}

/** The log keeps what changed, not whole documents: content is logged by its length. */
function withoutContent(detail: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(detail)) {
    copy[key] = /content$/.test(key) && typeof value === "string" ? `(${value.length} 字符)` : value;
  }
  return copy;
}

// ---- articles ----

export async function listStaffArticles(db: Db, query: ListQuery & { category_id?: number | undefined }): Promise<Page<StaffDocListItem>> {
  let rows = db
    .selectFrom("article as a")
    .leftJoin("article_category as c", "c.category_id", "a.category_id")
    .select(["a.article_id", "a.article_title", "a.category_id", "c.category_name", "a.sort", "a.create_time", "a.read_num"])
    .orderBy("a.sort")
    .orderBy("a.create_time", "desc")
    .orderBy("a.article_id", "desc");
  if (query.category_id !== undefined) rows = rows.where("a.category_id", "=", query.category_id);
  if (query.search_text) rows = rows.where("a.article_title", "like", like(query.search_text));
  return mapPage(await paginate(db, rows, query), (row) => ({
    id: row.article_id, title: row.article_title, group_id: row.category_id, group_name: row.category_name ?? "",
    sort: row.sort, create_time: row.create_time, is_top: 0, read_num: row.read_num,
  }));
}

export async function getStaffArticle(db: Db, articleId: number): Promise<StaffArticle> {
  const row = await db
    .selectFrom("article")
    .select(["article_id", "article_title", "category_id", "article_abstract", "cover_img", "article_content", "sort", "read_num", "create_time"])
    .where("article_id", "=", articleId)
    .executeTakeFirst();
  return row ?? fail("文章不存在");
}

const articleColumns = (input: ArticleInput) => ({ ...input, article_content: sanitizeRichText(input.article_content) });

export function addArticle(db: Db, by: StaffCaller, input: ArticleInput): Promise<{ article_id: number }> {
  return write(db, by, "article.add", (result) => ({ type: "article", id: result.article_id }), input, async (tx) => {
    await requireGroup(tx, "article_category", input.category_id);
    return tx
      .insertInto("article")
      .values({ ...articleColumns(input), read_num: 0, create_time: now() })
      .returning("article_id")
      .executeTakeFirstOrThrow();
  });
}

export function editArticle(db: Db, by: StaffCaller, articleId: number, input: ArticleInput): Promise<{ article_id: number }> {
  return write(db, by, "article.edit", () => ({ type: "article", id: articleId }), input, async (tx) => {
    await getStaffArticle(tx, articleId);
    await requireGroup(tx, "article_category", input.category_id);
    await tx.updateTable("article").set(articleColumns(input)).where("article_id", "=", articleId).execute();
    return { article_id: articleId };
  });
}

export function deleteArticle(db: Db, by: StaffCaller, articleId: number): Promise<null> {
  return write(db, by, "article.delete", () => ({ type: "article", id: articleId }), {}, async (tx) => {
    await getStaffArticle(tx, articleId);
    await tx.deleteFrom("article").where("article_id", "=", articleId).execute();
    return null;
  });
}

export function modifyArticleSort(db: Db, by: StaffCaller, articleId: number, sort: number): Promise<null> {
  return write(db, by, "article.modifysort", () => ({ type: "article", id: articleId }), { sort }, async (tx) => {
    await getStaffArticle(tx, articleId);
    await tx.updateTable("article").set({ sort }).where("article_id", "=", articleId).execute();
    return null;
  });
}

// ---- notices ----

export async function listStaffNotices(db: Db, query: ListQuery): Promise<Page<StaffDocListItem>> {
  let rows = db
    .selectFrom("notice")
    .select(["id", "title", "is_top", "sort", "create_time"])
    .orderBy("is_top", "desc")
    .orderBy("sort")
    .orderBy("create_time", "desc")
    .orderBy("id", "desc");
  if (query.search_text) rows = rows.where("title", "like", like(query.search_text));
  return mapPage(await paginate(db, rows, query), (row) => ({ ...row, group_id: 0, group_name: "", read_num: 0 }));
}

export async function getStaffNotice(db: Db, id: number): Promise<StaffNotice> {
  const row = await db.selectFrom("notice").select(["id", "title", "content", "is_top", "sort", "create_time"]).where("id", "=", id).executeTakeFirst();
  return row ?? fail("公告不存在");
}

const noticeColumns = (input: NoticeInput) => ({ ...input, content: sanitizeRichText(input.content) });

export function addNotice(db: Db, by: StaffCaller, input: NoticeInput): Promise<{ id: number }> {
  return write(db, by, "notice.add", (result) => ({ type: "notice", id: result.id }), input, (tx) =>
    tx.insertInto("notice").values({ ...noticeColumns(input), create_time: now() }).returning("id").executeTakeFirstOrThrow(),
  );
}

export function editNotice(db: Db, by: StaffCaller, id: number, input: NoticeInput): Promise<{ id: number }> {
  return write(db, by, "notice.edit", () => ({ type: "notice", id }), input, async (tx) => {
    await getStaffNotice(tx, id);
    await tx.updateTable("notice").set(noticeColumns(input)).where("id", "=", id).execute();
    return { id };
  });
}

export function deleteNotice(db: Db, by: StaffCaller, id: number): Promise<null> {
  return write(db, by, "notice.delete", () => ({ type: "notice", id }), {}, async (tx) => {
    await getStaffNotice(tx, id);
    await tx.deleteFrom("notice").where("id", "=", id).execute();
    return null;
  });
}

export function modifyNoticeSort(db: Db, by: StaffCaller, id: number, sort: number): Promise<null> {
  return write(db, by, "notice.modifysort", () => ({ type: "notice", id }), { sort }, async (tx) => {
    await getStaffNotice(tx, id);
    await tx.updateTable("notice").set({ sort }).where("id", "=", id).execute();
    return null;
  });
}

// ---- help ----

export async function listStaffHelp(db: Db, query: ListQuery & { class_id?: number | undefined }): Promise<Page<StaffDocListItem>> {
  let rows = db
    .selectFrom("help as h")
    .leftJoin("help_class as c", "c.class_id", "h.class_id")
    .select(["h.id", "h.title", "h.class_id", "c.class_name", "h.sort", "h.create_time"])
    .orderBy("h.sort")
    .orderBy("h.id");
  if (query.class_id !== undefined) rows = rows.where("h.class_id", "=", query.class_id);
  if (query.search_text) rows = rows.where("h.title", "like", like(query.search_text));
  return mapPage(await paginate(db, rows, query), (row) => ({
    id: row.id, title: row.title, group_id: row.class_id, group_name: row.class_name ?? "",
    sort: row.sort, create_time: row.create_time, is_top: 0, read_num: 0,
  }));
}

export async function getStaffHelp(db: Db, id: number): Promise<StaffHelp> {
  const row = await db
    .selectFrom("help")
    .select(["id", "class_id", "title", "content", "link_address", "sort", "create_time"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? fail("帮助不存在");
}

const helpColumns = (input: HelpInput) => ({ ...input, content: sanitizeRichText(input.content) });

export function addHelp(db: Db, by: StaffCaller, input: HelpInput): Promise<{ id: number }> {
  return write(db, by, "help.addhelp", (result) => ({ type: "help", id: result.id }), input, async (tx) => {
    await requireGroup(tx, "help_class", input.class_id);
    return tx.insertInto("help").values({ ...helpColumns(input), create_time: now() }).returning("id").executeTakeFirstOrThrow();
  });
}

export function editHelp(db: Db, by: StaffCaller, id: number, input: HelpInput): Promise<{ id: number }> {
  return write(db, by, "help.edithelp", () => ({ type: "help", id }), input, async (tx) => {
    await getStaffHelp(tx, id);
    await requireGroup(tx, "help_class", input.class_id);
    await tx.updateTable("help").set(helpColumns(input)).where("id", "=", id).execute();
    return { id };
  });
}

export function deleteHelp(db: Db, by: StaffCaller, id: number): Promise<null> {
  return write(db, by, "help.deletehelp", () => ({ type: "help", id }), {}, async (tx) => {
    await getStaffHelp(tx, id);
    await tx.deleteFrom("help").where("id", "=", id).execute();
    return null;
  });
}

export function modifyHelpSort(db: Db, by: StaffCaller, id: number, sort: number): Promise<null> {
  return write(db, by, "help.modifysort", () => ({ type: "help", id }), { sort }, async (tx) => {
    await getStaffHelp(tx, id);
    await tx.updateTable("help").set({ sort }).where("id", "=", id).execute();
    return null;
  });
}
