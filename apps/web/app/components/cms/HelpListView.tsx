import { HelpLayout } from "./HelpLayout.tsx";
import { PagedList } from "./PagedList.tsx";
import { TitleRow } from "./TitleRow.tsx";
import { CMS_PAGE_SIZE } from "./cms-loader.ts";
import { helpArticleTarget, type HelpListData } from "./help-data.ts";

/** The articles of one help class (or of all), beside the help menu. */
export function HelpListView({ classes, helpClass, articles, page }: HelpListData) {
  const heading = helpClass?.class_name ?? "全部帮助";
  return (
    <HelpLayout classes={classes} activeClassId={helpClass?.class_id} crumbs={helpClass ? [{ label: helpClass.class_name }] : []}>
      <div className="cms-panel">
        <h1 className="cms-panel__title">{heading}</h1>
        <PagedList
          page={articles}
          current={page}
          pageSize={CMS_PAGE_SIZE}
          itemKey={(article) => article.id}
          renderItem={(article) => <TitleRow to={helpArticleTarget(article)} title={article.title} time={article.create_time} />}
          empty="该分类下暂无帮助文章"
        />
      </div>
    </HelpLayout>
  );
}
