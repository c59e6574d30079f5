import { z } from "zod";
import { endpoint, id, paging, text } from "../endpoint.ts";
import { yuanInput } from "../money-input.ts";
import type { Page } from "../codes.ts";
import { addGoodsBody, editGoodsBody, MAX_STOCK } from "./goods-admin-form.ts";

export * from "./goods-admin-form.ts";

/**
 * The goods editor of the back office (/shopapi/goods/*, permission goods.manage), named after
 * Niushop's shop admin Goods controller. Every write purges the cached pages of the goods and
 * re-indexes search, so guests see the change on their next request. Money is yuan ("99.00").
 */

/** A row of the back office's goods list. */
export interface StaffGoodsItem {
  goods_id: number;
  goods_name: string;
  /** the main picture */
  goods_image: string;
  goods_class: number;
  goods_state: number;
  price: string;
  market_price: string;
  /** the sum over its SKUs */
  goods_stock: number;
  sale_num: number;
  virtual_sale: number;
  sku_count: number;
  /** SKUs at or below their stock alarm */
  stock_alarm_count: number;
  brand_name: string;
  label_name: string;
  sort: number;
  create_time: number;
  timer_on: number;
  timer_off: number;
  /** recycle list only */
  delete_time: number;
}

export interface StaffSku {
  sku_id: number;
  sku_name: string;
  spec_name: string;
  sku_no: string;
  /** JSON array of {spec_id, spec_name, spec_value_id, spec_value_name} */
  sku_spec_format: string;
  price: string;
  market_price: string;
  cost_price: string;
  stock: number;
  stock_alarm: number;
  sale_num: number;
  /** kilograms */
  weight: string;
  /** cubic metres */
  volume: string;
  sku_image: string;
  sku_images: string;
  is_default: number;
}

/** What editgetgoodsinfo answers: the form's fields as stored, and the version to send back. */
export interface StaffGoodsInfo {
  goods_id: number;
  version: number;
  goods_name: string;
  goods_class: number;
  /** the category path, level 1 first */
  category_id: number[];
  brand_id: number;
  brand_name: string;
  /** comma list, first = main */
  goods_image: string;
  video_url: string;
  goods_content: string;
  introduction: string;
  keywords: string;
  unit: string;
  goods_service_ids: string;
  label_id: number;
  goods_state: number;
  is_delete: number;
  sort: number;
  support_trade_type: string;
  is_free_shipping: number;
  shipping_template: number;
  virtual_indate: number;
  min_buy: number;
  max_buy: number;
  virtual_sale: number;
  is_consume_discount: number;
  timer_on: number;
  timer_off: number;
  goods_attr_format: string;
  goods_spec_format: string;
  sku_list: StaffSku[];
}

const goodsIds = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",").filter(Boolean) : typeof value === "number" ? [value] : value),
  z.array(id).min(1).max(100),
);
const stockInput = z.coerce.number().int().min(0).max(MAX_STOCK);

export const GOODS_LIST_ORDERS = ["create_time", "price", "sale_num", "stock", "sort"] as const;

/** The goods list's filters and order (goods/lists; goods/exportgoods exports what they select). */
export const goodsListFilterFields = {
  search_text: text(50).default(""),
  category_id: z.coerce.number().int().min(0).default(0),
  brand_id: z.coerce.number().int().min(0).default(0),
  label_id: z.coerce.number().int().min(0).default(0),
  goods_class: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(1).max(2).optional()),
  /** "" all, 1 on sale, 0 off the shelf */
  goods_state: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(0).max(1).optional()),
  stockalarm: z.coerce.number().int().min(0).max(1).default(0),
  order: z.enum(["", ...GOODS_LIST_ORDERS]).default(""),
  sort: z.enum(["asc", "desc"]).default("desc"),
};

export const goodsAdminEndpoints = {
  /** the goods list: filters, sort (order + sort), paging; `stockalarm: 1` = goods with a SKU at or below its alarm */
  "/shopapi/goods/lists": endpoint<Page<StaffGoodsItem>>()(
    z.object({ ...paging, page_size: z.coerce.number().int().min(1).max(100).default(20), ...goodsListFilterFields }),
  ),
  "/shopapi/goods/addgoods": endpoint<{ goods_id: number }>()(addGoodsBody),
  /** refused when `version` is not the stored one (someone saved in between): 刷新后重试 */
  "/shopapi/goods/editgoods": endpoint<{ goods_id: number; version: number }>()(editGoodsBody),
  "/shopapi/goods/editgetgoodsinfo": endpoint<StaffGoodsInfo>()(z.object({ goods_id: id })),
  /** a SKU's price (and market price); the goods' list price follows its default SKU */
  "/shopapi/goods/editskuprice": endpoint<{ goods_id: number }>()(
    z.object({ sku_id: id, price: yuanInput(), market_price: yuanInput().optional() }),
  ),
  /** a SKU's stock, set outright (a stocktake) */
  "/shopapi/goods/editskustock": endpoint<{ goods_id: number }>()(z.object({ sku_id: id, stock: stockInput })),
  /** prices and/or stock of several SKUs (of any goods) in one unit of work: all or none */
  "/shopapi/goods/editskus": endpoint<{ changed: number }>()(
    z.object({
      sku_list: z
        .array(
          z.object({
            sku_id: id,
            price: yuanInput().optional(),
            market_price: yuanInput().optional(),
            cost_price: yuanInput().optional(),
            stock: stockInput.optional(),
          }),
        )
        .min(1)
        .max(500),
    }),
  ),
  /** on sale (1) or off the shelf (0), for up to 100 goods at once; answers how many changed */
  "/shopapi/goods/editgoodsstate": endpoint<{ changed: number }>()(
    z.object({
      goods_ids: goodsIds,
      goods_state: z.coerce.number({ error: "请选择商品状态" }).int().min(0, "商品状态只能是 0（下架）或 1（上架）").max(1, "商品状态只能是 0（下架）或 1（上架）"),
    }),
  ),
  /** to the recycle bin (off the storefront; restorable) */
  "/shopapi/goods/deletegoods": endpoint<{ changed: number }>()(z.object({ goods_ids: goodsIds })),
  /** the recycle bin */
  "/shopapi/goods/recycle": endpoint<Page<StaffGoodsItem>>()(
    z.object({ ...paging, page_size: z.coerce.number().int().min(1).max(100).default(20), search_text: text(50).default("") }),
  ),
  /** back from the recycle bin (off the shelf: put on sale again explicitly) */
  "/shopapi/goods/recoverygoods": endpoint<{ changed: number }>()(z.object({ goods_ids: goodsIds })),
  /** deleted for good, from the recycle bin only; refused while orders or promotions refer to it */
  "/shopapi/goods/deleterecyclegoods": endpoint<{ changed: number }>()(z.object({ goods_ids: goodsIds })),
  /** a copy (off the shelf, SKU numbers cleared) to edit */
  "/shopapi/goods/copygoods": endpoint<{ goods_id: number }>()(z.object({ goods_id: id })),
};
