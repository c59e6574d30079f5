import { codeOnly, list, oneOf, page, type FieldSpec, type Shape } from "./field-shape.ts";

/**
 * Coupons (docs/api/coupon.md): what the reference's coupon pages read (coupon centre, 我的优惠券,
 * the SKU page's coupons), and the staff's coupon types (ours).
 */
const rule: Shape = {
  coupon_type_id: "integer", coupon_name: "string", type: oneOf("reward", "discount"), type_name: "string", money: "money", discount: "string",
  discount_limit: "money", at_least: "money", goods_type: oneOf(1, 2, 3), goods_type_name: "string", validity_type: oneOf(0, 1), use_url: "string",
};

/** A type as offered: its rules, validity and counts. */
const typeFields: Shape = {
  ...rule, start_time: "unix", end_time: "unix", fixed_term: "integer", max_fetch: "integer", count: "integer", lead_count: "integer",
};

/** …with what the caller holds (coupon centre, SKU page). */
const typeItem: Shape = { ...typeFields, received_num: "integer", receive_state: oneOf("available", "limit", "sold_out") };

const staffType: Shape = {
  ...typeFields, is_show: "flag", status: oneOf(1, -1), status_name: "string", used_count: "integer",
  goods_ids: list("integer", { mayBeEmpty: true }), category_ids: list("integer", { mayBeEmpty: true }),
};

export const couponReads: Record<string, FieldSpec> = {
  "/coupon/api/coupon/typepagelists": page(typeItem),
  "/coupon/api/coupon/receive": { coupon_id: "integer", coupon_type_id: "integer", end_time: "unix", received_num: "integer", receive_state: "string" },
  "/coupon/api/coupon/goodsCoupon": list(typeItem),
  "/coupon/api/coupon/memberpage": page({
    ...rule, coupon_id: "integer", state: oneOf(1, 2, 3), state_name: "string", get_type: "string", get_type_name: "string", fetch_time: "unix",
    start_time: "unix", end_time: "unix", use_time: "unix", use_order_id: "integer",
  }),
  "/coupon/api/coupon/num": { unused: "integer", used: "integer", expired: "integer" },
};

/** Ours: staff manage coupon types and the registration pack. */
export const couponAdminReads: Record<string, FieldSpec> = {
  "/shopapi/coupon/lists": page(staffType),
  "/shopapi/coupon/detail": staffType,
  "/shopapi/coupon/add": { coupon_type_id: "integer" },
  "/shopapi/coupon/edit": { coupon_type_id: "integer" },
  "/shopapi/coupon/close": codeOnly,
  "/shopapi/coupon/registerpack": { coupon_type_ids: list("integer"), list: list(staffType) },
  "/shopapi/coupon/setregisterpack": { coupon_type_ids: list("integer") },
};
