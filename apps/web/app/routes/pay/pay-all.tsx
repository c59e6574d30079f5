import { Cashier } from "../../components/pay/Cashier.tsx";
import { PayUnavailable } from "../../components/pay/PayUnavailable.tsx";
import { loadCashier } from "../../components/pay/pay-loaders.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/pay-all";
import payCss from "../../styles/pay.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: payCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "合并支付"), { name: "robots", content: "noindex" }];

/** /pay/payAll?order_ids=1,2 (→ the merged trade's ?code=) or ?code=: one payment for several orders (guarded). */
export function loader(args: Route.LoaderArgs) {
  return loadCashier(args, true);
}

export default function PayAllRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.state !== "ready") return <PayUnavailable message={loaderData.message} />;
  return <Cashier info={loaderData.info} methods={loaderData.methods} merged />;
}
