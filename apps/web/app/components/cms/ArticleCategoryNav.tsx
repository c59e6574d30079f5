import type { ArticleCategory } from "@shop/contract";
import { SideMenu } from "./SideMenu.tsx";
import { ARTICLE_HOME, articleListPath } from "./article-data.ts";

/** The left menu of article pages: 全部文章 and each category with its article count. */
export function ArticleCategoryNav({ categories, activeId }: { categories: ArticleCategory[]; activeId: number | null }) {
  const total = categories.reduce((sum, category) => sum + category.article_count, 0);
  const groups = [
    { key: "all", label: "全部文章", to: ARTICLE_HOME, active: activeId === null, extra: total },
    ...categories.map((category) => ({
      key: category.category_id,
      label: category.category_name,
      to: articleListPath(category.category_id),
      active: category.category_id === activeId,
      extra: category.article_count,
    })),
  ];
  return <SideMenu title="文章分类" groups={groups} />;
}
