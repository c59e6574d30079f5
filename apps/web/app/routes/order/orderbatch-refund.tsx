import { BatchRefund } from "../../components/refund/BatchRefund.tsx";
import { AfterSaleError, loadAfterSale } from "../../components/refund/refund-loader.tsx";
import { positiveId } from "../../components/refund/refund-view.ts";
import { refundCss } from "../../components/refund/refund-css.ts";
import { orderCss } from "../../components/order/order-css.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/orderbatch-refund";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: orderCss },
  { rel: "stylesheet", href: refundCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "整单退款"), { name: "robots", content: "noindex" }];

/** /order/orderbatch_refund?order_id=: every line of the order that can be refunded now, at once. */
export async function loader(args: Route.LoaderArgs) {
  return loadAfterSale(args, (params) => positiveId(params.get("order_id")), async (api, orderId) => ({
    batch: await api.call("/api/orderrefund/refundDataBatch", { order_id: orderId }),
  }));
}

export default function OrderBatchRefundPage({ loaderData }: Route.ComponentProps) {
  return <BatchRefund title="整单退款" data={loaderData.batch} choosable={false} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AfterSaleError error={error} />;
}
