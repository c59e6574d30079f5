import { useNavigate, useRevalidator } from "react-router";
import { OrderStatusPanel } from "../../components/order/OrderStatusPanel.tsx";
import { OrderVerifyCode } from "../../components/order/OrderVerifyCode.tsx";
import { OrderInfoSection } from "../../components/order/OrderInfoSection.tsx";
import { OrderGoodsTable } from "../../components/order/OrderGoodsTable.tsx";
import { OrderPackagesSummary } from "../../components/order/OrderPackagesSummary.tsx";
import { OrderTimeline } from "../../components/order/OrderTimeline.tsx";
import { orderCss } from "../../components/order/order-css.ts";
import { refundCss } from "../../components/refund/refund-css.ts";
import { ORDER_LIST_PATH } from "../../components/order/order-paths.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadMemberOrder, OrderNotFound } from "../../components/order/member-order-loader.tsx";
import { ChatEntryButton } from "../../components/chat/ChatEntryButton.tsx";
import { orderDraft } from "../../components/chat/chat-drafts.ts";
import type { Route } from "./+types/order-detail";

// refund.css: the goods table's 售后 column.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: orderCss }, { rel: "stylesheet", href: refundCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "订单详情"), { name: "robots", content: "noindex" }];

/**
 * /member/order_detail?order_id= and its local-delivery, pickup and virtual variants: one page, the
 * order's type decides what it shows (the code and QR of pickup and virtual orders, the packages of
 * delivered ones). A missing, deleted or another member's order is a 404 inside the member layout.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadMemberOrder(args, async (api, orderId) => ({ order: await api.call("/api/order/detail", { order_id: orderId }) }));
}

export default function OrderDetailPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  return (
    <div className="order-detail">
      <h1 className="order-sr-only">订单详情</h1>
      <div className="chat-entry-bar">
        <ChatEntryButton label="咨询此订单" draft={() => orderDraft(order)} />
      </div>
      <OrderStatusPanel order={order} onChanged={() => void revalidator.revalidate()} onDeleted={() => void navigate(ORDER_LIST_PATH)} />
      <OrderVerifyCode order={order} />
      <OrderPackagesSummary orderId={order.order_id} packages={order.package_list} />
      <OrderInfoSection order={order} />
      <OrderGoodsTable order={order} />
      <OrderTimeline entries={order.order_log} />
    </div>
  );
}

/** A missing order keeps the member menu around it, with a way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderNotFound error={error} className="member-panel" />;
}
