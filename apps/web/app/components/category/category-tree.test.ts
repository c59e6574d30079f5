import { describe, expect, it } from "vitest";
import type { CategoryNode } from "@shop/contract";
import { browseTree, categoryTiles } from "./category-tree.ts";

const node = (category_id: number, level: number, child_list: CategoryNode[] = []): CategoryNode => ({
  category_id, category_name: `分类${category_id}`, short_name: `短${category_id}`, pid: 0, level,
  image: `/c/${category_id}.png`, image_adv: `/c/adv-${category_id}.jpg`, link_url: "", icon: "", child_list,
});

describe("browseTree", () => {
  it("keeps the three levels with only the fields the page renders", () => {
    const tree = browseTree([node(1, 1, [node(13, 2, [node(61, 3)])])]);
    expect(tree).toEqual([
      {
        category_id: 1, category_name: "分类1", level: 1, short_name: "短1", image: "/c/1.png", image_adv: "/c/adv-1.jpg",
        child_list: [{ category_id: 13, category_name: "分类13", level: 2, child_list: [{ category_id: 61, category_name: "分类61", level: 3 }] }],
      },
    ]);
  });
});

describe("categoryTiles", () => {
  it("keeps the level-1 categories with only the fields of a tile, none of their children", () => {
    expect(categoryTiles([node(1, 1, [node(13, 2, [node(61, 3)])]), node(2, 1)])).toEqual([
      { category_id: 1, category_name: "分类1", short_name: "短1", image: "/c/1.png" },
      { category_id: 2, category_name: "分类2", short_name: "短2", image: "/c/2.png" },
    ]);
  });
});
