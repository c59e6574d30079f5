import type { ApiClient } from "@shop/contract";
import type { RenderOnly } from "../../lib/render-only.ts";
import { settleCall } from "../../lib/site-closed.ts";
import { browseTree, categoryTiles, type CategoryBranch, type CategoryTile } from "./category-tree.ts";

export interface CategoryPageData {
  /** the level-1 tiles; empty when the tree is empty or failed */
  tiles: CategoryTile[];
  /** the sections, for the server's render only: kept as server markup (CategorySections) */
  sections: RenderOnly<CategoryBranch[]>;
  /** the server's message when the tree failed to load */
  error: string;
}

/**
 * The tree page's data from `api`: the server's render (`renderOnly`: the sections' hundreds of
 * links are in the HTML once, not a second time in the hydration payload) or a client-side visit
 * (`rendered`: the browser renders them itself). A closed shop (-3) redirects to /close; another
 * failure leaves the page empty with the server's message.
 */
export async function loadCategoryPage(
  api: ApiClient,
  request: Request,
  keep: (sections: CategoryBranch[]) => RenderOnly<CategoryBranch[]>,
): Promise<CategoryPageData> {
  const { data, error } = await settleCall(api.call("/api/goodscategory/tree", { level: 3 }), request);
  const tree = data ?? [];
  return { tiles: categoryTiles(tree), sections: keep(browseTree(tree)), error };
}
