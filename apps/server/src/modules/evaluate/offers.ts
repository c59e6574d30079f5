import type { Db } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { EVALUABLE_STATUSES, EvaluateStatus, evaluateSettings } from "./evaluate-rules.ts";

/** 评价 for an order not evaluated yet, 追评 while its follow-up may still be written. */
export type EvaluationOffer = "evaluate" | "again";

interface OrderState {
  order_id: number;
  order_status: number;
  is_evaluate: number;
}

/**
 * Which of these orders the member may evaluate or follow up now (the order lists' and detail's
 * actions): received/completed/used, the shop's evaluations on, and for 追评 the time since the
 * first evaluation within evaluate_config.again_days. One query, for the evaluated orders only.
 */
export async function evaluationOffers(db: Db, orders: readonly OrderState[]): Promise<Map<number, EvaluationOffer>> {
  const offers = new Map<number, EvaluationOffer>();
  const candidates = orders.filter((order) => EVALUABLE_STATUSES.includes(order.order_status) && order.is_evaluate !== EvaluateStatus.AGAIN);
  if (candidates.length === 0) return offers;
  const settings = await evaluateSettings(db);
  if (!settings.enabled) return offers;
  const evaluated = candidates.filter((order) => order.is_evaluate === EvaluateStatus.EVALUATED).map((order) => order.order_id);
  const firstEvaluated = new Map<number, number>();
  if (evaluated.length > 0) {
    const rows = await db
      .selectFrom("goods_evaluate")
      .select((eb) => ["order_id", eb.fn.min<number>("create_time").as("first_time")])
      .where("order_id", "in", evaluated)
      .groupBy("order_id")
      .execute();
    for (const row of rows) firstEvaluated.set(row.order_id, Number(row.first_time));
  }
  const at = now();
  for (const order of candidates) {
    if (order.is_evaluate === EvaluateStatus.NONE) offers.set(order.order_id, "evaluate");
    const first = firstEvaluated.get(order.order_id);
    if (first !== undefined && at < first + settings.againSeconds) offers.set(order.order_id, "again");
  }
  return offers;
}
