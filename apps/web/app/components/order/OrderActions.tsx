import { useState } from "react";
import { useNavigate } from "react-router";
import { Link } from "../chrome/Link.tsx";
import { Button } from "antd";
import type { OrderAction, OrderListItem } from "@shop/contract";
import { useMemberCall } from "../../lib/api-errors.ts";
import { useConfirmedCall } from "../../lib/use-confirmed-call.ts";
import { CloseOrderDialog } from "./CloseOrderDialog.tsx";
import { evaluatePath, logisticsPath, payPath } from "./order-paths.ts";

interface OrderActionsProps {
  order: Pick<OrderListItem, "order_id" | "out_trade_no" | "action">;
  /** after a change: reload what the page shows */
  onChanged: () => void;
  /** after the order was deleted (the detail page leaves; the list reloads) */
  onDeleted?: () => void;
  size?: "small" | "middle";
  /** vertical in the list's action column, a row on the detail page */
  vertical?: boolean;
}

/**
 * The buttons of what the member may do with an order now, as the server lists them (`action`):
 * 去支付, 取消订单 (with a reason), 确认收货, 查看物流, 评价, 删除订单.
 */
export function OrderActions({ order, onChanged, onDeleted = onChanged, size = "small", vertical = false }: OrderActionsProps) {
  const call = useMemberCall();
  const { busy, setBusy, run, confirm } = useConfirmedCall();
  const navigate = useNavigate();
  const [closing, setClosing] = useState(false);

  /** The order's open trade, or a new one when it has none (its trade was cancelled). */
  const pay = async () => {
    if (order.out_trade_no) return void navigate(payPath(order.out_trade_no));
    setBusy(true);
    try {
      const outTradeNo = await call("/api/order/pay", { order_ids: String(order.order_id) });
      if (outTradeNo) void navigate(payPath(outTradeNo));
    } finally {
      setBusy(false);
    }
  };

  const closeWith = async (reason: string) => {
    if (await run(() => call("/api/order/close", { order_id: order.order_id, reason }), "订单已取消", onChanged)) setClosing(false);
  };

  const confirmReceipt = () =>
    confirm(
      { title: "确认收货", content: "请确认您已收到全部商品，确认后订单将完成。", okText: "确认收货", cancelText: "取消" },
      () => call("/api/order/takedelivery", { order_id: order.order_id }),
      "已确认收货",
      onChanged,
    );

  const confirmDelete = () =>
    confirm(
      { title: "删除订单", content: "删除后订单将不再显示在您的订单列表中。", okText: "删除", okButtonProps: { danger: true }, cancelText: "取消" },
      () => call("/api/order/delete", { order_id: order.order_id }),
      "订单已删除",
      onDeleted,
    );

  const button = (action: OrderAction) => {
    const primary = action.color === "primary";
    const common = { size, disabled: busy, type: primary ? ("primary" as const) : ("default" as const) };
    switch (action.action) {
      case "orderPay":
        return <Button key={action.action} {...common} danger={primary} onClick={() => void pay()}>{action.title}</Button>;
      case "orderClose":
        return <Button key={action.action} {...common} onClick={() => setClosing(true)}>{action.title}</Button>;
      case "memberTakeDelivery":
        return <Button key={action.action} {...common} danger={primary} onClick={confirmReceipt}>{action.title}</Button>;
      case "trace":
        return <Link key={action.action} to={logisticsPath(order.order_id)} className="order-action-link">{action.title}</Link>;
      case "memberOrderEvaluation":
        return <Link key={action.action} to={evaluatePath(order.order_id)} className="order-action-link">{action.title}</Link>;
      case "orderDelete":
        return <Button key={action.action} {...common} onClick={confirmDelete}>{action.title}</Button>;
    }
  };

  if (order.action.length === 0) return null;
  // The likely next step first (去支付 before 取消订单).
  const ordered = [...order.action].sort((a, b) => Number(b.color === "primary") - Number(a.color === "primary"));
  return (
    <div className={vertical ? "order-actions order-actions-vertical" : "order-actions"}>
      {ordered.map(button)}
      <CloseOrderDialog open={closing} busy={busy} onCancel={() => setClosing(false)} onConfirm={(reason) => void closeWith(reason)} />
    </div>
  );
}
