import type { CategoryInfo, CategoryNode } from "@shop/contract";

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

function findNode(nodes: CategoryNode[], categoryId: number, parent: CategoryNode | null = null): { node: CategoryNode; parent: CategoryNode | null } | null {
  for (const node of nodes) {
    if (node.category_id === categoryId) return { node, parent };
    const found = findNode(node.child_list, categoryId, node);
    if (found) return found;
  }
  return null;
}

/**
 * The categories offered as filters: the children of the current category, or its siblings when
 * it has none (a level-3 category), or the level-1 categories of the plain list.
 */
export function categoryChoices(tree: CategoryNode[], categoryId: number): CategoryNode[] {
  if (!categoryId) return tree;
  const found = findNode(tree, categoryId);
  if (!found) return [];
  if (found.node.child_list.length > 0) return found.node.child_list;
  return found.parent?.child_list ?? [];
}
