import { cmsStylesheets } from "../../components/cms/cms-styles.ts";
import { ArticleListView } from "../../components/cms/ArticleListView.tsx";
import { ARTICLE_HOME, articleListPath, loadArticleList } from "../../components/cms/article-data.ts";
import { cmsMeta, withPage } from "../../components/cms/cms-meta.ts";
import { idOr404, pageOf, parseId } from "../../components/cms/cms-loader.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/article-list";

export const links: Route.LinksFunction = () => cmsStylesheets;

/** /cms/article/list[?category_id=][&page=]: a malformed or unknown category is 404. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rawCategory = url.searchParams.get("category_id");
  const categoryId = rawCategory === null || rawCategory === "" ? null : idOr404(parseId(rawCategory));
  return loadOrClose(request, loadArticleList(context.api, categoryId, pageOf(url)));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const category = loaderData?.category;
  const path = category ? articleListPath(category.category_id) : ARTICLE_HOME;
  return cmsMeta(matches, category?.category_name ?? "文章资讯", { canonical: withPage(path, loaderData?.page ?? 1) });
};

export default function ArticleList({ loaderData }: Route.ComponentProps) {
  return <ArticleListView {...loaderData} />;
}
