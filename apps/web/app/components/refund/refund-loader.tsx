import { data, isRouteErrorResponse, useSearchParams, type AppLoadContext } from "react-router";
import { Link } from "../chrome/Link.tsx";
import { Result } from "antd";
import { ApiError, Code, type ApiClient } from "@shop/contract";
import { requireMember } from "../../lib/auth.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import { ACTIVIST_PATH, ORDER_LIST_PATH, refundDetailPath } from "../order/order-paths.ts";
import { positiveId } from "./refund-view.ts";

const NOT_FOUND = "订单商品不存在";

/**
 * For the loaders of the after-sales pages: guests go to login, a closed shop to /close, and what
 * the API refuses with -1 (a missing line, another member's — the same answer —, a line that
 * cannot be refunded now) is a 404 in the page's frame carrying the server's message. `readQuery`
 * turns the URL into what `load` needs, or null for a malformed query.
 */
export async function loadAfterSale<Q, T>(
  args: { request: Request; context: AppLoadContext },
  readQuery: (params: URLSearchParams) => Q | null,
  load: (api: ApiClient, query: Q) => Promise<T>,
): Promise<T> {
  await loadOrClose(args.request, requireMember(args));
  const query = readQuery(new URL(args.request.url).searchParams);
  if (query === null) throw data(NOT_FOUND, { status: 404 });
  try {
    return await loadOrClose(args.request, load(args.context.api, query));
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.ERROR) throw data(error.message || NOT_FOUND, { status: 404 });
    throw error;
  }
}

interface AfterSaleErrorProps {
  error: unknown;
  /** the refund form: a line that cannot be asked for again most likely has a refund to look at */
  offerRefund?: boolean;
}

/** The error boundary of those pages: the server's message, with ways back. */
export function AfterSaleError({ error, offerRefund = false }: AfterSaleErrorProps) {
  const [params] = useSearchParams();
  if (!isRouteErrorResponse(error)) throw error;
  const orderGoodsId = offerRefund ? positiveId(params.get("order_goods_id")) : null;
  return (
    <div className="shop-container refund-page">
      <Result
        className="refund-panel"
        status="404"
        title={<h1 className="refund-result-title">{typeof error.data === "string" ? error.data : NOT_FOUND}</h1>}
        extra={
          <div className="refund-result-links">
            {orderGoodsId && <Link to={refundDetailPath(orderGoodsId)}>查看退款详情</Link>}
            <Link to={ORDER_LIST_PATH}>返回我的订单</Link>
            <Link to={ACTIVIST_PATH}>查看退款/售后</Link>
          </div>
        }
      />
    </div>
  );
}
