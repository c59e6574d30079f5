import { cmsStylesheets } from "../../components/cms/cms-styles.ts";
import { HelpDetailView } from "../../components/cms/HelpDetailView.tsx";
import { loadHelpDetail } from "../../components/cms/help-data.ts";
import { helpDetailMeta } from "../../components/cms/help-meta.ts";
import { idOr404, slugId } from "../../components/cms/cms-loader.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/help-link";

export const links: Route.LinksFunction = () => cmsStylesheets;

/** The footer's link form /cms/help-{article id} (slug ^help-\d+$): the same page as /cms/help/detail?id=; any other /cms/{slug} is 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadOrClose(request, loadHelpDetail(context.api, idOr404(slugId(params.slug, "help"))));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => helpDetailMeta(matches, loaderData);

export default function HelpLink({ loaderData }: Route.ComponentProps) {
  return <HelpDetailView {...loaderData} />;
}
