import { z } from "zod";
import { endpoint, id, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import type { CategorySummary } from "./goods.ts";

/**
 * Brand wall (/goods/brand) and category children: catalog browsing beside the category tree.
 * The wall and its A–Z counts show only brands with goods on sale, so no brand leads to an empty
 * list (and a brand whose goods all go off the shelf leaves the wall by itself).
 */

export interface BrandItem {
  brand_id: number;
  brand_name: string;
  /** "A"–"Z", "#" for names starting otherwise */
  brand_initial: string;
  image_url: string;
  banner: string;
  brand_desc: string;
  is_recommend: number;
}

export interface BrandInitialCount {
  brand_initial: string;
  count: number;
}

/** One letter A–Z (any case) or "#"; "" means every brand. */
export const brandInitial = z.string().trim().toUpperCase().regex(/^[A-Z#]?$/);

export const brandEndpoints = {
  /**
   * Brands with at least one goods on sale, by sort then id; `brand_initial` filters by letter,
   * `keyword` matches the name.
   */
  "/api/goodsbrand/page": endpoint<Page<BrandItem>>()(
    z.object({
      ...paging,
      brand_initial: brandInitial.optional(),
      keyword: text(50).optional(),
    }),
  ),
  /** The initials that have brands with goods on sale, A–Z then "#", with their brand counts (the A–Z bar). */
  "/api/goodsbrand/initials": endpoint<BrandInitialCount[]>()(z.object({})),
  /**
   * One brand, whether or not it has goods on sale (the goods list names its brand filter);
   * missing → -1 品牌不存在.
   */
  "/api/goodsbrand/info": endpoint<BrandItem>()(z.object({ brand_id: id })),
  /** Shown children of a category (pid 0: the level-1 categories), by sort then id. */
  "/api/goodscategory/lists": endpoint<CategorySummary[]>()(
    z.object({ pid: z.coerce.number().int().min(0).max(2_147_483_647).default(0) }),
  ),
};
