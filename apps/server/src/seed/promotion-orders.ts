import { checkoutCreateBody } from "@shop/contract";
import type { Db } from "../db/unit-of-work.ts";
import { previewCheckout } from "../modules/checkout/payment.ts";
import { createOrder } from "../modules/checkout/create.ts";
import type { PromotionSource } from "../modules/promotion/registry.ts";
import { DEMO_MEMBER_ID } from "./members.ts";
import { payBySandbox } from "./orders.ts";
import { dateOrder, type OrderDates } from "./order-dates.ts";

/**
 * A demo member's order bought at a promotion (seckill, group buy, combo) as the promotion's pages
 * buy it: its checkout preview, create by express to the member's default address, the sandbox
 * gateway's payment when `dates.paid` is set; then moved to the times of its story (order-dates.ts).
 * The promotion's hooks must be registered (registerPromotion) and the member must have an address
 * (seedOrders saves them). Answers the order's id.
 */
export async function placeDemoPromotionOrder(db: Db, source: Omit<PromotionSource, "kind">, dates: OrderDates): Promise<number> {
  const address = await db.selectFrom("member_address").select("id").where("member_id", "=", DEMO_MEMBER_ID).orderBy("is_default", "desc").orderBy("id").executeTakeFirst();
  if (!address) throw new Error(`seed ${source.promotion}: the demo member has no address (seedOrders runs first)`);
  const preview = await previewCheckout(db, DEMO_MEMBER_ID, { kind: "promotion", ...source });
  const request = checkoutCreateBody.parse({ order_key: preview.order_key, delivery: { delivery_type: "express" }, member_address: { id: address.id } });
  const outTradeNo = await createOrder(db, DEMO_MEMBER_ID, request);
  if (dates.paid) await payBySandbox(db, outTradeNo);
  const { order_id } = await db.selectFrom("orders").select("order_id").where("out_trade_no", "=", outTradeNo).executeTakeFirstOrThrow();
  await dateOrder(db, order_id, dates);
  return order_id;
}
