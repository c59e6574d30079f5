import type { Db } from "./unit-of-work.ts";
import { unitOfWork } from "./unit-of-work.ts";
import { expectAffected } from "./conditional.ts";
import { BizError } from "../core/errors.ts";

/**
 * What a checkout does to stock, cut down for the tests of the unit of work: in one unit, a
 * conditional decrement (`… WHERE stock >= num`, checked) and a row recording the take (an
 * order_log line with action "test_take"). Answers false when the stock was not enough.
 */
export async function takeStockLogged(db: Db, skuId: number, num: number, who: string): Promise<boolean> {
  try {
    await unitOfWork(db, async (tx) => {
      const result = await tx
        .updateTable("goods_sku")
        .set((eb) => ({ stock: eb("stock", "-", num) }))
        .where("sku_id", "=", skuId)
        .where("stock", ">=", num)
        .executeTakeFirst();
      expectAffected(result, 1, "库存不足");
      await tx
        .insertInto("order_log")
        .values({ order_id: skuId, action: "test_take", from_status: 0, to_status: 0, actor_type: "system", actor_id: 0, actor_name: who.slice(0, 50), remark: String(num), create_time: 0 })
        .execute();
    });
    return true;
  } catch (error) {
    if (error instanceof BizError) return false;
    throw error;
  }
}

/** Units taken so far, by the order_log rows takeStockLogged wrote. */
export async function loggedTakes(db: Db, skuId: number): Promise<number> {
  const rows = await db.selectFrom("order_log").select("remark").where("order_id", "=", skuId).where("action", "=", "test_take").execute();
  return rows.reduce((sum, row) => sum + Number(row.remark), 0);
}
