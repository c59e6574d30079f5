import { cmsStylesheets } from "../../components/cms/cms-styles.ts";
import { HelpDetailView } from "../../components/cms/HelpDetailView.tsx";
import { loadHelpDetail } from "../../components/cms/help-data.ts";
import { helpDetailMeta } from "../../components/cms/help-meta.ts";
import { idOr404, parseId } from "../../components/cms/cms-loader.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/help-detail";

export const links: Route.LinksFunction = () => cmsStylesheets;

/** /cms/help/detail?id={help article id}. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const id = idOr404(parseId(new URL(request.url).searchParams.get("id")));
  return loadOrClose(request, loadHelpDetail(context.api, id));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => helpDetailMeta(matches, loaderData);

export default function HelpDetail({ loaderData }: Route.ComponentProps) {
  return <HelpDetailView {...loaderData} />;
}
