import { codeOnly, json, list, oneOf, page, variants, type FieldSpec, type Shape } from "./field-shape.ts";

/**
 * What a reference client reads from the buying calls: the reference's "Cart" and "Checkout, orders,
 * pay" parts, and SPEC §3's cart item and order (order_name, order_status_name, delivery_type_name,
 * order_money, order_goods[{sku_image}]).
 */

const orderGoods: Shape = {
  order_goods_id: "integer", goods_id: "integer", sku_id: "integer", sku_name: "string", sku_image: "picture", price: "money", num: "integer",
  refund_status: "integer", refund_status_name: "string",
};

export const orderListItem: Shape = {
  order_id: "integer", order_no: "string", out_trade_no: "string", order_name: "string", order_type: "integer", order_status: "integer",
  order_status_name: "string", delivery_type_name: "string", order_money: "money", pay_money: "money", goods_num: "integer",
  create_time: "unix", order_goods: list(orderGoods), action: list({ action: "string", title: "string" }, { mayBeEmpty: true }),
};

const checkoutLine: Shape = { sku_id: "integer", sku_name: "string", sku_image: "picture", num: "integer", price: "money", goods_money: "money" };
const checkoutStore: Shape = { store_id: "integer", store_name: "string", telphone: "string", full_address: "string", open_date: "string" };

export const cartReads: Record<string, FieldSpec> = {
  "/api/cart/add": "integer",
  "/api/cart/edit": codeOnly,
  "/api/cart/delete": codeOnly,
  "/api/cart/count": "integer",
  "/api/cart/goodslists": list({
    cart_id: "integer", site_id: "integer", sku_id: "integer", num: "integer", sku_name: "string", goods_name: "string", price: "money",
    discount_price: "money", member_price: "money", stock: "integer", goods_state: "integer", sku_image: "picture",
    sku_spec_format: json(list({ spec_id: "integer", spec_name: "string", spec_value_id: "integer", spec_value_name: "string" }, { mayBeEmpty: true })),
    max_buy: "integer", min_buy: "integer",
  }),
  // Ours (the cart page's 清空失效商品).
  "/api/cart/clearinvalid": "integer",
};

export const checkoutReads: Record<string, FieldSpec> = {
  "/api/ordercreate/payment": {
    order_key: "string",
    is_virtual: "flag",
    goods_list: list(checkoutLine),
    goods_money: "money",
    delivery: { express_type: list({ name: "string", title: "string", store_list: list(checkoutStore) }) },
    member_account: { balance_total: "money", is_pay_password: "flag" },
    invoice: { is_enable: "flag" },
  },
  "/api/ordercreate/calculate": {
    goods_list: list(checkoutLine), goods_money: "money", delivery_money: "money", coupon_money: "money", promotion_money: "money",
    point_money: "money", balance_money: "money", invoice_money: "money", pay_money: "money", max_usable_point: "integer",
  },
  "/api/ordercreate/getcouponlist": list("any", { mayBeEmpty: true }),
  // data = out_trade_no; the client goes to /pay?code= (or /pay/result?code= when nothing is left to pay).
  "/api/ordercreate/create": "string",
};

export const payReads: Record<string, FieldSpec> = {
  "/api/pay/info": {
    out_trade_no: "string", pay_type: "string", pay_money: "money", pay_status: oneOf(0, 1, 2, -1), order_id: "integer", auto_close_time: "unix",
  },
  "/api/pay/type": { pay_type: "string" },
  "/api/pay/pay": variants("type", { url: { data: "string" }, qrcode: { qrcode: "picture" } }),
  "/api/pay/status": { pay_status: oneOf(0, 1, 2, -1) },
  "/api/order/pay": "string",
};

export const orderReads: Record<string, FieldSpec> = {
  "/api/order/lists": { page_count: "integer", count: "integer", list: list(orderListItem), auto_close: "integer" },
  "/api/order/detail": {
    ...orderListItem,
    name: "string", mobile: "string", full_address: "string", address: "string", goods_money: "money", delivery_money: "money",
    pay_type_name: "string", buyer_message: "string", pay_time: "unix",
  },
  "/api/order/close": codeOnly,
  "/api/order/takedelivery": codeOnly,
  "/api/order/delete": codeOnly,
  "/api/order/package": list({
    package_name: "string", express_company_name: "string", delivery_no: "string",
    goods_list: list({ sku_id: "integer", sku_name: "string", sku_image: "picture", num: "integer" }),
    trace: { success: "boolean", reason: "string", list: list({ time: "unix", remark: "string" }) },
  }),
  "/api/order/num": { waitpay: "integer", waitsend: "integer", waitconfirm: "integer", wait_use: "integer", waitrate: "integer" },
  "/api/order/evluateinfo": {
    evaluate_status: "integer",
    list: list({ order_goods_id: "integer", goods_id: "integer", sku_id: "integer", sku_name: "string", sku_image: "picture", price: "money", num: "integer" }),
  },
};

/** Ours: the staff API has no counterpart in the reference (its back office is server-rendered). */
const staffOrderItem: Shape = { ...orderListItem, member_id: "integer", member_username: "string", member_nickname: "string", name: "string", mobile: "string" };
export const staffReads: Record<string, FieldSpec> = {
  "/shopapi/login/login": {
    token: "string", expire_time: "unix",
    staff: { staff_id: "integer", username: "string", nickname: "string", role: "string", permissions: list("string") },
  },
  "/shopapi/login/logout": codeOnly,
  "/shopapi/staff/info": { staff_id: "integer", username: "string", nickname: "string", role: "string", permissions: list("string") },
  "/shopapi/order/lists": page(staffOrderItem),
  "/shopapi/order/detail": { ...staffOrderItem, order_log: list({ action: "string", status_name: "string", actor_name: "string", create_time: "unix" }) },
  "/shopapi/order/delivery": { package_ids: list("integer"), order_status: "integer" },
  "/shopapi/order/adjustprice": { pay_money: "money", out_trade_no: "string" },
  "/shopapi/order/close": codeOnly,
  "/shopapi/order/verify": { order_id: "integer", order_no: "string", order_status: "integer", order_status_name: "string" },
  "/shopapi/express/companies": list({ company_id: "integer", company_name: "string", code: "string" }),
  "/shopapi/pay/refunds": page(
    { out_trade_no: "string", member_id: "integer", pay_type: "string", pay_money: "money", pay_time: "unix", order_ids: list("integer"), refund_status: "integer" },
  ),
  "/shopapi/pay/refund": codeOnly,
  "/shopapi/goods/editskuprice": { goods_id: "integer" },
  "/shopapi/goods/editskustock": { goods_id: "integer" },
  "/shopapi/goods/editgoodsstate": { changed: "integer" },
};
