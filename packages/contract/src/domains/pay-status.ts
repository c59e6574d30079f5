/**
 * The cashier: a trade (out_trade_no) pays one order or several (merged payment). Money is a string
 * with two decimals; times are unix seconds. pay_status: 0 pending, 1 paying (sent to a gateway),
 * 2 paid, -1 cancelled (its orders closed or are paid by a newer trade).
 */
export const PAY_STATUS = { CANCELLED: -1, PENDING: 0, PAYING: 1, PAID: 2 } as const;

/** Chinese names of every payment method the shop has or had (order details, logs, refunds). */
export const PAY_TYPE_NAMES: Readonly<Record<string, string>> = {
  balance: "余额支付", sandbox: "演示支付", alipay: "支付宝支付", wechatpay: "微信支付", offlinepay: "线下支付",
};

/** The Chinese name of a payment method ("" for none, the code itself for one we never had). */
export const payTypeName = (payType: string): string => (payType ? (PAY_TYPE_NAMES[payType] ?? payType) : "");
