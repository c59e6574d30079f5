import type { MetaDescriptor } from "react-router";
import { siteNameOf, type RouteMatch } from "../../lib/page-meta.ts";

export interface CmsMetaOptions {
  description?: string;
  /** the page's canonical path under /web (the link forms /cms/help-{id} point to the query form) */
  canonical?: string;
}

/** `标题 - 站点名` (the site name from the root loader), with an optional description and canonical link. */
export function cmsMeta(matches: ReadonlyArray<RouteMatch | undefined>, title: string, options: CmsMetaOptions = {}): MetaDescriptor[] {
  const siteName = siteNameOf(matches) || "商城";
  const tags: MetaDescriptor[] = [{ title: title ? `${title} - ${siteName}` : siteName }];
  if (options.description) tags.push({ name: "description", content: options.description });
  if (options.canonical) tags.push({ tagName: "link", rel: "canonical", href: `/web${options.canonical}` });
  return tags;
}

/** A list's path with its page: withPage("/cms/help/list?id=3", 2) → "/cms/help/list?id=3&page=2"; page 1 adds nothing. */
export function withPage(path: string, page: number): string {
  if (page <= 1) return path;
  return `${path}${path.includes("?") ? "&" : "?"}page=${page}`;
}
