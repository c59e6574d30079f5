import { ComingSoon } from "../components/coming-soon/ComingSoon.tsx";
import { comingSoonData, comingSoonMeta, comingSoonStylesheets } from "../components/coming-soon/coming-soon-route.ts";
import { requireMember } from "../lib/auth.ts";
import { loadOrClose } from "../lib/site-closed.ts";
import type { Route } from "./+types/guarded-coming-soon";

export const links: Route.LinksFunction = () => comingSoonStylesheets;

/**
 * Guarded routes not built yet (the promotion payment pages) and unknown member paths. The auth guard applies as
 * SPEC §2 says (guests go to login with the full path, whatever the path), then a member sees the
 * "coming soon" page of a SPEC route (HTTP 200, noindex) or the 404 page of any other path.
 */
export async function loader(args: Route.LoaderArgs) {
  await loadOrClose(args.request, requireMember(args));
  return comingSoonData(args.request);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => comingSoonMeta(matches, loaderData);

export default function GuardedComingSoonPage({ loaderData }: Route.ComponentProps) {
  return <ComingSoon feature={loaderData.feature} />;
}
