import dayjs, { type Dayjs } from "dayjs";
import type { StaffCouponType } from "@shop/contract";

/** The coupon form's values (money as typed yuan, the fixed dates as a range) and the wire body they make. */
export interface CouponFormValues {
  coupon_name: string;
  type: "reward" | "discount";
  money?: string;
  discount?: string;
  discount_limit?: string;
  at_least?: string;
  goods_type: 1 | 2 | 3;
  goods_ids?: number[];
  category_ids?: number[];
  validity_type: 0 | 1;
  fixed_term?: number;
  window?: [Dayjs, Dayjs];
  max_fetch: number;
  count: number;
  is_show: boolean;
  sort: number;
}

export const NEW_COUPON: CouponFormValues = {
  coupon_name: "", type: "reward", money: "", discount: "", discount_limit: "0", at_least: "0", goods_type: 1, goods_ids: [], category_ids: [],
  validity_type: 1, fixed_term: 30, max_fetch: 1, count: 0, is_show: true, sort: 0,
};

export function formValuesOf(type: StaffCouponType): CouponFormValues {
  return {
    coupon_name: type.coupon_name,
    type: type.type,
    money: type.type === "reward" ? type.money : "",
    discount: type.type === "discount" ? type.discount : "",
    discount_limit: type.discount_limit,
    at_least: type.at_least,
    goods_type: type.goods_type as 1 | 2 | 3,
    goods_ids: type.goods_ids,
    category_ids: type.category_ids,
    validity_type: type.validity_type as 0 | 1,
    fixed_term: type.validity_type === 1 ? type.fixed_term : 30,
    ...(type.validity_type === 0 ? { window: [dayjs.unix(type.start_time), dayjs.unix(type.end_time)] as [Dayjs, Dayjs] } : {}),
    max_fetch: type.max_fetch,
    count: type.count,
    is_show: type.is_show === 1,
    sort: type.sort,
  };
}

/** The body of /shopapi/coupon/add and /edit: only the fields of the chosen kind, scope and validity. */
export function couponBody(values: CouponFormValues) {
  const reward = values.type === "reward";
  const fixed = values.validity_type === 0;
  return {
    coupon_name: values.coupon_name.trim(),
    type: values.type,
    ...(reward ? { money: values.money ?? "" } : { discount: values.discount ?? "", discount_limit: values.discount_limit || "0" }),
    at_least: values.at_least || "0",
    goods_type: values.goods_type,
    goods_ids: values.goods_type === 2 ? (values.goods_ids ?? []) : [],
    category_ids: values.goods_type === 3 ? (values.category_ids ?? []) : [],
    validity_type: values.validity_type,
    ...(fixed && values.window ? { start_time: values.window[0].unix(), end_time: values.window[1].unix() } : {}),
    ...(fixed ? {} : { fixed_term: values.fixed_term }),
    max_fetch: values.max_fetch ?? 0,
    count: values.count ?? 0,
    is_show: values.is_show ? 1 : 0,
    sort: values.sort ?? 0,
  };
}
