import { codeOnly, list, oneOf, page, type FieldSpec, type Shape } from "./field-shape.ts";
import { checkoutReads } from "./reads-buying.ts";
import { promotionSpecRows, skuSpecValues } from "./reads-groupbuy.ts";

/**
 * Combos (docs/api/bundling.md): what the reference's combo page and the SKU page's 组合套餐 read,
 * the combo checkout calls, and the staff's combos (ours). getcouponlist of a combo checkout and the
 * staff calls are ours.
 */
const goods: Shape = {
  goods_id: "integer", goods_name: "string", num: "integer", sku_id: "integer", sku_name: "string", sku_image: "picture", price: "money",
  promotion_price: "money", stock: "integer", unit: "string", goods_state: "flag", goods_spec_format: promotionSpecRows,
  sku_list: list({ sku_id: "integer", sku_name: "string", spec_name: "string", sku_spec_format: skuSpecValues, sku_image: "picture", price: "money", stock: "integer" }),
};

const detail: Shape = {
  bl_id: "integer", bl_name: "string", bl_price: "money", goods_money: "money", save_money: "money", start_time: "unix", end_time: "unix",
  status: oneOf(1, 2, 3, -1), status_name: "string", sell_num: "integer", stock: "integer", bundling_goods: list(goods), now: "unix",
};

export const bundlingReads: Record<string, FieldSpec> = {
  "/bundling/api/bundling/lists": list(detail),
  "/bundling/api/bundling/detail": detail,
  "/bundling/api/ordercreate/payment": checkoutReads["/api/ordercreate/payment"]!,
  "/bundling/api/ordercreate/calculate": checkoutReads["/api/ordercreate/calculate"]!,
  "/bundling/api/ordercreate/create": "string",
};

const staffBundling: Shape = { ...detail, create_time: "unix", update_time: "unix" };

/** Ours: the combo checkout's coupons, and staff manage combos. */
export const bundlingAdminReads: Record<string, FieldSpec> = {
  "/bundling/api/ordercreate/getcouponlist": list("any", { mayBeEmpty: true }),
  "/shopapi/bundling/lists": page(staffBundling),
  "/shopapi/bundling/detail": staffBundling,
  "/shopapi/bundling/add": { bl_id: "integer" },
  "/shopapi/bundling/edit": { bl_id: "integer" },
  "/shopapi/bundling/close": codeOnly,
};

/** Calls the reference lacks. */
export const OUR_BUNDLING_CALLS = Object.keys(bundlingAdminReads);
