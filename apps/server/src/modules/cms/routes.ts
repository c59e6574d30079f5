import type { Api } from "../../core/api.ts";
import { getHelpArticle, listHelpClasses, pageHelpArticles } from "./help.ts";
import { getNotice, pageNotices } from "./notice.ts";
import { registerArticleRoutes } from "./article-routes.ts";

export function registerCmsRoutes(api: Api): void {
  const { db } = api.deps;
  api.post("/api/helpclass/lists", () => listHelpClasses(db));
  api.post("/api/help/info", ({ id }) => getHelpArticle(db, id));
  api.post("/api/help/page", ({ class_id, ...paging }) => pageHelpArticles(db, class_id, paging));
  api.post("/api/notice/page", (paging) => pageNotices(db, paging));
  api.post("/api/notice/info", ({ id }) => getNotice(db, id));
  registerArticleRoutes(api);
}
