import { PayResult } from "../../components/pay/PayResult.tsx";
import { PayUnavailable } from "../../components/pay/PayUnavailable.tsx";
import { loadResult } from "../../components/pay/pay-loaders.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/result";
import payCss from "../../styles/pay.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: payCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "支付结果"), { name: "robots", content: "noindex" }];

/** /pay/result?code={out_trade_no}: paid, waiting for the gateway, or not paid (guarded). */
export function loader(args: Route.LoaderArgs) {
  return loadResult(args);
}

export default function PayResultRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.state !== "ready") return <PayUnavailable message={loaderData.message} />;
  return <PayResult key={loaderData.info.out_trade_no} info={loaderData.info} merged={false} />;
}
