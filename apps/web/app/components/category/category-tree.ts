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

/** A level-1 category as the quick navigation shows it: a tile jumping to its section. */
export interface CategoryTile {
  category_id: number;
  category_name: string;
  short_name: string;
  image: string;
}

/** A level-1 category as the tree page shows it: tile, heading, advertising picture and groups. */
export interface CategoryBranch extends CategoryLinkData, CategoryTile {
  image_adv: string;
  child_list: CategoryGroup[];
}

const linkOf = ({ category_id, category_name, level }: CategoryNode): CategoryLinkData => ({ category_id, category_name, level });

/** The level-1 tiles: the little of the tree the browser keeps for hydration. */
export function categoryTiles(tree: CategoryNode[]): CategoryTile[] {
  return tree.map(({ category_id, category_name, short_name, image }) => ({ category_id, category_name, short_name, image }));
}

/** The three-level tree cut to the fields the page renders. */
export function browseTree(tree: CategoryNode[]): CategoryBranch[] {
  return tree.map((top) => ({
    ...linkOf(top),
    short_name: top.short_name,
    image: top.image,
    image_adv: top.image_adv,
    child_list: top.child_list.map((group) => ({ ...linkOf(group), child_list: group.child_list.map(linkOf) })),
  }));
}
