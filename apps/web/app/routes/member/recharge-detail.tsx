import { data, isRouteErrorResponse } from "react-router";
import { Result } from "antd";
import { ApiError, Code } from "@shop/contract";
import { Link } from "../../components/chrome/Link.tsx";
import { RechargeDetailView } from "../../components/member/recharge/RechargeDetailView.tsx";
import { rechargeCss } from "../../components/member/recharge/recharge-css.ts";
import { RECHARGE_ORDER_PATH } from "../../components/member/recharge/recharge-view.ts";
import uiCss from "../../styles/ui.css?url";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/recharge-detail";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: uiCss }, { rel: "stylesheet", href: rechargeCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "充值详情"), { name: "robots", content: "noindex" }];

const NOT_FOUND = "充值订单不存在";

/** /member/recharge_detail?order_id=: one of the member's recharge orders; a missing or another member's order is a 404 in the member layout. */
export async function loader(args: Route.LoaderArgs) {
  const orderId = Number(new URL(args.request.url).searchParams.get("order_id"));
  await loadOrClose(args.request, requireMember(args));
  if (!Number.isInteger(orderId) || orderId <= 0 || orderId > 2_147_483_647) throw data(NOT_FOUND, { status: 404 });
  try {
    return { order: await loadOrClose(args.request, args.context.api.call("/memberrecharge/api/order/detail", { order_id: orderId })) };
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.ERROR) throw data(error.message || NOT_FOUND, { status: 404 });
    throw error;
  }
}

export default function RechargeDetailPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="member-panel">
      <h1 className="member-panel-title">充值详情</h1>
      <RechargeDetailView order={loaderData.order} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) throw error;
  return (
    <div className="member-panel">
      <Result status="404" title={typeof error.data === "string" ? error.data : NOT_FOUND} extra={<Link to={RECHARGE_ORDER_PATH}>返回充值记录</Link>} />
    </div>
  );
}
