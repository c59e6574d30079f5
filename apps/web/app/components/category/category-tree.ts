import type { CategoryNode } from "@shop/contract";

/** A category link of the tree page: its name and where it leads (the goods list of id and level). */
export interface CategoryLinkData {
  category_id: number;
  category_name: string;
  level: number;
}

/** A level-2 category with its level-3 links. */
export interface CategoryGroup extends CategoryLinkData {
  child_list: CategoryLinkData[];
}

/** A level-1 category as the tree page shows it: tile, heading, advertising picture and groups. */
export interface CategoryBranch extends CategoryLinkData {
  short_name: string;
  image: string;
  image_adv: string;
  child_list: CategoryGroup[];
}

const linkOf = ({ category_id, category_name, level }: CategoryNode): CategoryLinkData => ({ category_id, category_name, level });

/**
 * The three-level tree cut to what the page renders, so the hydration payload does not carry every
 * node's unused fields (a few hundred nodes: most of the page's data).
 */
export function browseTree(tree: CategoryNode[]): CategoryBranch[] {
  return tree.map((top) => ({
    ...linkOf(top),
    short_name: top.short_name,
    image: top.image,
    image_adv: top.image_adv,
    child_list: top.child_list.map((group) => ({ ...linkOf(group), child_list: group.child_list.map(linkOf) })),
  }));
}
