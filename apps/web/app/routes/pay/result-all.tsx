import { PayResult } from "../../components/pay/PayResult.tsx";
import { PayUnavailable } from "../../components/pay/PayUnavailable.tsx";
import { loadResult } from "../../components/pay/pay-loaders.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/result-all";
import payCss from "../../styles/pay.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: payCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "支付结果"), { name: "robots", content: "noindex" }];

/** /pay/resultall?code={out_trade_no}: the result of a merged payment, with its orders (guarded). */
export function loader(args: Route.LoaderArgs) {
  return loadResult(args);
}

export default function PayResultAllRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.state !== "ready") return <PayUnavailable message={loaderData.message} />;
  return <PayResult key={loaderData.info.out_trade_no} info={loaderData.info} merged />;
}
