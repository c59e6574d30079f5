import { Link } from "../chrome/Link.tsx";
import { Button } from "antd";
import type { RefundAction, RefundActionName } from "@shop/contract";
import { useMemberCall } from "../../lib/api-errors.ts";
import { useConfirmedCall } from "../../lib/use-confirmed-call.ts";
import { refundActionHref } from "./refund-view.ts";

interface RefundActionsProps {
  orderGoodsId: number;
  /** what the server says the buyer may do now */
  actions: RefundAction[];
  /** actions this place does not offer (the page itself, a form shown beside) */
  hide?: RefundActionName[];
  /** after 撤销申请: reload what the page shows */
  onChanged: () => void;
  size?: "small" | "middle";
  vertical?: boolean;
}

/**
 * The buttons of a line's refund, as the server lists them: 撤销申请 (a confirmation, then the
 * call) and links for the rest (申请退款 / 重新申请, 填写退货物流, 申请平台介入, 查看投诉, 查看退款).
 */
export function RefundActions({ orderGoodsId, actions, hide = [], onChanged, size = "middle", vertical = false }: RefundActionsProps) {
  const call = useMemberCall();
  const { busy, confirm } = useConfirmedCall();
  const shown = actions.filter((action) => !hide.includes(action.event));
  if (shown.length === 0) return null;

  const confirmCancel = () =>
    confirm(
      {
        title: "撤销退款申请",
        content: "撤销后本次退款申请将关闭；如仍需退款，可在售后期内重新申请。",
        okText: "确认撤销",
        okButtonProps: { danger: true },
        cancelText: "再想想",
      },
      () => call("/api/orderrefund/cancel", { order_goods_id: orderGoodsId }),
      "退款申请已撤销",
      onChanged,
    );

  const ordered = [...shown].sort((a, b) => Number(b.color === "primary") - Number(a.color === "primary"));
  return (
    <div className={vertical ? "refund-actions refund-actions-vertical" : "refund-actions"}>
      {ordered.map((action) => {
        const href = refundActionHref(action.event, orderGoodsId);
        const primary = action.color === "primary";
        if (href === null) {
          return (
            <Button key={action.event} size={size} disabled={busy} onClick={confirmCancel}>
              {action.title}
            </Button>
          );
        }
        return (
          <Link key={action.event} to={href} className={primary ? "refund-action-link refund-action-primary" : "refund-action-link"}>
            {action.title}
          </Link>
        );
      })}
    </div>
  );
}
