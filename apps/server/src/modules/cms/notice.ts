import type { Kysely } from "kysely";
import type { NoticeItem, Page } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { fail } from "../../core/errors.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { sanitizeRichText } from "../../core/sanitize.ts";

/** Pinned notices first, then by sort, newest first. */
const notices = (db: Kysely<DB>) =>
  db
    .selectFrom("notice")
    .select(["id", "title", "content", "is_top", "sort", "create_time"])
    .orderBy("is_top", "desc")
    .orderBy("sort")
    .orderBy("create_time", "desc")
    .orderBy("id", "desc");

const toNotice = (row: NoticeItem): NoticeItem => ({ ...row, content: sanitizeRichText(row.content) });

export async function getNotice(db: Kysely<DB>, id: number): Promise<NoticeItem> {
  const row = await notices(db).where("id", "=", id).executeTakeFirst();
  return row ? toNotice(row) : fail("公告不存在");
}

export async function pageNotices(db: Kysely<DB>, paging: PageRequest): Promise<Page<NoticeItem>> {
  return mapPage(await paginate(db, notices(db), paging), toNotice);
}
