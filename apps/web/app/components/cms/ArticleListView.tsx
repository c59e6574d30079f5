import { ArticleCard } from "./ArticleCard.tsx";
import { ArticleCategoryNav } from "./ArticleCategoryNav.tsx";
import { CmsFrame } from "./CmsFrame.tsx";
import { PagedList } from "./PagedList.tsx";
import { CMS_PAGE_SIZE } from "./cms-loader.ts";
import { ARTICLE_HOME, type ArticleListData } from "./article-data.ts";

/** The article list of one category (or all) beside the category menu. */
export function ArticleListView({ categories, category, articles, page }: ArticleListData) {
  const crumbs = category ? [{ label: "文章资讯", to: ARTICLE_HOME }, { label: category.category_name }] : [{ label: "文章资讯" }];
  return (
    <CmsFrame crumbs={crumbs} aside={<ArticleCategoryNav categories={categories} activeId={category?.category_id ?? null} />}>
      <div className="cms-panel">
        <h1 className="cms-panel__title">{category?.category_name ?? "全部文章"}</h1>
        <PagedList
          className="cms-paged--cards"
          page={articles}
          current={page}
          pageSize={CMS_PAGE_SIZE}
          itemKey={(article) => article.article_id}
          renderItem={(article) => <ArticleCard article={article} />}
          empty="暂无文章"
        />
      </div>
    </CmsFrame>
  );
}
