import { RechargeOrderTable } from "../../components/member/recharge/RechargeOrderTable.tsx";
import { RechargeOrderTabs } from "../../components/member/recharge/RechargeOrderTabs.tsx";
import { rechargeCss } from "../../components/member/recharge/recharge-css.ts";
import { RECHARGE_ORDER_PAGE_SIZE, parseRechargeOrderQuery } from "../../components/member/recharge/recharge-view.ts";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import uiCss from "../../styles/ui.css?url";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/recharge-order";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: uiCss }, { rel: "stylesheet", href: rechargeCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "充值记录"), { name: "robots", content: "noindex" }];

/** /member/recharge_order?status=&page=: the member's recharge orders of a tab, newest first. */
export async function loader(args: Route.LoaderArgs) {
  const query = parseRechargeOrderQuery(new URL(args.request.url));
  await loadOrClose(args.request, requireMember(args));
  const orders = await loadOrClose(
    args.request,
    args.context.api.call("/memberrecharge/api/order/page", { page: query.page, page_size: RECHARGE_ORDER_PAGE_SIZE, status: query.status }),
  );
  return { query, orders };
}

export default function RechargeOrderPage({ loaderData }: Route.ComponentProps) {
  const { query, orders } = loaderData;
  return (
    <div className="member-panel">
      <h1 className="member-panel-title">充值记录</h1>
      <RechargeOrderTabs current={query.status} />
      <RechargeOrderTable orders={orders.list} filtered={query.status !== "all"} />
      <UrlPagination className="recharge-pagination" page={query.page} pageSize={RECHARGE_ORDER_PAGE_SIZE} total={orders.count} showTotal />
    </div>
  );
}
