import type { Api } from "../../core/api.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { changeSkuPrice, setGoodsState, setSkuStock } from "./goods-admin.ts";

/** Staff catalog changes (/shopapi/goods/*): each logged, each purging the caches (goods-admin.ts). */
export function registerGoodsAdminRoutes(api: Api): void {
  api.staff("/shopapi/goods/editskuprice", "shop.manage", ({ sku_id, price, market_price }, ctx) =>
    unitOfWork(ctx.db, async (tx) => {
      const changed = await changeSkuPrice(tx, sku_id, price, market_price);
      await logStaffAction(tx, ctx, "goods.price", { type: "sku", id: sku_id }, { price, market_price });
      return changed;
    }),
  );
  api.staff("/shopapi/goods/editskustock", "shop.manage", ({ sku_id, stock }, ctx) =>
    unitOfWork(ctx.db, async (tx) => {
      const changed = await setSkuStock(tx, sku_id, stock);
      await logStaffAction(tx, ctx, "goods.stock", { type: "sku", id: sku_id }, { stock });
      return changed;
    }),
  );
  // Not one unit with the log: the state change re-indexes search in its own transaction.
  api.staff("/shopapi/goods/editgoodsstate", "shop.manage", async ({ goods_ids, goods_state }, ctx) => {
    const changed = await setGoodsState(ctx.db, ctx.dialect, goods_ids, goods_state === 1 ? 1 : 0);
    await logStaffAction(ctx.db, ctx, goods_state === 1 ? "goods.on_sale" : "goods.off_shelf", { type: "goods", id: goods_ids.join(",").slice(0, 64) }, { goods_ids });
    return { changed };
  });
}
