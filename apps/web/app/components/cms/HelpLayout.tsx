import type { ReactNode } from "react";
import type { HelpClass } from "@shop/contract";
import { CmsFrame, type Crumb } from "./CmsFrame.tsx";
import { SideMenu } from "./SideMenu.tsx";
import { HELP_HOME, helpArticleTarget, helpListPath } from "./help-data.ts";

interface HelpLayoutProps {
  classes: HelpClass[];
  activeClassId?: number;
  activeArticleId?: number;
  /** the trail after 首页 > 帮助中心 */
  crumbs: Crumb[];
  children: ReactNode;
}

/** Every help page: all help classes with their articles as the left menu, the page on the right. */
export function HelpLayout({ classes, activeClassId, activeArticleId, crumbs, children }: HelpLayoutProps) {
  const groups = classes.map((helpClass) => ({
    key: helpClass.class_id,
    label: helpClass.class_name,
    to: helpListPath(helpClass.class_id),
    active: helpClass.class_id === activeClassId && activeArticleId === undefined,
    items: helpClass.child_list.map((article) => ({
      key: article.id,
      label: article.title,
      to: helpArticleTarget(article),
      active: article.id === activeArticleId,
    })),
  }));
  return (
    <CmsFrame crumbs={[{ label: "帮助中心", to: HELP_HOME }, ...crumbs]} aside={<SideMenu title="帮助中心" groups={groups} />}>
      {children}
    </CmsFrame>
  );
}
