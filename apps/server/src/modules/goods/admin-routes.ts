import { GOODS_IMPORT_FILE_FIELD, GOODS_IMPORT_MAX_BYTES } from "@shop/contract/domains/goods-admin-import";
import type { Api } from "../../core/api.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { changeSkuPrice, changeSkus, setGoodsState, setSkuStock } from "./goods-admin.ts";
import { listStaffGoods } from "./admin-list.ts";
import { addGoods, copyGoods, editGoods, goodsInfo } from "./admin-save.ts";
import { deleteGoodsForGood, recycleGoods, restoreGoods } from "./admin-recycle.ts";
import { registerGoodsTimerJob } from "./admin-timer.ts";
import { importGoodsWorkbook, importTemplate } from "./admin-import.ts";
import { exportGoods } from "./admin-export.ts";

/**
 * The goods editor of the back office (/shopapi/goods/*, permission goods.manage). Each write is
 * one unit of work with its staff_log row, the search index and the cache purge (admin-change.ts).
 */
export function registerGoodsAdminRoutes(api: Api): void {
  registerGoodsTimerJob(api.deps.jobs, api.deps.db, api.deps.dialect);

  api.staff("/shopapi/goods/lists", "goods.manage", (body, ctx) => listStaffGoods(ctx.db, body, 0));
  api.staff("/shopapi/goods/recycle", "goods.manage", (body, ctx) => listStaffGoods(ctx.db, body, 1));
  api.staff("/shopapi/goods/editgetgoodsinfo", "goods.manage", ({ goods_id }, ctx) => goodsInfo(ctx.db, goods_id));
  api.staff("/shopapi/goods/addgoods", "goods.manage", (body, ctx) => addGoods(ctx.db, ctx, body));
  api.staff("/shopapi/goods/editgoods", "goods.manage", ({ goods_id, version, ...form }, ctx) => editGoods(ctx.db, ctx, goods_id, version, form));
  // Excel (admin-import.ts, admin-export.ts): the template and the export answer the file itself.
  api.staff("/shopapi/goods/importtemplate", "goods.manage", (_body, ctx) => importTemplate(ctx.db));
  api.staffUpload("/shopapi/goods/import", "goods.manage", { field: GOODS_IMPORT_FILE_FIELD, maxBytes: GOODS_IMPORT_MAX_BYTES }, ({ dry_run }, file, ctx) =>
    importGoodsWorkbook(ctx.db, ctx, file, dry_run === 1),
  );
  api.staff("/shopapi/goods/exportgoods", "goods.manage", (filter, ctx) =>
    exportGoods(ctx.db, filter, (error) => ctx.request.log.error({ err: error, reqId: ctx.request.id }, "goods export failed while streaming")),
  );
  api.staff("/shopapi/goods/copygoods", "goods.manage", ({ goods_id }, ctx) => copyGoods(ctx.db, ctx, goods_id));
  api.staff("/shopapi/goods/deletegoods", "goods.manage", ({ goods_ids }, ctx) => recycleGoods(ctx.db, ctx, goods_ids));
  api.staff("/shopapi/goods/recoverygoods", "goods.manage", ({ goods_ids }, ctx) => restoreGoods(ctx.db, ctx, goods_ids));
  api.staff("/shopapi/goods/deleterecyclegoods", "goods.manage", ({ goods_ids }, ctx) => deleteGoodsForGood(ctx.db, ctx, goods_ids));

  api.staff("/shopapi/goods/editskuprice", "goods.manage", ({ sku_id, price, market_price }, ctx) =>
    unitOfWork(ctx.db, async (tx) => {
      const changed = await changeSkuPrice(tx, sku_id, price, market_price);
      await logStaffAction(tx, ctx, "goods.price", { type: "sku", id: sku_id }, { price, market_price });
      return changed;
    }),
  );
  api.staff("/shopapi/goods/editskustock", "goods.manage", ({ sku_id, stock }, ctx) =>
    unitOfWork(ctx.db, async (tx) => {
      const changed = await setSkuStock(tx, sku_id, stock);
      await logStaffAction(tx, ctx, "goods.stock", { type: "sku", id: sku_id }, { stock });
      return changed;
    }),
  );
  api.staff("/shopapi/goods/editskus", "goods.manage", ({ sku_list }, ctx) =>
    unitOfWork(ctx.db, async (tx) => {
      const goodsIds = await changeSkus(tx, sku_list);
      await logStaffAction(tx, ctx, "goods.skus", { type: "goods", id: goodsIds.join(",").slice(0, 64) }, { sku_list });
      return { changed: sku_list.length };
    }),
  );
  api.staff("/shopapi/goods/editgoodsstate", "goods.manage", ({ goods_ids, goods_state }, ctx) =>
    unitOfWork(ctx.db, async (tx) => {
      const changed = await setGoodsState(tx, ctx.dialect, goods_ids, goods_state === 1 ? 1 : 0);
      await logStaffAction(tx, ctx, goods_state === 1 ? "goods.on_sale" : "goods.off_shelf", { type: "goods", id: goods_ids.join(",").slice(0, 64) }, { goods_ids: changed });
      return { changed: changed.length };
    }),
  );
}
