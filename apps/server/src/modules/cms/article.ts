import { sql, type Kysely } from "kysely";
import type { ArticleCategory, ArticleDetail, ArticleListItem, ArticleNeighbour, Page } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { fail } from "../../core/errors.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { sanitizeRichText } from "../../core/sanitize.ts";

/** List fields: never the content, which can be large. */
const LIST_COLUMNS = [
  "article.article_id", "article.article_title", "article.article_abstract", "article.cover_img",
  "article.category_id", "article_category.category_name", "article.read_num", "article.create_time",
] as const;

/** Articles with their category name, in list order: by sort, newest first, then id (total). */
const articles = (db: Kysely<DB>) =>
  db
    .selectFrom("article")
    .leftJoin("article_category", "article_category.category_id", "article.category_id")
    .select(LIST_COLUMNS)
    .orderBy("article.sort")
    .orderBy("article.create_time", "desc")
    .orderBy("article.article_id", "desc");

type ListRow = Omit<ArticleListItem, "category_name"> & { category_name: string | null };

const toListItem = (row: ListRow): ArticleListItem => ({ ...row, category_name: row.category_name ?? "" });

export async function pageArticles(db: Kysely<DB>, categoryId: number | undefined, paging: PageRequest): Promise<Page<ArticleListItem>> {
  const query = categoryId === undefined ? articles(db) : articles(db).where("article.category_id", "=", categoryId);
  return mapPage(await paginate(db, query, paging), toListItem);
}

/** Every category by sort with its article count (a correlated count: no GROUP BY over the join). */
export async function listArticleCategories(db: Kysely<DB>): Promise<ArticleCategory[]> {
  const rows = await db
    .selectFrom("article_category as c")
    .select((eb) => [
      "c.category_id",
      "c.category_name",
      eb.selectFrom("article").select(eb.fn.countAll().as("n")).whereRef("article.category_id", "=", "c.category_id").as("article_count"),
    ])
    .orderBy("c.sort")
    .orderBy("c.category_id")
    .execute();
  return rows.map((row) => ({ ...row, article_count: Number(row.article_count ?? 0) }));
}

interface Position {
  article_id: number;
  category_id: number;
  sort: number;
  create_time: number;
}

/**
 * The article just before or after `at` in list order within its category: a keyset query on
 * (sort asc, create_time desc, article_id desc), so it needs no offset and no full scan of ids.
 */
async function neighbour(db: Kysely<DB>, at: Position, direction: "prev" | "next"): Promise<ArticleNeighbour | null> {
  const after = direction === "next";
  const row = await db
    .selectFrom("article")
    .select(["article_id", "article_title"])
    .where("category_id", "=", at.category_id)
    .where((eb) =>
      eb.or([
        eb("sort", after ? ">" : "<", at.sort),
        eb.and([eb("sort", "=", at.sort), eb("create_time", after ? "<" : ">", at.create_time)]),
        eb.and([eb("sort", "=", at.sort), eb("create_time", "=", at.create_time), eb("article_id", after ? "<" : ">", at.article_id)]),
      ]),
    )
    .orderBy("sort", after ? "asc" : "desc")
    .orderBy("create_time", after ? "desc" : "asc")
    .orderBy("article_id", after ? "desc" : "asc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** One article with sanitized content. Counts the read first, atomically in SQL (no read-modify-write). */
export async function readArticle(db: Kysely<DB>, articleId: number): Promise<ArticleDetail> {
  const updated = await db
    .updateTable("article")
    .set({ read_num: sql<number>`read_num + 1` })
    .where("article_id", "=", articleId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return fail("文章不存在");
  const row = await articles(db)
    .select(["article.article_content", "article.sort"])
    .where("article.article_id", "=", articleId)
    .executeTakeFirst();
  if (!row) return fail("文章不存在"); // deleted between the two statements
  const { article_content, sort, ...listFields } = row;
  const [prev, next] = await Promise.all([
    neighbour(db, { ...listFields, sort }, "prev"),
    neighbour(db, { ...listFields, sort }, "next"),
  ]);
  return { ...toListItem(listFields), article_content: sanitizeRichText(article_content), sort, prev, next };
}
