import { z } from "zod";
import { endpoint, id } from "../endpoint.ts";

export interface CategoryNode {
  category_id: number;
  category_name: string;
  short_name: string;
  pid: number;
  level: number;
  image: string;
  image_adv: string;
  link_url: string;
  icon: string;
  child_list: CategoryNode[];
}

/** A category without its children (floors' category blocks, breadcrumbs). */
export type CategorySummary = Omit<CategoryNode, "child_list">;

export interface CategoryInfo extends CategorySummary {
  /** "家用电器/大家电/电视" */
  category_full_name: string;
  /** ",1,2,3," */
  category_id_path: string;
  keywords: string;
  description: string;
  /** the ids of its path by level (its own id at its level), 0 below it */
  category_id_1: number;
  category_id_2: number;
  category_id_3: number;
  /** its shown sub-categories, nested like the tree's (empty for a leaf) */
  child_list: CategoryNode[];
}

export const goodsEndpoints = {
  /** Shown categories down to `level`, nested in child_list, by sort then id. */
  "/api/goodscategory/tree": endpoint<CategoryNode[]>()(
    z.object({ level: z.coerce.number().int().min(1).max(3).default(3), template: z.coerce.number().int().optional() }),
  ),
  /** A shown category with its path ids and shown sub-tree; missing or hidden → -1 分类不存在. */
  "/api/goodscategory/info": endpoint<CategoryInfo>()(z.object({ category_id: id })),
};
