import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffContext } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { logStaffAction } from "../staff/staff-log.ts";

/** goods_class of virtual goods (vouchers, services): bought without delivery, used with a code. */
const VIRTUAL_GOODS = 2;

/**
 * /shopapi/goods/editvirtualindate: how many days after payment a virtual goods' code stays valid
 * (0 = never expires). Orders already paid follow the new value too: their expiry is computed from
 * the payment time whenever it is shown or checked (modules/verify/code-state.ts).
 */
export async function setVirtualIndate(db: Db, caller: Pick<StaffContext, "staff" | "ip">, goodsId: number, days: number): Promise<{ goods_id: number }> {
  await unitOfWork(db, async (tx) => {
    const goods = await tx.selectFrom("goods").select(["goods_class", "virtual_indate"]).where("goods_id", "=", goodsId).where("is_delete", "=", 0).executeTakeFirst();
    if (!goods) return fail("商品不存在");
    if (goods.goods_class !== VIRTUAL_GOODS) fail("只有虚拟商品可以设置有效期");
    await tx.updateTable("goods").set({ virtual_indate: days, modify_time: now() }).where("goods_id", "=", goodsId).execute();
    await logStaffAction(tx, caller, "goods.virtual_indate", { type: "goods", id: goodsId }, { from: goods.virtual_indate, to: days });
  });
  return { goods_id: goodsId };
}
