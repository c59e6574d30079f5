import type { AdminCategory, AdminCategoryNode } from "@shop/contract/domains/admin-catalog";
import { MAX_CATEGORY_LEVEL } from "@shop/contract/domains/admin-catalog";
import type { Db } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import type { CatalogChange } from "./catalog-change.ts";
import { countGoodsByCategory, goodsUnderCategories, relocateSubtree, type CategoryRow } from "./category-admin-tree.ts";

/**
 * Goods categories in the back office (/shopapi/goodscategory/*): three levels, each category
 * carrying its path (",1,5,23,"), full name ("手机数码/手机通讯/手机") and level, which the storefront
 * and goods' category_id_1..3 rely on — so a rename or a move rewrites them for the whole
 * sub-tree, in the caller's unit of work.
 */

export interface CategoryInput {
  category_name: string;
  short_name: string;
  pid: number;
  image: string;
  image_adv: string;
  link_url: string;
  keywords: string;
  description: string;
  is_show: number;
  sort: number;
}

const COLUMNS = [
  "category_id", "category_name", "short_name", "pid", "level", "category_id_path", "category_full_name", "image", "image_adv",
  "link_url", "keywords", "description", "is_show", "sort",
] as const;

/** Every category, shown or hidden, nested by pid; siblings by sort then id. */
export async function listAdminCategories(db: Db): Promise<AdminCategoryNode[]> {
  const rows = await db.selectFrom("goods_category").select(COLUMNS).orderBy("sort").orderBy("category_id").execute();
  const counts = await countGoodsByCategory(db);
  const nodes = new Map<number, AdminCategoryNode>(
    rows.map((row) => [row.category_id, { ...row, goods_count: counts.get(row.category_id) ?? 0, child_list: [] }]),
  );
  const roots: AdminCategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.pid === 0 ? undefined : nodes.get(node.pid);
    (parent ? parent.child_list : roots).push(node);
  }
  return roots;
}

async function findCategory(db: Db, categoryId: number): Promise<CategoryRow> {
  const row = await db.selectFrom("goods_category").select(COLUMNS).where("category_id", "=", categoryId).executeTakeFirst();
  return row ?? fail("商品分类不存在");
}

async function parentOf(db: Db, pid: number): Promise<CategoryRow | null> {
  if (pid === 0) return null;
  const parent = await db.selectFrom("goods_category").select(COLUMNS).where("category_id", "=", pid).executeTakeFirst();
  if (!parent) return fail("上级分类不存在");
  if (parent.level >= MAX_CATEGORY_LEVEL) return fail(`商品分类最多 ${MAX_CATEGORY_LEVEL} 级，不能放在三级分类下`);
  return parent;
}

/** Same-named siblings would be two menu entries a shopper cannot tell apart. */
async function refuseSiblingName(db: Db, pid: number, name: string, exceptId = 0): Promise<void> {
  const twin = await db
    .selectFrom("goods_category")
    .select("category_id")
    .where("pid", "=", pid)
    .where("category_name", "=", name)
    .where("category_id", "!=", exceptId)
    .executeTakeFirst();
  if (twin) fail(`同一上级下已有名为「${name}」的分类`);
}

const editableFields = (input: CategoryInput) => ({
  category_name: input.category_name,
  short_name: input.short_name,
  image: input.image,
  image_adv: input.image_adv,
  link_url: input.link_url,
  keywords: input.keywords,
  description: input.description,
  is_show: input.is_show,
  sort: input.sort,
});

export async function addCategory(tx: Db, input: CategoryInput): Promise<CatalogChange<{ category_id: number }>> {
  const parent = await parentOf(tx, input.pid);
  await refuseSiblingName(tx, input.pid, input.category_name);
  const { category_id } = await tx
    .insertInto("goods_category")
    .values({
      ...editableFields(input),
      pid: input.pid,
      level: parent ? parent.level + 1 : 1,
      category_id_path: "",
      category_full_name: parent ? `${parent.category_full_name}/${input.category_name}` : input.category_name,
      icon: "",
    })
    .returning("category_id")
    .executeTakeFirstOrThrow();
  await tx
    .updateTable("goods_category")
    .set({ category_id_path: `${parent ? parent.category_id_path : ","}${category_id},` })
    .where("category_id", "=", category_id)
    .execute();
  return { result: { category_id }, tags: [CacheTag.category] };
}

