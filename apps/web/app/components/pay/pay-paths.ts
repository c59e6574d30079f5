/**
 * Where the payment pages send the shopper. A merged payment (several orders) has its own cashier
 * and result routes (/pay/payAll, /pay/resultall); they work the same way.
 */
export const ORDER_LIST_PATH = "/member/order_list";
export const HOME_PATH = "/";

const query = (code: string) => `?code=${encodeURIComponent(code)}`;

export const cashierPath = (code: string, merged: boolean) => `${merged ? "/pay/payAll" : "/pay"}${query(code)}`;
export const resultPath = (code: string, merged: boolean) => `${merged ? "/pay/resultall" : "/pay/result"}${query(code)}`;

/** How often the pages ask whether the payment arrived (the reference polls every 2 s). */
export const STATUS_POLL_MS = 2000;
