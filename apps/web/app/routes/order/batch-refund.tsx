import { BatchRefund } from "../../components/refund/BatchRefund.tsx";
import { AfterSaleError, loadAfterSale } from "../../components/refund/refund-loader.tsx";
import { parseIdList } from "../../components/refund/refund-view.ts";
import { refundCss } from "../../components/refund/refund-css.ts";
import { orderCss } from "../../components/order/order-css.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/batch-refund";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: orderCss },
  { rel: "stylesheet", href: refundCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "批量退款"), { name: "robots", content: "noindex" }];

/** /order/batchrefund?order_goods_ids=1,2: several lines of one order, the buyer picks which to refund. */
export async function loader(args: Route.LoaderArgs) {
  return loadAfterSale(args, (params) => parseIdList(params.get("order_goods_ids")), async (api, orderGoodsIds) => ({
    batch: await api.call("/api/orderrefund/refundDataBatch", { order_goods_ids: orderGoodsIds }),
  }));
}

export default function BatchRefundPage({ loaderData }: Route.ComponentProps) {
  return <BatchRefund title="批量退款" data={loaderData.batch} choosable />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AfterSaleError error={error} />;
}
