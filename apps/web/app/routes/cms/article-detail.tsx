import { cmsStylesheets } from "../../components/cms/cms-styles.ts";
import { ArticleDetailView } from "../../components/cms/ArticleDetailView.tsx";
import { articleDetailPath, loadArticleDetail } from "../../components/cms/article-data.ts";
import { cmsMeta } from "../../components/cms/cms-meta.ts";
import { idOr404, parseId } from "../../components/cms/cms-loader.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/article-detail";

export const links: Route.LinksFunction = () => cmsStylesheets;

/** /cms/article/detail?id=: a malformed or unknown id is 404. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const id = idOr404(parseId(new URL(request.url).searchParams.get("id")));
  return loadOrClose(request, loadArticleDetail(context.api, id));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const article = loaderData?.article;
  if (!article) return cmsMeta(matches, "文章资讯");
  return cmsMeta(matches, article.article_title, { description: article.article_abstract, canonical: articleDetailPath(article.article_id) });
};

export default function ArticleDetail({ loaderData }: Route.ComponentProps) {
  return <ArticleDetailView {...loaderData} />;
}
