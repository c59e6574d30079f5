import { Fragment } from "react";
import { Link } from "../chrome/Link.tsx";
import type { OrderGoods, RefundActionName } from "@shop/contract";
import { refundActionHref } from "./refund-view.ts";

type Line = Pick<OrderGoods, "order_goods_id" | "refund_status" | "refund_status_name" | "refund_action">;

/** The order list's narrow goods cell offers one way in: the refund when there is one, else asking for it. */
const COMPACT: RefundActionName[] = ["orderRefundDetail", "orderRefundApply"];

/**
 * An order line's after-sales state on the order pages: the refund status name and the links the
 * server offers for the line (申请退款, 查看退款, 填写退货物流, 申请平台介入…). 撤销申请 stays on the
 * refund's own page.
 */
export function LineRefundLinks({ line, className, compact = false }: { line: Line; className: string; compact?: boolean }) {
  const links = line.refund_action
    .filter((action) => !compact || COMPACT.includes(action.event))
    .sort((a, b) => (compact ? COMPACT.indexOf(a.event) - COMPACT.indexOf(b.event) : 0))
    .slice(0, compact ? 1 : undefined)
    .flatMap((action) => {
      const href = refundActionHref(action.event, line.order_goods_id);
      return href ? [{ event: action.event, title: action.title, href }] : [];
    });
  if (!line.refund_status_name && links.length === 0) return null;
  return (
    <span className={className}>
      {line.refund_status_name && <span className="order-line-refund-name">{line.refund_status_name}</span>}
      {links.map((link) => (
        // The space keeps name and links apart where no style for this class is loaded (the order list).
        <Fragment key={link.event}>
          {" "}
          <Link to={link.href} className="order-action-link">
            {link.title}
          </Link>
        </Fragment>
      ))}
    </span>
  );
}
