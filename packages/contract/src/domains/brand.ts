import { z } from "zod";
import { endpoint, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import type { CategorySummary } from "./goods.ts";

/** Brand wall (/goods/brand) and category children: catalog browsing beside the category tree. */

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
  /** Brands by sort then id; `brand_initial` filters by letter, `keyword` matches the name. */
  "/api/goodsbrand/page": endpoint<Page<BrandItem>>()(
    z.object({
      ...paging,
      brand_initial: brandInitial.optional(),
      keyword: text(50).optional(),
    }),
  ),
  /** The initials that have brands, A–Z then "#", with their brand counts (the A–Z bar). */
  "/api/goodsbrand/initials": endpoint<BrandInitialCount[]>()(z.object({})),
  /** Shown children of a category (pid 0: the level-1 categories), by sort then id. */
  "/api/goodscategory/lists": endpoint<CategorySummary[]>()(
    z.object({ pid: z.coerce.number().int().min(0).max(2_147_483_647).default(0) }),
  ),
};
