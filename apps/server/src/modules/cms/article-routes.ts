import type { Api } from "../../core/api.ts";
import { listArticleCategories, pageArticles, readArticle } from "./article.ts";

/** Articles: /api/article/page, category, info. */
export function registerArticleRoutes(api: Api): void {
  const { db } = api.deps;
  api.public("/api/article/page", ({ category_id, ...paging }) => pageArticles(db, category_id, paging));
  api.public("/api/article/category", () => listArticleCategories(db));
  api.public("/api/article/info", ({ article_id }) => readArticle(db, article_id));
}
