import type { MetaDescriptor } from "react-router";
import { cmsMeta, withPage } from "./cms-meta.ts";
import { HELP_HOME, helpDetailPath, helpListPath, type HelpDetailData, type HelpListData } from "./help-data.ts";

type Matches = Parameters<typeof cmsMeta>[0];

/** Both link forms of a help list name the query form as canonical. */
export function helpListMeta(matches: Matches, data: HelpListData | undefined): MetaDescriptor[] {
  const helpClass = data?.helpClass;
  const base = helpClass ? helpListPath(helpClass.class_id) : HELP_HOME;
  return cmsMeta(matches, helpClass?.class_name ?? "帮助中心", { canonical: withPage(base, data?.page ?? 1) });
}

export function helpDetailMeta(matches: Matches, data: HelpDetailData | undefined): MetaDescriptor[] {
  if (!data) return cmsMeta(matches, "帮助中心");
  return cmsMeta(matches, data.article.title, { canonical: helpDetailPath(data.article.id) });
}
