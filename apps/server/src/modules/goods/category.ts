import type { Kysely } from "kysely";
import type { CategoryInfo, CategoryNode, CategorySummary } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { fail } from "../../core/errors.ts";

/** The columns every category answer carries (the wire's CategorySummary). */
const SUMMARY_COLUMNS = [
  "category_id", "category_name", "short_name", "pid", "level", "image", "image_adv", "link_url", "icon",
] as const;

const shownCategories = (db: Kysely<DB>) =>
  db.selectFrom("goods_category").select(SUMMARY_COLUMNS).where("is_show", "=", 1);

/**
 * Shown categories down to `maxLevel`, nested by pid, siblings by sort then id. Built in memory
 * from one query; a category whose parent is hidden is left out with its subtree.
 */
export async function getCategoryTree(db: Kysely<DB>, maxLevel: number): Promise<CategoryNode[]> {
  const rows = await shownCategories(db).where("level", "<=", maxLevel).orderBy("sort").orderBy("category_id").execute();
  return nest(rows, 0);
}

/** Rows (in sibling order) nested under `rootId`; a row whose parent is not among them is left out. */
function nest(rows: CategorySummary[], rootId: number): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(rows.map((row) => [row.category_id, { ...row, child_list: [] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    if (node.pid === rootId) roots.push(node);
    else nodes.get(node.pid)?.child_list.push(node);
  }
  return roots;
}

/**
 * A shown category whose ancestors are all shown too (as in the tree); else -1 分类不存在. With the
 * reference's category_id_1..3 (its path by level) and child_list (its shown sub-tree, which the
 * reference's list page shows as the sub-category row).
 */
export async function getCategoryInfo(db: Kysely<DB>, categoryId: number): Promise<CategoryInfo> {
  const category = await shownCategories(db)
    .select(["category_full_name", "category_id_path", "keywords", "description"])
    .where("category_id", "=", categoryId)
    .executeTakeFirst();
  if (!category) return fail("分类不存在");
  const pathIds = category.category_id_path.split(",").map(Number).filter((id) => id > 0);
  const ancestorIds = pathIds.filter((id) => id !== category.category_id);
  if (ancestorIds.length > 0) {
    const shown = await shownCategories(db).where("category_id", "in", ancestorIds).execute();
    if (shown.length !== ancestorIds.length) return fail("分类不存在");
  }
  const descendants = await shownCategories(db)
    .where("category_id_path", "like", `%,${category.category_id},%`)
    .where("level", ">", category.level)
    .orderBy("sort")
    .orderBy("category_id")
    .execute();
  return {
    ...category,
    category_id_1: pathIds[0] ?? 0,
    category_id_2: pathIds[1] ?? 0,
    category_id_3: pathIds[2] ?? 0,
    child_list: nest(descendants, category.category_id),
  };
}

/** Shown categories by id (for floors' category blocks); missing or hidden ids are absent. */
export async function findCategorySummaries(db: Kysely<DB>, ids: number[]): Promise<Map<number, CategorySummary>> {
  if (ids.length === 0) return new Map();
  const rows = await shownCategories(db).where("category_id", "in", [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.category_id, row]));
}
