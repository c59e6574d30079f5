import { data, isRouteErrorResponse, type AppLoadContext } from "react-router";
import { Link } from "../chrome/Link.tsx";
import { Result } from "antd";
import { ApiError, Code, type ApiClient } from "@shop/contract";
import { requireMember } from "../../lib/auth.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import { ORDER_LIST_PATH } from "./order-paths.ts";

const NOT_FOUND = "订单不存在或已删除";

/**
 * For the loaders of the pages of one order (`?order_id=`): guests go to login, a missing id or an
 * order the member cannot see (deleted, another member's: the API answers -1) is a 404 inside the
 * page's layout, a closed shop goes to /close.
 */
export async function loadMemberOrder<T>(
  args: { request: Request; context: AppLoadContext },
  load: (api: ApiClient, orderId: number) => Promise<T>,
): Promise<T> {
  const orderId = Number(new URL(args.request.url).searchParams.get("order_id"));
  await loadOrClose(args.request, requireMember(args));
  if (!Number.isInteger(orderId) || orderId <= 0) throw data(NOT_FOUND, { status: 404 });
  try {
    return await loadOrClose(args.request, load(args.context.api, orderId));
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.ERROR) throw data(error.message || NOT_FOUND, { status: 404 });
    throw error;
  }
}

/** The error boundary of those pages: the 404 of a missing order, in the page's frame, with a way back. */
export function OrderNotFound({ error, className }: { error: unknown; className: string }) {
  if (!isRouteErrorResponse(error)) throw error;
  return (
    <div className={className}>
      <Result status="404" title={typeof error.data === "string" ? error.data : NOT_FOUND} extra={<Link to={ORDER_LIST_PATH}>返回我的订单</Link>} />
    </div>
  );
}
