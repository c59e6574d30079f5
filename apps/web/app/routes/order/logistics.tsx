import { Link } from "../../components/chrome/Link.tsx";
import { Empty } from "antd";
import { PackageTraceCard } from "../../components/order/PackageTraceCard.tsx";
import { orderCss } from "../../components/order/order-css.ts";
import { ORDER_LIST_PATH, orderDetailPath } from "../../components/order/order-paths.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadMemberOrder, OrderNotFound } from "../../components/order/member-order-loader.tsx";
import type { Route } from "./+types/logistics";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: orderCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "物流详情"), { name: "robots", content: "noindex" }];

/** /order/logistics?order_id=: the packages of the member's order, each with company, number, goods and trace. */
export async function loader(args: Route.LoaderArgs) {
  return loadMemberOrder(args, async (api, orderId) => {
    const [order, packages] = await Promise.all([api.call("/api/order/detail", { order_id: orderId }), api.call("/api/order/package", { order_id: orderId })]);
    return { order, packages };
  });
}

export default function LogisticsPage({ loaderData }: Route.ComponentProps) {
  const { order, packages } = loaderData;
  return (
    <div className="shop-container logistics-page">
      <nav className="logistics-crumbs" aria-label="当前位置">
        <Link to="/member">会员中心</Link>
        <span>/</span>
        <Link to={ORDER_LIST_PATH}>我的订单</Link>
        <span>/</span>
        <Link to={orderDetailPath(order.order_id, order.order_type)}>订单详情</Link>
        <span>/</span>
        <span>物流详情</span>
      </nav>
      <div className="logistics-summary">
        <h1>物流详情</h1>
        <span>订单号：{order.order_no}</span>
        <span>订单状态：{order.order_status_name}</span>
        {order.name && (
          <span>
            收货信息：{order.name} {order.mobile} {order.full_address} {order.address}
          </span>
        )}
      </div>
      {packages.length === 0 ? (
        <Empty className="logistics-empty" description="该订单还没有发货，暂无物流信息" />
      ) : (
        packages.map((pkg) => <PackageTraceCard key={pkg.package_id} pkg={pkg} />)
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderNotFound error={error} className="shop-container logistics-page" />;
}
