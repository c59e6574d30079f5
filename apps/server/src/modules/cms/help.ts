import type { Kysely } from "kysely";
import type { HelpArticle, HelpClass, Page } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { fail } from "../../core/errors.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { sanitizeRichText } from "../../core/sanitize.ts";

/** Help articles with their class name, by sort then id. */
const helpArticles = (db: Kysely<DB>) =>
  db
    .selectFrom("help")
    .leftJoin("help_class", "help_class.class_id", "help.class_id")
    .select([
      "help.id", "help.class_id", "help_class.class_name", "help.title", "help.content", "help.link_address",
      "help.sort", "help.create_time",
    ])
    .orderBy("help.sort")
    .orderBy("help.id");

type HelpArticleRow = Omit<HelpArticle, "class_name"> & { class_name: string | null };

const toHelpArticle = (row: HelpArticleRow): HelpArticle => ({
  ...row,
  class_name: row.class_name ?? "",
  content: sanitizeRichText(row.content),
});

/** Every help class by sort, each with all its articles by sort (the footer trims to 4 × 4). */
export async function listHelpClasses(db: Kysely<DB>): Promise<HelpClass[]> {
  const [classes, links] = await Promise.all([
    db.selectFrom("help_class").select(["class_id", "class_name"]).orderBy("sort").orderBy("class_id").execute(),
    db.selectFrom("help").select(["id", "class_id", "title", "link_address"]).orderBy("sort").orderBy("id").execute(),
  ]);
  const linksByClass = new Map<number, HelpClass["child_list"]>();
  for (const { class_id, id, title, link_address } of links) {
    const list = linksByClass.get(class_id) ?? [];
    list.push({ id, title, link_address });
    linksByClass.set(class_id, list);
  }
  return classes.map((helpClass) => ({ ...helpClass, child_list: linksByClass.get(helpClass.class_id) ?? [] }));
}

export async function getHelpArticle(db: Kysely<DB>, id: number): Promise<HelpArticle> {
  const row = await helpArticles(db).where("help.id", "=", id).executeTakeFirst();
  return row ? toHelpArticle(row) : fail("帮助不存在");
}

export async function pageHelpArticles(db: Kysely<DB>, classId: number | undefined, paging: PageRequest): Promise<Page<HelpArticle>> {
  const query = classId === undefined ? helpArticles(db) : helpArticles(db).where("help.class_id", "=", classId);
  return mapPage(await paginate(db, query, paging), toHelpArticle);
}
