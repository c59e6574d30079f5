import type { OrderListFilter, OrderCounts } from "@shop/contract";
import { ORDER_LIST_FILTERS } from "@shop/contract";

/** Where the storefront shows an order and its parts (SPEC §2 routes). */

const DETAIL_PATHS: Record<number, string> = {
  1: "/member/order_detail",
  2: "/member/order_detail_pickup",
  3: "/member/order_detail_local_delivery",
  4: "/member/order_detail_virtual",
};

/** The detail page of an order of this type (express, pickup, local delivery, virtual). */
export function orderDetailPath(orderId: number, orderType: number): string {
  return `${DETAIL_PATHS[orderType] ?? DETAIL_PATHS[1]}?order_id=${orderId}`;
}

export const logisticsPath = (orderId: number): string => `/order/logistics?order_id=${orderId}`;
export const payPath = (outTradeNo: string): string => `/pay?code=${encodeURIComponent(outTradeNo)}`;
export const evaluatePath = (orderId: number): string => `/order/evaluate?order_id=${orderId}`;
export const skuPath = (skuId: number): string => `/sku/${skuId}`;

// After-sales (issue 9): refunds are keyed by the order line, as the API is.
export const refundApplyPath = (orderGoodsId: number): string => `/order/refund?order_goods_id=${orderGoodsId}`;
export const batchRefundPath = (orderGoodsIds: readonly number[]): string => `/order/batchrefund?order_goods_ids=${orderGoodsIds.join(",")}`;
export const orderBatchRefundPath = (orderId: number): string => `/order/orderbatch_refund?order_id=${orderId}`;
export const refundDetailPath = (orderGoodsId: number): string => `/order/refund_detail?order_goods_id=${orderGoodsId}`;
export const complainPath = (orderGoodsId: number): string => `/order/complain?order_goods_id=${orderGoodsId}`;
export const ACTIVIST_PATH = "/member/activist";

export const ORDER_LIST_PATH = "/member/order_list";

/** The tabs of /member/order_list (issue 6: 全部, 待付款, 待发货, 待收货, 待评价), with the count each shows. */
export const ORDER_TABS: Array<{ filter: OrderListFilter; label: string; count?: keyof OrderCounts }> = [
  { filter: "all", label: "全部订单" },
  { filter: "waitpay", label: "待付款", count: "waitpay" },
  { filter: "waitsend", label: "待发货", count: "waitsend" },
  { filter: "waitconfirm", label: "待收货", count: "waitconfirm" },
  { filter: "waitrate", label: "待评价", count: "waitrate" },
];

export interface OrderListQuery {
  status: OrderListFilter;
  search: string;
  page: number;
}

export const ORDER_PAGE_SIZE = 10;

/** Reads ?status=&search=&page= of the list URL; anything unknown falls back to the first page of 全部. */
export function parseOrderListQuery(url: URL): OrderListQuery {
  const status = url.searchParams.get("status") ?? "all";
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    status: (ORDER_LIST_FILTERS as readonly string[]).includes(status) ? (status as OrderListFilter) : "all",
    search: (url.searchParams.get("search") ?? "").trim().slice(0, 50),
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
  };
}

/** The list URL of a tab and search (page 1). */
export function orderListHref(status: OrderListFilter, search = ""): string {
  const params = new URLSearchParams();
  if (status !== "all") params.set("status", status);
  if (search) params.set("search", search);
  const query = params.toString();
  return query ? `${ORDER_LIST_PATH}?${query}` : ORDER_LIST_PATH;
}
