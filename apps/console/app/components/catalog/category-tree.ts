import type { AdminCategoryNode } from "@shop/contract/domains/admin-catalog";
import { MAX_CATEGORY_LEVEL } from "@shop/contract/domains/admin-catalog";

/** Tree arithmetic of the category page: where a drag may drop, and the parents a form may pick. */

/** Levels below a node (0 for a leaf). */
export function depthBelow(node: AdminCategoryNode): number {
  return node.child_list.length ? 1 + Math.max(...node.child_list.map(depthBelow)) : 0;
}

export function findNode(nodes: AdminCategoryNode[], id: number): AdminCategoryNode | undefined {
  for (const node of nodes) {
    if (node.category_id === id) return node;
    const found = findNode(node.child_list, id);
    if (found) return found;
  }
  return undefined;
}

/** Children of a parent (0: the level-1 categories). */
export function childrenOf(nodes: AdminCategoryNode[], pid: number): AdminCategoryNode[] {
  return pid === 0 ? nodes : (findNode(nodes, pid)?.child_list ?? []);
}

/** Why `node` cannot go under `parentId`, or null when it can (the server checks it again). */
export function moveRefusal(nodes: AdminCategoryNode[], node: AdminCategoryNode, parentId: number): string | null {
  if (parentId === 0) return 1 + depthBelow(node) > MAX_CATEGORY_LEVEL ? `商品分类最多 ${MAX_CATEGORY_LEVEL} 级` : null;
  const parent = findNode(nodes, parentId);
  if (!parent) return "上级分类不存在";
  if (parent.category_id_path.includes(`,${node.category_id},`)) return "不能把分类移到它自己或它的子分类下";
  if (parent.level + 1 + depthBelow(node) > MAX_CATEGORY_LEVEL) return `移动后将超过 ${MAX_CATEGORY_LEVEL} 级分类`;
  return null;
}

export interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}

/** The parents a category may take (TreeSelect data): level 1 and 2 categories, those it cannot go under disabled. */
export function parentOptions(nodes: AdminCategoryNode[], moving?: AdminCategoryNode): ParentOption[] {
  const build = (list: AdminCategoryNode[]): ParentOption[] =>
    list
      .filter((node) => node.level < MAX_CATEGORY_LEVEL)
      .map((node) => {
        const children = build(node.child_list);
        return {
          value: node.category_id,
          title: node.category_name,
          disabled: moving ? moveRefusal(nodes, moving, node.category_id) !== null : node.level >= MAX_CATEGORY_LEVEL,
          ...(children.length ? { children } : {}),
        };
      });
  return [{ value: 0, title: "（无，作为一级分类）", disabled: moving ? moveRefusal(nodes, moving, 0) !== null : false }, ...build(nodes)];
}
