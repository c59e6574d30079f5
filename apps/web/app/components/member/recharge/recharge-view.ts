import { RECHARGE_ORDER_FILTERS, type RechargeCoupon, type RechargeOrderFilter } from "@shop/contract";

/** Where the recharge pages live (SPEC §2 member routes) and what their URLs carry. */
export const ACCOUNT_PATH = "/member/account";
export const RECHARGE_LIST_PATH = "/member/recharge_list";
export const RECHARGE_ORDER_PATH = "/member/recharge_order";
export const WITHDRAW_APPLY_PATH = "/member/apply_withdrawal";
export const WITHDRAWAL_LIST_PATH = "/member/withdrawal";
export const rechargeDetailPath = (orderId: number): string => `/member/recharge_detail?order_id=${orderId}`;

export const RECHARGE_ORDER_PAGE_SIZE = 10;

/** The tabs of 充值记录, in order. */
export const RECHARGE_FILTER_LABELS: Record<RechargeOrderFilter, string> = { all: "全部", "0": "待支付", "1": "已支付", "-1": "已关闭" };

export interface RechargeOrderQuery {
  status: RechargeOrderFilter;
  page: number;
}

/** ?status=&page= of /member/recharge_order; values the API would refuse fall back to the defaults. */
export function parseRechargeOrderQuery(url: URL): RechargeOrderQuery {
  const status = url.searchParams.get("status") ?? "all";
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    status: (RECHARGE_ORDER_FILTERS as readonly string[]).includes(status) ? (status as RechargeOrderFilter) : "all",
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
  };
}

export const rechargeOrderHref = (status: RechargeOrderFilter): string => (status === "all" ? RECHARGE_ORDER_PATH : `${RECHARGE_ORDER_PATH}?status=${status}`);

/** "530.00" → "530", "99.50" → "99.5": the big figure of a package card. */
export const shortYuan = (value: string): string => value.replace(/\.00$/, "").replace(/(\.\d)0$/, "$1");

/** What a package or order gives besides its face value, one line each ("" for none). */
export interface RechargeBonus {
  key: string;
  label: string;
  value: string;
}

export function rechargeBonuses(item: { point: number; growth: number; coupon_list: RechargeCoupon[] }): RechargeBonus[] {
  const bonuses: RechargeBonus[] = [];
  if (item.point > 0) bonuses.push({ key: "point", label: "积分", value: `送 ${item.point} 积分` });
  if (item.growth > 0) bonuses.push({ key: "growth", label: "成长值", value: `送 ${item.growth} 成长值` });
  for (const coupon of item.coupon_list) {
    // Names often carry the value already ("充值赠送 满200减20"): then it is not repeated.
    const value = coupon.coupon_desc && !coupon.coupon_name.includes(coupon.coupon_desc) ? `${coupon.coupon_name}（${coupon.coupon_desc}）` : coupon.coupon_name;
    bonuses.push({ key: `coupon-${coupon.coupon_type_id}`, label: "优惠券", value: `送 ${value}` });
  }
  return bonuses;
}
