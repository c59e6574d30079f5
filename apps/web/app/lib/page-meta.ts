import type { MetaDescriptor } from "react-router";
import type { GlobalData } from "./global-data.ts";

/** What a meta function needs of `matches`: the root route's data. */
export interface RouteMatch {
  id: string;
  data?: unknown;
}

/** The site name from the root loader's data in a meta function's `matches` ("" when missing). */
export function siteNameOf(matches: ReadonlyArray<RouteMatch | undefined>): string {
  return (matches.find((match) => match?.id === "root")?.data as GlobalData | undefined)?.site?.site_name ?? "";
}

/** "<page> - <site name>" and an optional description, for the routes' meta exports. */
export function pageMeta(matches: ReadonlyArray<RouteMatch | undefined>, title: string, description?: string): MetaDescriptor[] {
  const siteName = siteNameOf(matches);
  const tags: MetaDescriptor[] = [{ title: siteName ? `${title} - ${siteName}` : title }];
  if (description) tags.push({ name: "description", content: description });
  return tags;
}
