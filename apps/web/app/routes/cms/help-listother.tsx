import { cmsStylesheets } from "../../components/cms/cms-styles.ts";
import { HelpListView } from "../../components/cms/HelpListView.tsx";
import { loadHelpList } from "../../components/cms/help-data.ts";
import { helpListMeta } from "../../components/cms/help-meta.ts";
import { idOr404, pageOf, slugId } from "../../components/cms/cms-loader.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/help-listother";

export const links: Route.LinksFunction = () => cmsStylesheets;

/** The footer's link form /cms/help/listother-{class id}: the same page as /cms/help/list?id=; other slugs are 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const classId = idOr404(slugId(params.slug, "listother"));
  return loadOrClose(request, loadHelpList(context.api, classId, pageOf(new URL(request.url))));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => helpListMeta(matches, loaderData);

export default function HelpListOther({ loaderData }: Route.ComponentProps) {
  return <HelpListView {...loaderData} />;
}
