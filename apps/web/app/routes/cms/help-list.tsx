import { cmsStylesheets } from "../../components/cms/cms-styles.ts";
import { HelpListView } from "../../components/cms/HelpListView.tsx";
import { loadHelpList } from "../../components/cms/help-data.ts";
import { helpListMeta } from "../../components/cms/help-meta.ts";
import { idOr404, pageOf, parseId } from "../../components/cms/cms-loader.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/help-list";

export const links: Route.LinksFunction = () => cmsStylesheets;

/** /cms/help/list?id={help class id}; without an id, every help article. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rawId = url.searchParams.get("id");
  const classId = rawId === null || rawId === "" ? null : idOr404(parseId(rawId));
  return loadOrClose(request, loadHelpList(context.api, classId, pageOf(url)));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => helpListMeta(matches, loaderData);

export default function HelpList({ loaderData }: Route.ComponentProps) {
  return <HelpListView {...loaderData} />;
}
