import type { Api } from "../../core/api.ts";
import { listArticleCategories, pageArticles, readArticle } from "./article.ts";
import { cachedCall } from "../../core/cache/public-cache.ts";
import { recordPageTags } from "../../core/cache/page-tags.ts";
import { CacheTag } from "../../core/cache/tags.ts";

/** Articles: /api/article/page, category, info. */
export function registerArticleRoutes(api: Api): void {
  const { deps } = api;
  const { db } = deps;
  const cms = [CacheTag.cms];
  api.public("/api/article/page", ({ category_id, ...paging }) => cachedCall(deps, "article-page", [category_id, paging], cms, () => pageArticles(db, category_id, paging)));
  api.public("/api/article/category", () => cachedCall(deps, "article-categories", null, cms, () => listArticleCategories(db)));
  // Not cached: reading counts a view. (A cached article page does not count its guests' views.)
  api.public("/api/article/info", ({ article_id }) => {
    recordPageTags(cms);
    return readArticle(db, article_id);
  });
}
