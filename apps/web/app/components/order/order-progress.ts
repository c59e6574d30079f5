import type { OrderDetail } from "@shop/contract";

/** The steps an order goes through, by type, with the time each was reached (0 = not yet). */
export interface ProgressStep {
  title: string;
  time: number;
}

export function progressSteps(order: Pick<OrderDetail, "order_type" | "create_time" | "pay_time" | "delivery_time" | "sign_time" | "finish_time">): ProgressStep[] {
  const start = [
    { title: "提交订单", time: order.create_time },
    { title: "付款成功", time: order.pay_time },
  ];
  switch (order.order_type) {
    case 2:
      return [...start, { title: "到店提货", time: order.sign_time }, { title: "完成", time: order.finish_time }];
    case 4:
      return [...start, { title: "核销使用", time: order.sign_time }, { title: "完成", time: order.finish_time }];
    default:
      return [...start, { title: "商家发货", time: order.delivery_time }, { title: "确认收货", time: order.sign_time }, { title: "完成", time: order.finish_time }];
  }
}

/** Index of the last step reached. */
export function currentStep(steps: ProgressStep[]): number {
  let reached = 0;
  steps.forEach((step, index) => {
    if (step.time > 0) reached = index;
  });
  return reached;
}

/** What the shopper should know in this status, under the status name. */
export function statusHint(order: Pick<OrderDetail, "order_status" | "order_type" | "close_cause">, deadline: string): string {
  switch (order.order_status) {
    case -1:
      return order.close_cause ? `关闭原因：${order.close_cause}` : "订单已关闭";
    case 0:
      return deadline ? `请在 ${deadline} 前完成付款，逾期订单将自动关闭` : "请尽快完成付款";
    case 1:
      return order.order_type === 3 ? "商家正在备货，将尽快为您配送" : "商家正在备货，将尽快为您发货";
    case 2:
      return "请凭提货码到门店提货";
    case 3:
      return "商品已发出，请注意查收；超时未确认将自动确认收货";
    case 4:
      return order.order_type === 2 ? "您已提货，感谢您的惠顾" : "您已确认收货，感谢您的惠顾";
    case 11:
      return "请凭核销码使用";
    case 12:
      return "已核销使用，感谢您的惠顾";
    default:
      return "订单已完成，感谢您的惠顾";
  }
}

/** The amounts of the breakdown: label, signed display and whether it is shown for this order. */
export interface AmountRow {
  label: string;
  /** "+" adds to the order, "-" takes off; "" for totals */
  sign: "+" | "-" | "";
  value: string;
}

const isZero = (value: string) => Number(value) === 0;

export function amountRows(order: OrderDetail): AmountRow[] {
  const rows: AmountRow[] = [{ label: "商品金额", sign: "", value: order.goods_money }];
  const optional: AmountRow[] = [
    { label: "运费", sign: "+", value: order.delivery_money },
    { label: "发票税费", sign: "+", value: order.invoice_money },
    { label: "活动优惠", sign: "-", value: order.promotion_money },
    { label: "优惠券", sign: "-", value: order.coupon_money },
    { label: order.point > 0 ? `积分抵扣（${order.point} 积分）` : "积分抵扣", sign: "-", value: order.point_money },
  ];
  rows.push(...optional.filter((row) => !isZero(row.value)));
  if (!isZero(order.adjust_money)) {
    const negative = order.adjust_money.startsWith("-");
    rows.push({ label: "商家调价", sign: negative ? "-" : "+", value: negative ? order.adjust_money.slice(1) : order.adjust_money });
  }
  rows.push({ label: "订单总额", sign: "", value: order.order_money });
  if (!isZero(order.balance_money)) rows.push({ label: "余额抵扣", sign: "-", value: order.balance_money });
  return rows;
}
