import {
  REFUND_LIST_FILTERS, RefundStatus, RefundType, centsFromWire, parseYuan,
  type RefundActionName, type RefundDetail, type RefundListFilter, type RefundLogEntry,
} from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { ACTIVIST_PATH, complainPath, refundApplyPath, refundDetailPath } from "../order/order-paths.ts";

/** What the refund pages compute from the API's answers (pure, so it is tested without a browser). */

/** The id of the return package form on the refund's page. */
export const RETURN_FORM_ID = "refund-return";

/** The layout of the refund pages' forms (apply, return package, complaint): labels 96px wide on the left, required marks. */
export const REFUND_FORM_LAYOUT = { layout: "horizontal", labelCol: { flex: "96px" }, wrapperCol: { flex: "auto" }, requiredMark: true } as const;

/**
 * Where an action of a line's refund (`refund_action`) takes the shopper. 撤销申请 is a call, not a
 * page: the detail page offers it (null here).
 */
export function refundActionHref(event: RefundActionName, orderGoodsId: number): string | null {
  switch (event) {
    case "orderRefundApply":
    case "orderRefundAsk":
      return refundApplyPath(orderGoodsId);
    case "orderRefundDelivery":
      // The return form on the refund's page (RefundReturnPanel).
      return `${refundDetailPath(orderGoodsId)}#${RETURN_FORM_ID}`;
    case "orderRefundDetail":
      return refundDetailPath(orderGoodsId);
    case "orderRefundComplain":
    case "orderComplainDetail":
      return complainPath(orderGoodsId);
    case "orderRefundCancel":
      return null;
  }
}

/** The /member/activist tabs, in the server's filter order. */
export const REFUND_TAB_LABELS: Record<RefundListFilter, string> = {
  all: "全部",
  doing: "处理中",
  refused: "已拒绝",
  finished: "已完成",
  closed: "已关闭",
};

export const REFUND_PAGE_SIZE = 10;

export interface ActivistQuery {
  status: RefundListFilter;
  page: number;
}

/** ?status=&page= of /member/activist; anything unknown falls back to the first page of 全部. */
export function parseActivistQuery(url: URL): ActivistQuery {
  const status = url.searchParams.get("status") ?? "all";
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    status: (REFUND_LIST_FILTERS as readonly string[]).includes(status) ? (status as RefundListFilter) : "all",
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
  };
}

export const activistHref = (status: RefundListFilter): string => (status === "all" ? ACTIVIST_PATH : `${ACTIVIST_PATH}?status=${status}`);

/** A positive integer id of a query parameter, or null. */
export function positiveId(raw: string | null): number | null {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
}

/** "1,2,2, 3" → [1, 2, 3]; null when any part is not an id or there is none (at most 100, as the API takes). */
export function parseIdList(raw: string | null): number[] | null {
  const parts = (raw ?? "").split(",").map((part) => part.trim()).filter((part) => part !== "");
  const ids = parts.map(positiveId);
  if (ids.length === 0 || ids.length > 100 || ids.some((value) => value === null)) return null;
  return [...new Set(ids as number[])];
}

/** The amount field of a single line: a message, or null when the amount may be asked. */
export function refundMoneyProblem(value: string | undefined, max: string): string | null {
  const text = (value ?? "").trim();
  if (!text) return "请输入退款金额";
  const amount = parseYuan(text);
  if (amount === null) return "请输入正确的金额（最多两位小数）";
  if (amount < 1) return "退款金额不能小于 ¥0.01";
  if (amount > centsFromWire(max)) return `退款金额不能超过 ¥${max}`;
  return null;
}

// ---- detail: progress and hint ---------------------------------------------------------------

export interface RefundProgress {
  steps: string[];
  /** the step in progress (steps.length when everything is done) */
  current: number;
  /** "error" when the refund was refused or closed at `current` */
  status?: "error";
}

