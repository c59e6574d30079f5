import type { Api } from "../../core/api.ts";
import { getHelpArticle, listHelpClasses, pageHelpArticles } from "./help.ts";
import { getNotice, pageNotices } from "./notice.ts";
import { registerArticleRoutes } from "./article-routes.ts";

export function registerCmsRoutes(api: Api): void {
  const { db } = api.deps;
  api.public("/api/helpclass/lists", () => listHelpClasses(db));
  api.public("/api/help/info", ({ id }) => getHelpArticle(db, id));
  api.public("/api/help/page", ({ class_id, ...paging }) => pageHelpArticles(db, class_id, paging));
  api.public("/api/notice/page", (paging) => pageNotices(db, paging));
  api.public("/api/notice/info", ({ id }) => getNotice(db, id));
  registerArticleRoutes(api);
}
