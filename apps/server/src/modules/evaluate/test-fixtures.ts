import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { saveSetting } from "../site/service.ts";
import { createTestOrder, payTestOrder, type TestOrder } from "../order/test-fixtures.ts";
import { OrderType, SYSTEM, transitionOrder } from "../order/state-machine.ts";

/** Orders ready to evaluate, pictures a member uploaded, and the shop's evaluation settings, for the evaluation tests. */

export interface EvaluableOrder extends TestOrder {
  /** order_goods_id of each line, in the order given */
  lineIds: number[];
}

/**
 * A paid order moved on to where it may be evaluated: express 已收货 (or 已完成 with `complete`),
 * pickup 已提货, virtual 已使用, through the state machine as staff and the buyer would.
 */
export async function evaluableOrder(
  db: Db,
  memberId: number,
  lines: Array<{ skuId: number; num: number }>,
  options: { orderType?: number; complete?: boolean } = {},
): Promise<EvaluableOrder> {
  const orderType = options.orderType ?? OrderType.EXPRESS;
  const order = await createTestOrder(db, { memberId, lines, orderType });
  await payTestOrder(db, order);
  await unitOfWork(db, async (tx) => {
    if (orderType === OrderType.PICKUP || orderType === OrderType.VIRTUAL) {
      await transitionOrder(tx, order.orderId, "verify", SYSTEM);
    } else {
      await transitionOrder(tx, order.orderId, "ship", SYSTEM);
      await transitionOrder(tx, order.orderId, "take_delivery", SYSTEM);
    }
    if (options.complete) await transitionOrder(tx, order.orderId, "complete", SYSTEM);
  });
  const rows = await db.selectFrom("order_goods").select("order_goods_id").where("order_id", "=", order.orderId).orderBy("order_goods_id").execute();
  return { ...order, lineIds: rows.map((row) => row.order_goods_id) };
}

let pictureCounter = 0;

/** A picture as the upload call records it for the member (the file itself is not needed to attach it). */
export async function uploadedPicture(db: Db, memberId: number, kind: "evaluate" | "refund" = "evaluate"): Promise<string> {
  pictureCounter += 1;
  const path = `upload/${kind}/20240101/test${process.pid}x${pictureCounter}.jpg`;
  await db.insertInto("member_upload").values({ member_id: memberId, kind, path, size: 1000, width: 100, height: 100, create_time: now() }).execute();
  return path;
}

export async function useEvaluateConfig(db: Db, config: { evaluate_status?: number; evaluate_audit?: number; again_days?: number }): Promise<void> {
  await saveSetting(db, "evaluate_config", { evaluate_status: 1, evaluate_show: 1, evaluate_audit: 0, ...config });
}

/** Moves an order's evaluations back in time (the follow-up window counts from the first one). */
export async function ageEvaluations(db: Db, orderId: number, days: number): Promise<void> {
  await db
    .updateTable("goods_evaluate")
    .set((eb) => ({ create_time: eb("create_time", "-", days * 86400) }))
    .where("order_id", "=", orderId)
    .execute();
}
