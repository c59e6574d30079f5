import { Tag } from "antd";
import { REFUND_STATUS_NAMES, REFUND_TYPE_NAMES } from "@shop/contract";

/** The refund statuses staff filter by (order of the flow), as Select options. */
export const REFUND_STATUS_OPTIONS = [1, 4, 5, 6, 2, 3, -3, -1, -2].map((status) => ({ value: String(status), label: REFUND_STATUS_NAMES[status] }));
export const REFUND_TYPE_OPTIONS = [1, 2].map((type) => ({ value: String(type), label: REFUND_TYPE_NAMES[type] }));

/** Waiting for the shop (orange), for the buyer (blue), done (green), refused or closed (grey/red). */
const STATUS_COLORS: Record<number, string> = { 1: "orange", 5: "orange", 2: "orange", 6: "orange", 4: "blue", 3: "green", [-3]: "green", [-1]: "red", [-2]: "default" };

export function RefundStatusTag({ status, name }: { status: number; name: string }) {
  return <Tag color={STATUS_COLORS[status] ?? "default"}>{name || REFUND_STATUS_NAMES[status]}</Tag>;
}
