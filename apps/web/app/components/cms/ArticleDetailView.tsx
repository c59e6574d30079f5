import { Link } from "../chrome/Link.tsx";
import { formatTime } from "../../lib/format.ts";
import { ArticleBody } from "./ArticleBody.tsx";
import { ArticleCategoryNav } from "./ArticleCategoryNav.tsx";
import { CmsFrame } from "./CmsFrame.tsx";
import { NeighbourLinks } from "./NeighbourLinks.tsx";
import { ARTICLE_HOME, articleDetailPath, articleListPath, type ArticleDetailData } from "./article-data.ts";

/** One article beside the category menu, with its neighbours in the category. */
export function ArticleDetailView({ categories, article }: ArticleDetailData) {
  const categoryPath = article.category_name ? articleListPath(article.category_id) : ARTICLE_HOME;
  const neighbour = (link: typeof article.prev) => (link ? { to: articleDetailPath(link.article_id), title: link.article_title } : null);
  const crumbs = [
    { label: "文章资讯", to: ARTICLE_HOME },
    ...(article.category_name ? [{ label: article.category_name, to: categoryPath }] : []),
    { label: article.article_title },
  ];
  const meta = (
    <>
      {article.category_name ? <Link to={categoryPath}>{article.category_name}</Link> : null}
      <span>发布时间：{formatTime(article.create_time)}</span>
      <span>阅读：{article.read_num}</span>
    </>
  );
  return (
    <CmsFrame crumbs={crumbs} aside={<ArticleCategoryNav categories={categories} activeId={article.category_id} />}>
      <div className="cms-panel">
        <ArticleBody title={article.article_title} meta={meta} html={article.article_content}>
          <NeighbourLinks
            prev={neighbour(article.prev)}
            next={neighbour(article.next)}
            back={{ to: categoryPath, title: `返回${article.category_name || "文章列表"}` }}
          />
        </ArticleBody>
      </div>
    </CmsFrame>
  );
}
