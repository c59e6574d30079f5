import type { CategoryInfo } from "@shop/contract";

export interface CategoryStep {
  category_id: number;
  category_name: string;
  level: number;
}

/** The category's ancestors and itself, from its id path ",1,12,123," and full name "a/b/c". */
export function categoryTrail(category: CategoryInfo): CategoryStep[] {
  const ids = category.category_id_path.split(",").filter(Boolean).map(Number);
  const names = category.category_full_name.split("/");
  if (ids.length !== names.length) return [{ category_id: category.category_id, category_name: category.category_name, level: category.level }];
  return ids.map((category_id, index) => ({ category_id, category_name: names[index]!, level: index + 1 }));
}
