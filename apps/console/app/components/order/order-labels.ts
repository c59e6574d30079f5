import { PAY_TYPE_NAMES, STAFF_ORDER_STATUSES } from "@shop/contract";

/** Words and colours of the order pages (list, detail, verification desk). */

export const STATUS_COLORS: Record<number, string> = { 0: "orange", 1: "red", 2: "gold", 3: "blue", 4: "cyan", 10: "green", 11: "purple", 12: "green", [-1]: "default" };

/** The list's status tabs: 全部 and each status the shop's orders pass through. */
export const STATUS_TABS = [{ value: "", label: "全部" }, ...STAFF_ORDER_STATUSES.map((status) => ({ value: String(status.value), label: status.label }))];

export const ORDER_TYPE_OPTIONS = [
  { value: "1", label: "普通订单（快递）" },
  { value: "2", label: "自提订单" },
  { value: "3", label: "同城配送" },
  { value: "4", label: "虚拟订单" },
];

export const PROMOTION_OPTIONS = [
  { value: "empty", label: "普通订单" },
  { value: "seckill", label: "秒杀" },
  { value: "groupbuy", label: "团购" },
  { value: "bundling", label: "组合套餐" },
];

export const PAY_TYPE_OPTIONS = Object.entries(PAY_TYPE_NAMES).map(([value, label]) => ({ value, label }));

/** Orders whose goods travel (express, local delivery) are shipped in packages. */
export const isShippable = (order: { order_type: number; order_status: number }) => order.order_status === 1 && (order.order_type === 1 || order.order_type === 3);
