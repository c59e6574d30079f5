import { ComingSoon } from "../../components/coming-soon/ComingSoon.tsx";
import { comingSoonData, comingSoonMeta, comingSoonStylesheets } from "../../components/coming-soon/coming-soon-route.ts";
import { requireMember } from "../../lib/auth.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/activist";

// Placeholder while issue 9 builds this page: the guarded "coming soon" page it served before.
export const links: Route.LinksFunction = () => comingSoonStylesheets;

export async function loader(args: Route.LoaderArgs) {
  await loadOrClose(args.request, requireMember(args));
  return comingSoonData(args.request);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => comingSoonMeta(matches, loaderData);

export default function ActivistPage({ loaderData }: Route.ComponentProps) {
  return <ComingSoon feature={loaderData.feature} />;
}
