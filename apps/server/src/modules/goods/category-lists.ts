import type { Kysely } from "kysely";
import type { CategorySummary } from "@shop/contract";
import type { Api } from "../../core/api.ts";
import type { DB } from "../../db/schema.ts";
import { findCategorySummaries } from "./category.ts";

/** A category is visible when it and all its ancestors are shown (as in the tree). */
async function isVisible(db: Kysely<DB>, categoryId: number): Promise<boolean> {
  const row = await db.selectFrom("goods_category").select("category_id_path").where("category_id", "=", categoryId).executeTakeFirst();
  if (!row) return false;
  const path = row.category_id_path.split(",").filter(Boolean).map(Number);
  const hidden = await db
    .selectFrom("goods_category")
    .select("category_id")
    .where("category_id", "in", path.length ? path : [categoryId])
    .where("is_show", "!=", 1)
    .executeTakeFirst();
  return !hidden;
}

/** Shown children of `pid` by sort then id; [] when the parent is missing or hidden. */
export async function listChildCategories(db: Kysely<DB>, pid: number): Promise<CategorySummary[]> {
  if (pid !== 0 && !(await isVisible(db, pid))) return [];
  const children = await db
    .selectFrom("goods_category")
    .select("category_id")
    .where("pid", "=", pid)
    .where("is_show", "=", 1)
    .orderBy("sort")
    .orderBy("category_id")
    .execute();
  const summaries = await findCategorySummaries(db, children.map((child) => child.category_id));
  return children.flatMap((child) => summaries.get(child.category_id) ?? []);
}

export function registerCategoryListRoutes(api: Api): void {
  api.public("/api/goodscategory/lists", ({ pid }) => listChildCategories(api.deps.db, pid));
}
