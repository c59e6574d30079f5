import { data, type LinkDescriptor, type MetaDescriptor } from "react-router";
import uiCss from "../../styles/ui.css?url";
import comingSoonCss from "../../styles/coming-soon.css?url";
import { NOT_FOUND_MESSAGE } from "../ErrorPage.tsx";
import { toRouterPath } from "../../lib/links.ts";
import { pageMeta, type RouteMatch } from "../../lib/page-meta.ts";
import { type ComingSoonFeature, findComingSoon } from "./features.ts";

/** The pages' stylesheets: the icons' base style, then the page. */
export const comingSoonStylesheets: LinkDescriptor[] = [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: comingSoonCss },
];

/**
 * The feature of the requested path; a path that is not a SPEC route (e.g. /order/anything under
 * the order/* catch-all) is the real 404 page.
 */
export function comingSoonData(request: Request): { feature: ComingSoonFeature } {
  const feature = findComingSoon(toRouterPath(new URL(request.url).pathname));
  if (!feature) throw data(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
  return { feature };
}

/**
 * "功能名 - 站点名". The page answers 200 (it is a real page the navigation links to) but has no
 * content of its own yet, so search engines are asked not to index it until it is built.
 */
export function comingSoonMeta(matches: ReadonlyArray<RouteMatch | undefined>, loaderData: { feature: ComingSoonFeature } | undefined): MetaDescriptor[] {
  if (!loaderData) return [];
  return [...pageMeta(matches, loaderData.feature.name), { name: "robots", content: "noindex" }];
}
