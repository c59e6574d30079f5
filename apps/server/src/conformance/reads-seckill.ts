import { codeOnly, list, nullable, oneOf, page, type FieldSpec, type Shape } from "./field-shape.ts";
import { checkoutReads } from "./reads-buying.ts";
import { promotionSpecRows, skuSpecValues } from "./reads-groupbuy.ts";

/**
 * Seckill (docs/api/seckill.md): what the reference's seckill pages read (the day's slots, a slot's
 * goods, a seckill's page, the SKU page's seckill block, the seckill checkout), and the staff's
 * slots and seckills (ours).
 */
const slotState = oneOf("running", "upcoming", "ended");
const goodsState = oneOf("running", "upcoming", "sold_out", "ended");

const slot: Shape = {
  id: "integer", name: "string", seckill_start_time: "integer", seckill_end_time: "integer", start_time_text: "string", end_time_text: "string",
  state: slotState, state_name: "string", start_at: "unix", end_at: "unix",
};

const window: Shape = { state: slotState, state_name: "string", time_id: "integer", slot_name: "string", start_at: "unix", end_at: "unix" };

const goodsItem: Shape = {
  id: "integer", seckill_id: "integer", seckill_name: "string", goods_id: "integer", sku_id: "integer", goods_name: "string", sku_image: "picture",
  seckill_price: "money", price: "money", stock: "integer", sale_num: "integer", total_num: "integer", progress: "integer", max_buy: "integer",
  state: goodsState, state_name: "string",
};

const skuItem: Shape = {
  sku_id: "integer", sku_name: "string", spec_name: "string", sku_spec_format: skuSpecValues, sku_image: "picture", seckill_price: "money", price: "money",
  stock: "integer", sale_num: "integer",
};

const staffSlot: Shape = { ...slot, status: "flag", sort: "integer", seckill_count: "integer" };

const staffSeckill: Shape = {
  seckill_id: "integer", seckill_name: "string", goods_id: "integer", goods_name: "string", goods_image: "pictures", start_time: "unix", end_time: "unix",
  max_buy: "integer", status: oneOf(1, -1), phase: oneOf("upcoming", "running", "ended", "closed"), phase_name: "string", remark: "string",
  time_ids: list("integer"), stock: "integer", sale_num: "integer", sku_list: list({ ...skuItem, goods_stock: "integer" }), create_time: "unix", update_time: "unix",
};

export const seckillReads: Record<string, FieldSpec> = {
  "/seckill/api/seckill/lists": { list: list(slot), current_id: "integer", current_time: "unix" },
  "/seckill/api/seckillgoods/page": { ...page(goodsItem), slot, current_time: "unix" },
  "/seckill/api/seckillgoods/detail": {
    ...goodsItem, goods_image: "pictures", goods_content: "string", unit: "string", goods_spec_format: promotionSpecRows, start_time: "unix", end_time: "unix",
    member_bought: "integer",
    status: oneOf(1, -1), window, slots: list(slot), sku_list: list(skuItem), current_time: "unix",
  },
  "/seckill/api/seckillgoods/info": nullable({
    seckill_id: "integer", seckill_name: "string", sku_id: "integer", goods_id: "integer", seckill_price: "money", price: "money", stock: "integer",
    sale_num: "integer", max_buy: "integer", state: goodsState, state_name: "string", window, current_time: "unix",
  }),
  "/seckill/api/ordercreate/payment": checkoutReads["/api/ordercreate/payment"]!,
  "/seckill/api/ordercreate/calculate": checkoutReads["/api/ordercreate/calculate"]!,
  "/seckill/api/ordercreate/create": "string",
};

/** Ours: staff manage the day's slots and the seckills. */
export const seckillAdminReads: Record<string, FieldSpec> = {
  "/shopapi/seckill/timelists": list(staffSlot),
  "/shopapi/seckill/timeadd": { id: "integer" },
  "/shopapi/seckill/timeedit": { id: "integer" },
  "/shopapi/seckill/timedelete": codeOnly,
  "/shopapi/seckill/lists": page(staffSeckill),
  "/shopapi/seckill/detail": staffSeckill,
  "/shopapi/seckill/add": { seckill_id: "integer" },
  "/shopapi/seckill/edit": { seckill_id: "integer" },
  "/shopapi/seckill/close": codeOnly,
  "/shopapi/seckill/config": { auto_close_minutes: "integer" },
  "/shopapi/seckill/setconfig": { auto_close_minutes: "integer" },
};

/** Calls the reference lacks. */
export const OUR_SECKILL_CALLS = Object.keys(seckillAdminReads);
