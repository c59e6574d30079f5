import { z } from "zod";
import { endpoint, id } from "../endpoint.ts";
import { yuanInput } from "../money-input.ts";

/**
 * The shop's catalog changes (staff, permission shop.manage): each purges the cached pages and data
 * that show the goods, so guests see the change on their next page. Money is yuan ("99.00").
 */
const MAX_STOCK = 99_999_999;

export const goodsAdminEndpoints = {
  /** a SKU's price (and market price); the goods' list price follows its default SKU */
  "/shopapi/goods/editskuprice": endpoint<{ goods_id: number }>()(
    z.object({ sku_id: id, price: yuanInput(), market_price: yuanInput().optional() }),
  ),
  /** a SKU's stock, set outright (a stocktake) */
  "/shopapi/goods/editskustock": endpoint<{ goods_id: number }>()(
    z.object({ sku_id: id, stock: z.coerce.number({ error: "请输入库存" }).int("库存须为整数").min(0, "库存不能为负数").max(MAX_STOCK) }),
  ),
  /** on sale (1) or off the shelf (0), for up to 100 goods at once; answers how many changed */
  "/shopapi/goods/editgoodsstate": endpoint<{ changed: number }>()(
    z.object({
      goods_ids: z.array(id, { error: "请选择商品" }).min(1, "请选择商品").max(100),
      goods_state: z.coerce.number({ error: "请选择商品状态" }).int().min(0, "商品状态只能是 0（下架）或 1（上架）").max(1, "商品状态只能是 0（下架）或 1（上架）"),
    }),
  ),
};
