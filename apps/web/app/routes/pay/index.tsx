import { Cashier } from "../../components/pay/Cashier.tsx";
import { PayUnavailable } from "../../components/pay/PayUnavailable.tsx";
import { loadCashier } from "../../components/pay/pay-loaders.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/index";
import payCss from "../../styles/pay.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: payCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "收银台"), { name: "robots", content: "noindex" }];

/** /pay?code={out_trade_no}: the cashier of one order (guarded). */
export function loader(args: Route.LoaderArgs) {
  return loadCashier(args, false);
}

export default function PayRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.state !== "ready") return <PayUnavailable message={loaderData.message} />;
  return <Cashier info={loaderData.info} methods={loaderData.methods} merged={false} />;
}
