import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffContext } from "../../core/context.ts";
import { now } from "../../core/time.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { goodsChanged } from "./admin-change.ts";
import { refuseGoodsInUse } from "./admin-guards.ts";

/**
 * The recycle bin (/shopapi/goods/deletegoods, recoverygoods, deleterecyclegoods): deleting moves
 * goods out of the storefront (is_delete = 1) and can be undone; restored goods come back off the
 * shelf. Deleting for good works from the bin only, and never while an order refers to the goods.
 */
type Caller = Pick<StaffContext, "staff" | "ip" | "dialect">;

const idsOf = (rows: Array<{ goods_id: number }>) => rows.map((row) => row.goods_id);
const logTarget = (goodsIds: number[]) => ({ type: "goods", id: goodsIds.join(",").slice(0, 64) });

export async function recycleGoods(db: Db, caller: Caller, goodsIds: number[]): Promise<{ changed: number }> {
  return unitOfWork(db, async (tx) => {
    const changed = idsOf(
      await tx.updateTable("goods").set({ is_delete: 1, delete_time: now(), modify_time: now() }).where("goods_id", "in", goodsIds).where("is_delete", "=", 0).returning("goods_id").execute(),
    );
    await logStaffAction(tx, caller, "goods.delete", logTarget(goodsIds), { goods_ids: changed });
    await goodsChanged(tx, caller.dialect, changed);
    return { changed: changed.length };
  });
}

export async function restoreGoods(db: Db, caller: Caller, goodsIds: number[]): Promise<{ changed: number }> {
  return unitOfWork(db, async (tx) => {
    const changed = idsOf(
      await tx.updateTable("goods").set({ is_delete: 0, goods_state: 0, delete_time: 0, modify_time: now() }).where("goods_id", "in", goodsIds).where("is_delete", "=", 1).returning("goods_id").execute(),
    );
    await logStaffAction(tx, caller, "goods.restore", logTarget(goodsIds), { goods_ids: changed });
    await goodsChanged(tx, caller.dialect, changed);
    return { changed: changed.length };
  });
}

export async function deleteGoodsForGood(db: Db, caller: Caller, goodsIds: number[]): Promise<{ changed: number }> {
  return unitOfWork(db, async (tx) => {
    const ids = idsOf(await tx.selectFrom("goods").select("goods_id").where("goods_id", "in", goodsIds).where("is_delete", "=", 1).execute());
    if (ids.length === 0) return { changed: 0 };
    await refuseGoodsInUse(tx, ids);
    const skuIds = (await tx.selectFrom("goods_sku").select("sku_id").where("goods_id", "in", ids).execute()).map((row) => row.sku_id);
    if (skuIds.length > 0) await tx.deleteFrom("cart").where("sku_id", "in", skuIds).execute();
    await tx.deleteFrom("goods_collect").where("goods_id", "in", ids).execute();
    await tx.deleteFrom("goods_browse").where("goods_id", "in", ids).execute();
    await tx.deleteFrom("coupon_type_scope").where("goods_id", "in", ids).execute();
    await tx.deleteFrom("goods_sku").where("goods_id", "in", ids).execute();
    await tx.deleteFrom("goods").where("goods_id", "in", ids).execute();
    await logStaffAction(tx, caller, "goods.delete_forever", logTarget(ids), { goods_ids: ids });
    await goodsChanged(tx, caller.dialect, ids);
    return { changed: ids.length };
  });
}
