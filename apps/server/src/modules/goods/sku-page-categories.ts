import { sql, type Kysely } from "kysely";
import type { CategoryFacet } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import type { DialectName } from "../../db/connect.ts";
import { CATEGORY_COLUMNS, filteredGoods, type ListFilters } from "./sku-page-query.ts";

type Level = 1 | 2 | 3;

/**
 * Which categories a list's category filter offers: the children of the filtered category, the
 * siblings of a level-3 one, the level-1 categories without a filter. `within` is the category the
 * offered ones must lie in (null: the whole shop). Null when the category filter cannot match.
 */
async function facetScope(
  db: Kysely<DB>,
  filters: Pick<ListFilters, "category_id" | "category_level">,
): Promise<{ level: Level; within: { level: Level; id: number } | null } | null> {
  if (!filters.category_id) return { level: 1, within: null };
  const category = await db
    .selectFrom("goods_category")
    .select(["category_id", "level", "pid"])
    .where("category_id", "=", filters.category_id)
    .executeTakeFirst();
  const level = Number(category?.level);
  // The list filters the column the caller names: a wrong level finds nothing there either.
  if (!category || (level !== 1 && level !== 2 && level !== 3) || (filters.category_level && filters.category_level !== level)) return null;
  if (level === 3) return category.pid > 0 ? { level: 3, within: { level: 2, id: category.pid } } : null;
  return { level: (level + 1) as Level, within: { level, id: category.category_id } };
}

/**
 * The categories of the goods matching the filters, for a search's category filter: only those
 * with goods in the result, each with its count. The brand filter is ignored (choosing a category
 * clears it, as the brand facets ignore it so the shopper can switch brands); the category filter
 * is widened to the scope above. Shown categories only, most goods first, then by sort and id.
 */
export async function listCategoryFacets(db: Kysely<DB>, dialect: DialectName, filters: ListFilters): Promise<CategoryFacet[]> {
  const scope = await facetScope(db, filters);
  if (!scope) return [];
  const filtered = await filteredGoods(db, dialect, {
    ...filters,
    brand_id: undefined,
    category_id: scope.within?.id,
    category_level: scope.within?.level,
  });
  if (!filtered) return [];
  const rows = await filtered.query
    .innerJoin("goods_category as category", "category.category_id", CATEGORY_COLUMNS[scope.level])
    .where("category.is_show", "=", 1)
    .where("category.level", "=", scope.level)
    .select([
      "category.category_id", "category.category_name", "category.short_name", "category.pid", "category.level",
      sql<number>`count(*)`.as("goods_count"),
    ])
    .groupBy(["category.category_id", "category.category_name", "category.short_name", "category.pid", "category.level", "category.sort"])
    .orderBy("goods_count", "desc")
    .orderBy("category.sort")
    .orderBy("category.category_id")
    .execute();
  // Fields named, not spread: see toListItem in sku-page-items.ts.
  return rows.map((row) => ({
    category_id: row.category_id,
    category_name: row.category_name,
    short_name: row.short_name,
    pid: Number(row.pid),
    level: Number(row.level),
    goods_count: Number(row.goods_count),
  }));
}