/**
 * Edits a category. A new name is written into the full names below it; a new parent moves it
 * with its sub-tree (never under itself, never deeper than three levels), and the goods filed
 * there follow. Goods whose search documents carry the old names are re-indexed.
 */
export async function editCategory(tx: Db, categoryId: number, input: CategoryInput): Promise<CatalogChange<{ category_id: number }>> {
  const category = await findCategory(tx, categoryId);
  await refuseSiblingName(tx, input.pid, input.category_name, categoryId);
  await tx.updateTable("goods_category").set(editableFields(input)).where("category_id", "=", categoryId).execute();
  const moved = input.pid !== category.pid;
  const renamed = input.category_name !== category.category_name || input.short_name !== category.short_name;
  if (!moved && !renamed) return { result: { category_id: categoryId }, tags: [CacheTag.category] };
  const parent = moved ? await parentOf(tx, input.pid) : undefined;
  const relocated = await relocateSubtree(tx, { ...category, category_name: input.category_name }, moved ? parent ?? null : undefined);
  return {
    result: { category_id: categoryId },
    // Goods lists filtered by these categories change when goods move between them.
    tags: [CacheTag.category, CacheTag.goodsList, ...relocated.goodsIds.map(CacheTag.goods)],
    reindex: relocated.goodsIds,
    detail: moved ? { from_pid: category.pid, to_pid: input.pid } : { from_name: category.category_name },
  };
}

/** Deletes a category without sub-categories and without goods (recycle bin included). */
export async function deleteCategory(tx: Db, categoryId: number): Promise<CatalogChange<{ category_id: number }>> {
  const category = await findCategory(tx, categoryId);
  const child = await tx.selectFrom("goods_category").select("category_id").where("pid", "=", categoryId).executeTakeFirst();
  if (child) fail(`分类「${category.category_name}」下还有子分类，请先删除或移走子分类`);
  const goods = await goodsUnderCategories(tx, [category], 1);
  if (goods.length > 0) fail(`分类「${category.category_name}」下还有商品（含回收站），请先把商品移到其他分类`);
  await tx.deleteFrom("goods_category").where("category_id", "=", categoryId).execute();
  // Coupons limited to this category would name a category that is gone.
  await tx.deleteFrom("coupon_type_scope").where("category_id", "=", categoryId).where("goods_id", "=", 0).execute();
  return { result: { category_id: categoryId }, tags: [CacheTag.category], detail: { category_name: category.category_name } };
}

/** New sort values (one drag among siblings). */
export async function sortCategories(tx: Db, sorts: ReadonlyArray<{ category_id: number; sort: number }>): Promise<CatalogChange<{ changed: number }>> {
  let changed = 0;
  for (const { category_id, sort } of sorts) {
    const result = await tx.updateTable("goods_category").set({ sort }).where("category_id", "=", category_id).executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  if (changed !== sorts.length) fail("商品分类不存在");
  return { result: { changed }, tags: [CacheTag.category] };
}

/** Shows or hides a category (a hidden one hides its sub-tree from the storefront's menus). */
export async function showCategory(tx: Db, categoryId: number, isShow: number): Promise<CatalogChange<{ category_id: number }>> {
  expectAffected(
    await tx.updateTable("goods_category").set({ is_show: isShow }).where("category_id", "=", categoryId).executeTakeFirst(),
    1,
    "商品分类不存在",
  );
  return { result: { category_id: categoryId }, tags: [CacheTag.category, CacheTag.goodsList] };
}

export type { AdminCategory };