const MONEY_STEPS = ["买家申请", "商家处理", "退款完成"];
const RETURN_STEPS = ["买家申请", "商家处理", "买家退货", "商家收货", "退款完成"];

/** The step a refund in a (non-final) status stands at. */
function stepOf(type: number, status: number): number {
  if (type !== RefundType.RETURN) return status === RefundStatus.CONFIRM ? 2 : 1;
  switch (status) {
    case RefundStatus.WAIT_DELIVERY:
      return 2;
    case RefundStatus.WAIT_TAKEDELIVERY:
      return 3;
    case RefundStatus.TAKEDELIVERY:
    case RefundStatus.CONFIRM:
      return 4;
    default:
      return 1;
  }
}

/** The last status the refund reached before a refusal or closing (from its timeline). */
function statusBeforeEnd(log: readonly RefundLogEntry[]): number {
  for (let index = log.length - 1; index >= 0; index--) {
    if (log[index]!.refund_status > 0) return log[index]!.refund_status;
  }
  return RefundStatus.APPLY;
}

export function refundProgress(detail: Pick<RefundDetail, "refund_type" | "refund_status" | "refund_log">): RefundProgress {
  const steps = detail.refund_type === RefundType.RETURN ? RETURN_STEPS : MONEY_STEPS;
  const status = detail.refund_status;
  if (status === RefundStatus.COMPLETE || status === RefundStatus.PARTIAL) return { steps, current: steps.length };
  if (status === RefundStatus.REFUSED || status === RefundStatus.CLOSED) {
    return { steps, current: stepOf(detail.refund_type, statusBeforeEnd(detail.refund_log)), status: "error" };
  }
  return { steps, current: stepOf(detail.refund_type, status) };
}

const at = (seconds: number) => formatTime(seconds, "YYYY-MM-DD HH:mm");

/** What the status means for the buyer and what happens next. */
export function refundHint(detail: Pick<RefundDetail, "refund_status" | "auto_agree_time" | "delivery_deadline" | "refund_real_money" | "refund_way_name">): string {
  switch (detail.refund_status) {
    case RefundStatus.APPLY:
      return detail.auto_agree_time > 0
        ? `您已提交退款申请，请等待商家处理。商家在 ${at(detail.auto_agree_time)} 前未处理的，系统将自动同意。`
        : "您已提交退款申请，请等待商家处理。";
    case RefundStatus.CONFIRM:
      return "商家已同意退款，正在为您办理退款。";
    case RefundStatus.WAIT_DELIVERY:
      return detail.delivery_deadline > 0
        ? `商家已同意退货，请在 ${at(detail.delivery_deadline)} 前将商品寄回并填写退货物流，逾期申请将自动关闭。`
        : "商家已同意退货，请将商品寄回并填写退货物流。";
    case RefundStatus.WAIT_TAKEDELIVERY:
      return "您已寄回商品，请等待商家确认收货。";
    case RefundStatus.TAKEDELIVERY:
      return "商家已收到退回的商品，正在为您办理退款。";
    case RefundStatus.COMPLETE:
      return `退款已完成，共退 ¥${detail.refund_real_money}${detail.refund_way_name ? `，${detail.refund_way_name}` : ""}。`;
    case RefundStatus.PARTIAL:
      return `已退款 ¥${detail.refund_real_money}（部分退款）。如需退还其余款项，可再次申请。`;
    case RefundStatus.REFUSED:
      return "商家拒绝了您的退款申请。您可以修改后重新申请，或申请平台介入。";
    case RefundStatus.CLOSED:
      return "退款申请已关闭。";
    default:
      return "";
  }
}

/** Status colour class of a refund status: in progress, done, refused, closed. */
export function refundStatusTone(status: number): "doing" | "done" | "refused" | "closed" {
  if (status === RefundStatus.COMPLETE || status === RefundStatus.PARTIAL) return "done";
  if (status === RefundStatus.REFUSED) return "refused";
  if (status === RefundStatus.CLOSED || status === RefundStatus.NONE) return "closed";
  return "doing";
}
