import type { HelpClass } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { ArticleBody } from "./ArticleBody.tsx";
import { HelpLayout } from "./HelpLayout.tsx";
import { NeighbourLinks, type NeighbourLink } from "./NeighbourLinks.tsx";
import { HELP_HOME, helpDetailPath, helpListPath, type HelpDetailData } from "./help-data.ts";
import { AppLink } from "../chrome/AppLink.tsx";

/** The articles before and after this one in its class, as the menu orders them (links out are skipped). */
function neighboursIn(classes: HelpClass[], classId: number, id: number): { prev: NeighbourLink | null; next: NeighbourLink | null } {
  const siblings = (classes.find((item) => item.class_id === classId)?.child_list ?? []).filter((item) => !item.link_address || item.id === id);
  const index = siblings.findIndex((item) => item.id === id);
  const link = (offset: number) => {
    const sibling = index < 0 ? undefined : siblings[index + offset];
    return sibling ? { to: helpDetailPath(sibling.id), title: sibling.title } : null;
  };
  return { prev: link(-1), next: link(1) };
}

/** One help article beside the help menu. */
export function HelpDetailView({ classes, article }: HelpDetailData) {
  const { prev, next } = neighboursIn(classes, article.class_id, article.id);
  const crumbs = article.class_name ? [{ label: article.class_name, to: helpListPath(article.class_id) }] : [];
  const back = article.class_name
    ? { to: helpListPath(article.class_id), title: `返回${article.class_name}` }
    : { to: HELP_HOME, title: "返回帮助中心" };
  return (
    <HelpLayout classes={classes} activeClassId={article.class_id} activeArticleId={article.id} crumbs={[...crumbs, { label: article.title }]}>
      <div className="cms-panel">
        <ArticleBody title={article.title} meta={<span>发布时间：{formatTime(article.create_time)}</span>} html={article.content}>
          {article.link_address ? (
            <p className="cms-article__link">
              相关链接：<AppLink to={article.link_address}>{article.link_address}</AppLink>
            </p>
          ) : null}
          <NeighbourLinks prev={prev} next={next} back={back} />
        </ArticleBody>
      </div>
    </HelpLayout>
  );
}
