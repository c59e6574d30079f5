import { codeOnly, json, list, oneOf, page, type FieldSpec, type Shape } from "./field-shape.ts";
import { checkoutReads } from "./reads-buying.ts";

/**
 * Group buys (docs/api/groupbuy.md): what the reference's group-buy pages read (the list of running
 * group buys, a group buy's page, its own checkout calls), and the staff's group buys (ours).
 */
/** A promotion SKU's sku_spec_format: its own value of each spec ("[]" without specs). Shared by the promotions' reads. */
export const skuSpecValues = json(list({ spec_id: "integer", spec_name: "string", spec_value_id: "integer", spec_value_name: "string" }, { mayBeEmpty: true }));

/** A promotion page's goods_spec_format (PromotionSpecRow[]): the goods' specs and every value, "[]" without specs. */
export const promotionSpecRows = json(
  list(
    {
      spec_id: "integer",
      spec_name: "string",
      value: list({ spec_id: "integer", spec_name: "string", spec_value_id: "integer", spec_value_name: "string", image: "picture" }),
    },
    { mayBeEmpty: true },
  ),
);

const item: Shape = {
  groupbuy_id: "integer", groupbuy_name: "string", goods_id: "integer", sku_id: "integer", goods_name: "string", sku_name: "string",
  sku_image: "picture", price: "money", groupbuy_price: "money", buy_num: "integer", sell_num: "integer", stock: "integer", start_time: "unix",
  end_time: "unix", status: oneOf(1, 2, 3, -1), status_name: "string",
};

const sku: Shape = {
  sku_id: "integer", sku_name: "string", spec_name: "string", sku_spec_format: skuSpecValues, sku_image: "picture", price: "money",
  groupbuy_price: "money", stock: "integer",
};

export const groupbuyReads: Record<string, FieldSpec> = {
  "/groupbuy/api/goods/page": page(item),
  "/groupbuy/api/goods/detail": {
    ...item, goods_image: "pictures", introduction: "string", unit: "string", goods_spec_format: promotionSpecRows, max_buy: "integer", goods_state: "flag",
    sku_list: list(sku), now: "unix",
    goods_sku_detail: { groupbuy_id: "integer", sku_id: "integer", goods_id: "integer", sku_name: "string", sku_image: "picture", price: "money", groupbuy_price: "money", buy_num: "integer", stock: "integer" },
  },
  "/groupbuy/api/ordercreate/payment": checkoutReads["/api/ordercreate/payment"]!,
  "/groupbuy/api/ordercreate/calculate": checkoutReads["/api/ordercreate/calculate"]!,
  "/groupbuy/api/ordercreate/create": "string",
};

const staffGroupbuy: Shape = { ...item, sku_list: list(sku), create_time: "unix", update_time: "unix" };

/** Ours: staff manage group buys. */
export const groupbuyAdminReads: Record<string, FieldSpec> = {
  "/shopapi/groupbuy/lists": page(staffGroupbuy),
  "/shopapi/groupbuy/detail": staffGroupbuy,
  "/shopapi/groupbuy/add": { groupbuy_id: "integer" },
  "/shopapi/groupbuy/edit": { groupbuy_id: "integer" },
  "/shopapi/groupbuy/close": codeOnly,
};

/** Calls the reference lacks. */
export const OUR_GROUPBUY_CALLS = Object.keys(groupbuyAdminReads);
