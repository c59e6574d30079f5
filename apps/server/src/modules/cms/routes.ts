import type { Api } from "../../core/api.ts";
import { getHelpArticle, listHelpClasses, pageHelpArticles } from "./help.ts";
import { getNotice, pageNotices } from "./notice.ts";
import { registerArticleRoutes } from "./article-routes.ts";
import { cachedCall } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";

/** Help, notices and articles: public reads are cached under the cms tag. */
export function registerCmsRoutes(api: Api): void {
  const { deps } = api;
  const { db } = deps;
  const cms = [CacheTag.cms];
  api.public("/api/helpclass/lists", () => cachedCall(deps, "help-classes", null, cms, () => listHelpClasses(db)));
  api.public("/api/help/info", ({ id }) => cachedCall(deps, "help", id, cms, () => getHelpArticle(db, id)));
  api.public("/api/help/page", ({ class_id, ...paging }) => cachedCall(deps, "help-page", [class_id, paging], cms, () => pageHelpArticles(db, class_id, paging)));
  api.public("/api/notice/page", (paging) => cachedCall(deps, "notice-page", paging, cms, () => pageNotices(db, paging)));
  api.public("/api/notice/info", ({ id }) => cachedCall(deps, "notice", id, cms, () => getNotice(db, id)));
  registerArticleRoutes(api);
}
