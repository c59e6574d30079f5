import type { MetaDescriptor } from "react-router";
import type { GlobalData } from "../../lib/global-data.ts";

interface RouteMatch {
  id: string;
  data?: unknown;
}

/** "<page> - <site name>" and an optional description, for the browsing pages' meta exports. */
export function browseMeta(matches: ReadonlyArray<RouteMatch | undefined>, title: string, description?: string): MetaDescriptor[] {
  const site = (matches.find((match) => match?.id === "root")?.data as GlobalData | undefined)?.site;
  const tags: MetaDescriptor[] = [{ title: site?.site_name ? `${title} - ${site.site_name}` : title }];
  if (description) tags.push({ name: "description", content: description });
  return tags;
}
