import { ComingSoon } from "../components/coming-soon/ComingSoon.tsx";
import { comingSoonData, comingSoonMeta, comingSoonStylesheets } from "../components/coming-soon/coming-soon-route.ts";
import { isGuardedFeature } from "../components/coming-soon/features.ts";
import { requireMember } from "../lib/auth.ts";
import { loadOrClose, redirectIfShopClosed } from "../lib/site-closed.ts";
import type { Route } from "./+types/coming-soon";

export const links: Route.LinksFunction = () => comingSoonStylesheets;

/**
 * Public SPEC routes whose pages come with later work (秒杀, 团购, promotion details):
 * HTTP 200 with a "coming soon" page, marked noindex (components/coming-soon/coming-soon-route.ts).
 */
export async function loader(args: Route.LoaderArgs) {
  const { context, request } = args;
  // No other call here would notice a shop closed since the last page (the root loader does not rerun).
  await redirectIfShopClosed(context.api, request);
  const loaded = comingSoonData(request);
  // Safety net: a guarded page never renders here without login, whatever route matched it.
  if (isGuardedFeature(loaded.feature)) await loadOrClose(request, requireMember(args));
  return loaded;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => comingSoonMeta(matches, loaderData);

export default function ComingSoonPage({ loaderData }: Route.ComponentProps) {
  return <ComingSoon feature={loaderData.feature} />;
}
