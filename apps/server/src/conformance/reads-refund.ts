import { codeOnly, list, nullable, page, type FieldSpec, type Shape } from "./field-shape.ts";

/**
 * Refunds and complaints (docs/api/refund.md): what a client of the reference's after-sales pages
 * reads (refundData, detail, lists; the others are looked at for `code` only), and the fields of
 * our own calls — the batch form, complaints, the staff API.
 */
const line: Shape = {
  order_goods_id: "integer", order_id: "integer", order_no: "string", sku_id: "integer", sku_name: "string", sku_image: "picture",
  spec_name: "string", price: "money", num: "integer", refund_status: "integer", refund_status_name: "string",
};
const action = list({ event: "string", title: "string" }, { mayBeEmpty: true });
const address = nullable({ name: "string", mobile: "string", address: "string" });
const listItem: Shape = {
  ...line, refund_id: "integer", refund_no: "string", refund_type: "integer", refund_type_name: "string", refund_apply_money: "money",
  refund_real_money: "money", refund_action_time: "unix", refund_action: action,
};
const detail: Shape = {
  ...line, refund_id: "integer", refund_no: "string", refund_type: "integer", refund_type_name: "string", refund_reason: "string",
  refund_remark: "string", refund_images: list("picture", { mayBeEmpty: true }), refund_apply_money: "money", refund_real_money: "money",
  refund_refuse_reason: "string", refund_address: address, refund_delivery_name: "string", refund_delivery_no: "string",
  refund_action_time: "unix", refund_time: "unix",
  refund_log: list({ refund_status: "integer", refund_status_name: "string", action: "string", actor_name: "string", remark: "string", action_time: "unix" }),
  refund_action: action,
};
const complain: Shape = {
  complain_id: "integer", order_goods_id: "integer", refund_id: "integer", complain_status: "integer", complain_status_name: "string",
  complain_reason: "string", complain_remark: "string", complain_images: list("picture", { mayBeEmpty: true }), handle_remark: "string",
  create_time: "unix", handle_time: "unix",
};
const complainItem: Shape = { ...complain, order_no: "string", sku_name: "string", sku_image: "picture", num: "integer" };
const member: Shape = { member_id: "integer", member_username: "string", member_nickname: "string" };

export const refundReads: Record<string, FieldSpec> = {
  "/api/orderrefund/refundData": {
    order_goods_info: line, refund_money: "money", refund_type: list("integer"), refund_reason_type: list("string"), refund_images_max: "integer",
  },
  "/api/orderrefund/refundDataBatch": {
    order_id: "integer", order_no: "string", order_goods_list: list({ ...line, refund_money: "money" }), refund_money: "money",
    refund_delivery_money: "money", refund_type: list("integer"), refund_reason_type: list("string"),
  },
  "/api/orderrefund/refund": codeOnly,
  "/api/orderrefund/detail": detail,
  "/api/orderrefund/delivery": codeOnly,
  "/api/orderrefund/cancel": codeOnly,
  "/api/orderrefund/lists": page(listItem),
  "/api/ordercomplain/detail": {
    refund: {
      refund_id: "integer", order_goods_id: "integer", order_id: "integer", sku_id: "integer", sku_name: "string", real_goods_money: "money",
      refund_status: "integer", refund_refuse_reason: "string",
    },
    can_complain: "boolean", complain: nullable(complain), complain_reason_type: list("string"),
  },
  "/api/ordercomplain/complain": { complain_id: "integer" },
  "/api/ordercomplain/cancel": codeOnly,
  "/api/ordercomplain/lists": page(complainItem),
  "/shopapi/orderrefund/lists": page({ ...listItem, ...member, staff_actions: list("string", { mayBeEmpty: true }) }),
  "/shopapi/orderrefund/detail": { ...detail, ...member, pay_type_name: "string", order_money: "money", staff_actions: list("string", { mayBeEmpty: true }) },
  "/shopapi/orderrefund/agree": { refund_status: "integer" },
  "/shopapi/orderrefund/refuse": codeOnly,
  "/shopapi/orderrefund/receive": codeOnly,
  "/shopapi/orderrefund/transfer": { refund_status: "integer", refund_real_money: "money" },
  "/shopapi/ordercomplain/lists": page({ ...complainItem, ...member }),
  "/shopapi/ordercomplain/detail": { ...complain, ...member, refund: { refund_id: "integer", refund_status: "integer", refund_apply_money: "money" } },
  "/shopapi/ordercomplain/handle": { complain_status: "integer", refund_status: "integer" },
};

/** Ours: the reference has no batch form, no complaints and a server-rendered back office. */
export const OUR_REFUND_CALLS = Object.keys(refundReads).filter((path) => path.startsWith("/shopapi/") || path.includes("ordercomplain") || path.endsWith("refundDataBatch"));
