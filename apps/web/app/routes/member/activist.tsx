import { useRevalidator } from "react-router";
import { Link } from "../../components/chrome/Link.tsx";
import { Empty } from "antd";
import { REFUND_LIST_FILTERS } from "@shop/contract";
import { RefundListCard } from "../../components/refund/RefundListCard.tsx";
import { REFUND_PAGE_SIZE, REFUND_TAB_LABELS, activistHref, parseActivistQuery } from "../../components/refund/refund-view.ts";
import { refundCss } from "../../components/refund/refund-css.ts";
import { orderCss } from "../../components/order/order-css.ts";
import { ORDER_LIST_PATH } from "../../components/order/order-paths.ts";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import uiCss from "../../styles/ui.css?url";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/activist";

// ui.css: the pager; order.css: the tabs and goods pictures, shared with 我的订单.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: orderCss },
  { rel: "stylesheet", href: refundCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "退款/售后"), { name: "robots", content: "noindex" }];

/** /member/activist?status=&page=: the member's refunds of a tab (全部, 处理中, 已拒绝, 已完成, 已关闭), newest first. */
export async function loader(args: Route.LoaderArgs) {
  const query = parseActivistQuery(new URL(args.request.url));
  await loadOrClose(args.request, requireMember(args));
  const refunds = await loadOrClose(
    args.request,
    args.context.api.call("/api/orderrefund/lists", { page: query.page, page_size: REFUND_PAGE_SIZE, refund_status: query.status }),
  );
  return { query, refunds };
}

export default function ActivistPage({ loaderData }: Route.ComponentProps) {
  const { query, refunds } = loaderData;
  const revalidator = useRevalidator();
  return (
    <div className="member-panel refund-list-page">
      <h1 className="member-panel-title">退款/售后</h1>
      <div className="order-toolbar">
        <nav className="order-tabs" aria-label="退款状态">
          {REFUND_LIST_FILTERS.map((filter) => {
            const active = filter === query.status;
            const count = filter === "doing" ? refunds.counts.doing : 0;
            const label = REFUND_TAB_LABELS[filter];
            return (
              <Link
                key={filter}
                to={activistHref(filter)}
                className={active ? "order-tab order-tab-active" : "order-tab"}
                aria-current={active ? "page" : undefined}
                aria-label={count > 0 ? `${label} ${count}` : label}
              >
                {label}
                {count > 0 && <em className="order-tab-count">{count > 99 ? "99+" : count}</em>}
              </Link>
            );
          })}
        </nav>
      </div>
      <div className="refund-list-columns" aria-hidden>
        <span>商品</span>
        <span>退款金额</span>
        <span>退款方式</span>
        <span>退款状态</span>
        <span>操作</span>
      </div>
      {refunds.list.length === 0 ? (
        <Empty className="order-list-empty" description={query.status === "all" ? "暂无退款/售后记录" : `暂无${REFUND_TAB_LABELS[query.status]}的退款`}>
          <Link to={ORDER_LIST_PATH}>查看我的订单</Link>
        </Empty>
      ) : (
        <div className="refund-list">
          {refunds.list.map((item) => (
            <RefundListCard key={item.refund_id} item={item} onChanged={() => void revalidator.revalidate()} />
          ))}
        </div>
      )}
      <UrlPagination className="order-list-pagination" page={query.page} pageSize={REFUND_PAGE_SIZE} total={refunds.count} showTotal />
    </div>
  );
}
