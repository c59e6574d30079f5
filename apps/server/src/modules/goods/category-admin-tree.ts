import { MAX_CATEGORY_LEVEL } from "@shop/contract/domains/admin-catalog";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";

/** A category row as the back office reads it. */
export interface CategoryRow {
  category_id: number;
  category_name: string;
  short_name: string;
  pid: number;
  level: number;
  category_id_path: string;
  category_full_name: string;
}

const LEVEL_COLUMNS = ["category_id_1", "category_id_2", "category_id_3"] as const;

/** Goods (recycle bin included) per category, counting each goods under every category of its path. */
export async function countGoodsByCategory(db: Db): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const column of LEVEL_COLUMNS) {
    const rows = await db
      .selectFrom("goods")
      .select((eb) => [eb.ref(column).as("category_id"), eb.fn.countAll<number>().as("n")])
      .where(column, ">", 0)
      .groupBy(column)
      .execute();
    for (const row of rows) counts.set(Number(row.category_id), (counts.get(Number(row.category_id)) ?? 0) + Number(row.n));
  }
  return counts;
}

/** Ids of goods filed under any of these categories (at their own level), at most `limit` when given. */
export async function goodsUnderCategories(db: Db, categories: ReadonlyArray<Pick<CategoryRow, "category_id" | "level">>, limit?: number): Promise<number[]> {
  const byLevel = LEVEL_COLUMNS.map((_, index) => categories.filter((category) => category.level === index + 1).map((category) => category.category_id));
  if (categories.length === 0) return [];
  let query = db
    .selectFrom("goods")
    .select("goods_id")
    .where((eb) => eb.or(LEVEL_COLUMNS.flatMap((column, index) => (byLevel[index]!.length > 0 ? [eb(column, "in", byLevel[index]!)] : []))))
    .orderBy("goods_id");
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map((row) => row.goods_id);
}

const idsOf = (path: string) => path.split(",").filter(Boolean).map(Number);

/**
 * Rewrites a category's sub-tree after a rename (`newParent` undefined) or a move under
 * `newParent` (null: to level 1): each category's path, level and full name, and the goods filed
 * there (category_id path and category_id_1..3). Answers the goods under the sub-tree, whose
 * search documents carry the category names.
 */
export async function relocateSubtree(tx: Db, category: CategoryRow, newParent: CategoryRow | null | undefined): Promise<{ goodsIds: number[] }> {
  const subtree = await tx
    .selectFrom("goods_category")
    .select(["category_id", "category_name", "pid", "level", "category_id_path"])
    .where("category_id_path", "like", `%,${category.category_id},%`)
    .execute();
  const moving = newParent !== undefined;
  const oldPrefix = category.category_id_path.slice(0, category.category_id_path.length - `${category.category_id},`.length);
  const newPrefix = moving ? (newParent ? newParent.category_id_path : ",") : oldPrefix;
  if (moving && newParent && newParent.category_id_path.includes(`,${category.category_id},`)) fail("不能把分类移到它自己或它的子分类下");
  const depth = Math.max(...subtree.map((row) => row.level)) - category.level;
  const newLevel = (moving ? (newParent?.level ?? 0) : category.level - 1) + 1;
  if (newLevel + depth > MAX_CATEGORY_LEVEL) fail(`移动后将超过 ${MAX_CATEGORY_LEVEL} 级分类，请选择更高一级的上级分类`);

  const names = new Map(subtree.map((row) => [row.category_id, row.category_id === category.category_id ? category.category_name : row.category_name]));
  const ancestorIds = idsOf(newPrefix);
  if (ancestorIds.length > 0) {
    const ancestors = await tx.selectFrom("goods_category").select(["category_id", "category_name"]).where("category_id", "in", ancestorIds).execute();
    for (const row of ancestors) names.set(row.category_id, row.category_name);
  }
  const goodsIds = await goodsUnderCategories(tx, subtree);
  for (const row of subtree) {
    const path = newPrefix + row.category_id_path.slice(oldPrefix.length);
    const pathIds = idsOf(path);
    await tx
      .updateTable("goods_category")
      .set({
        category_id_path: path,
        level: pathIds.length,
        category_full_name: pathIds.map((id) => names.get(id) ?? "").join("/"),
        pid: row.category_id === category.category_id && moving ? (newParent?.category_id ?? 0) : row.pid,
      })
      .where("category_id", "=", row.category_id)
      .execute();
    if (moving) await refileGoods(tx, row, path);
  }
  return { goodsIds };
}

/** Goods filed directly in `category` (its deepest level) take its new path. */
async function refileGoods(tx: Db, category: { category_id: number; level: number }, newPath: string): Promise<void> {
  const [id1 = 0, id2 = 0, id3 = 0] = idsOf(newPath);
  const own = LEVEL_COLUMNS[category.level - 1]!;
  const deeper = LEVEL_COLUMNS[category.level];
  let query = tx
    .updateTable("goods")
    .set({ category_id: newPath, category_id_1: id1, category_id_2: id2, category_id_3: id3 })
    .where(own, "=", category.category_id);
  if (deeper) query = query.where(deeper, "=", 0);
  await query.execute();
}
