import { useRevalidator } from "react-router";
import { Link } from "../../components/chrome/Link.tsx";
import { Empty } from "antd";
import { OrderCard } from "../../components/order/OrderCard.tsx";
import { OrderListToolbar } from "../../components/order/OrderListToolbar.tsx";
import { orderCss } from "../../components/order/order-css.ts";
import uiCss from "../../styles/ui.css?url";
import { ORDER_PAGE_SIZE, parseOrderListQuery } from "../../components/order/order-paths.ts";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/order-list";

// ui.css: the pager (UrlPagination) is drawn by it.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: uiCss }, { rel: "stylesheet", href: orderCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "我的订单"), { name: "robots", content: "noindex" }];

/** /member/order_list?status=&search=&page=: the member's orders of a tab, and the counts of the tabs. */
export async function loader(args: Route.LoaderArgs) {
  const query = parseOrderListQuery(new URL(args.request.url));
  await loadOrClose(args.request, requireMember(args));
  const [orders, counts] = await loadOrClose(
    args.request,
    Promise.all([
      args.context.api.call("/api/order/lists", { page: query.page, page_size: ORDER_PAGE_SIZE, order_status: query.status, searchText: query.search }),
      args.context.api.call("/api/order/num"),
    ]),
  );
  return { query, orders, counts };
}

export default function OrderListPage({ loaderData }: Route.ComponentProps) {
  const { query, orders, counts } = loaderData;
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  return (
    <div className="member-panel order-list-page">
      <h1 className="member-panel-title">我的订单</h1>
      <OrderListToolbar status={query.status} search={query.search} counts={counts} />
      <div className="order-list-columns" aria-hidden>
        <span className="order-col-goods">商品</span>
        <span className="order-col-price">单价 / 数量</span>
        <span className="order-col-money">实付款</span>
        <span className="order-col-status">订单状态</span>
        <span className="order-col-actions">操作</span>
      </div>
      {orders.list.length === 0 ? (
        <Empty className="order-list-empty" description={query.search ? `没有找到与“${query.search}”相关的订单` : "暂无相关订单"}>
          <Link to="/">去逛逛</Link>
        </Empty>
      ) : (
        <div className="order-list">
          {orders.list.map((order) => (
            <OrderCard key={order.order_id} order={order} onChanged={reload} />
          ))}
        </div>
      )}
      <UrlPagination className="order-list-pagination" page={query.page} pageSize={ORDER_PAGE_SIZE} total={orders.count} showTotal />
    </div>
  );
}
