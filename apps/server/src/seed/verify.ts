import type { Kysely } from "kysely";
import { checkoutCreateBody } from "@shop/contract";
import type { DB } from "../db/schema.ts";
import type { Db } from "../db/unit-of-work.ts";
import { now } from "../core/time.ts";
import { previewPayment } from "../modules/checkout/payment.ts";
import { createOrder } from "../modules/checkout/create.ts";
import { settleTrade } from "../modules/pay/trade.ts";
import { sandboxTradeNo } from "../modules/pay/providers/sandbox.ts";
import { useCode } from "../modules/verify/verify-service.ts";
import { shopDateTime } from "../modules/verify/code-state.ts";
import { DEMO_MEMBER_ID } from "./members.ts";
import { StoryClock, pickSku } from "./orders.ts";
import { dateOrder } from "./order-dates.ts";

/**
 * Verification, alive on first start: the demo member holds the verifier role (核销台 in its member
 * centre; it can verify its own seeded 待提货 and 待使用 codes in the browser), a few verification
 * records it made for a regular customer's pickup and voucher orders, and a validity on the seeded
 * vouchers (so the 待使用 order shows an expiry). The customer's orders go through the real
 * services (checkout, the sandbox payment, the verification service), then are moved to the times
 * of their story. Runs inside the seed's transaction, after seedOrders.
 */

/** The customer whose codes the demo verifier used: a mobile-only account (no password), fixed id. */
export const SEED_CUSTOMER_ID = 2;
/** Days a seeded voucher stays valid after payment. */
export const SEED_VOUCHER_VALIDITY_DAYS = 90;

interface VerifiedStory {
  title: string;
  /** leaf categories to buy from, in order of preference; a voucher when none */
  leaves: string[];
  num: number;
  placed: number;
  paid: number;
  verified: number;
}

function stories(clock: StoryClock): VerifiedStory[] {
  return [
    { title: "已提货：门店自提的面膜", leaves: ["面膜", "口红", "香水"], num: 2, placed: clock.daysAgo(11, "10:05"), paid: clock.daysAgo(11, "10:06"), verified: clock.daysAgo(10, "16:42") },
    { title: "已使用：电子兑换券", leaves: [], num: 1, placed: clock.daysAgo(6, "09:30"), paid: clock.daysAgo(6, "09:31"), verified: clock.daysAgo(5, "12:18") },
    { title: "已提货：门店自提的茶叶", leaves: ["茶叶", "咖啡", "饼干"], num: 1, placed: clock.daysAgo(2, "18:20"), paid: clock.daysAgo(2, "18:21"), verified: clock.daysAgo(1, "16:07") },
  ];
}

async function seedCustomer(db: Db, registered: number): Promise<void> {
  await db
    .insertInto("member")
    .values({
      member_id: SEED_CUSTOMER_ID, username: null, nickname: "周敏", mobile: "13651908826", email: "", password: "", headimg: "",
      member_level: 1, point: 0, balance_cents: 0, balance_money_cents: 0, growth: 0, realname: "", sex: 0, birthday: "", status: 1,
      reg_time: registered, last_login_time: 0, last_login_ip: "",
    })
    .execute();
}

async function tellStory(db: Db, clock: StoryClock, storeId: number, story: VerifiedStory): Promise<void> {
  // The same choice as the demo's orders (seed/orders.ts): pickup goods from the story's leaves, else a voucher.
  const skuId = await pickSku(db, { leaves: story.leaves, num: story.num, voucher: story.leaves.length === 0 }, new Set());
  const preview = await previewPayment(db, SEED_CUSTOMER_ID, { sku_id: skuId, num: story.num });
  const pickup = story.leaves.length > 0;
  const delivery = pickup ? { delivery: { delivery_type: "store", store_id: storeId, buyer_ask_delivery_time: clock.tomorrowAt("15:00") } } : {};
  const outTradeNo = await createOrder(db, SEED_CUSTOMER_ID, checkoutCreateBody.parse({ order_key: preview.order_key, ...delivery }));
  const trade = await db.selectFrom("pay").select("pay_money_cents").where("out_trade_no", "=", outTradeNo).executeTakeFirstOrThrow();
  await settleTrade(db, outTradeNo, {
    payType: "sandbox", tradeNo: sandboxTradeNo(outTradeNo, "demo-seed"), amountCents: trade.pay_money_cents, actor: { type: "system", id: 0, name: "支付通知（sandbox）" },
  });
  const order = await db.selectFrom("orders").select(["order_id", "verify_code"]).where("order_key", "=", preview.order_key).executeTakeFirstOrThrow();
  const { id } = await useCode(db, { kind: "member", memberId: DEMO_MEMBER_ID }, order.verify_code);

  await dateOrder(db, order.order_id, { placed: story.placed, paid: story.paid, shipped: [], received: story.verified });
  // The pickup time the customer asked for: the afternoon of the day after placing.
  if (pickup) {
    const asked = new StoryClock(story.placed).tomorrowAt("15:00");
    await db.updateTable("orders").set({ buyer_ask_delivery_time: asked }).where("order_id", "=", order.order_id).execute();
  }
  await db.updateTable("order_log").set({ create_time: story.verified }).where("order_id", "=", order.order_id).where("action", "=", "verify").execute();
  const { order_no } = await db.selectFrom("orders").select("order_no").where("order_id", "=", order.order_id).executeTakeFirstOrThrow();
  const record = await db.selectFrom("verify_record").select("verify_content_json").where("id", "=", id).executeTakeFirstOrThrow();
  // dateOrder gave the order the number of its placing time, and the voucher's validity starts at its payment: the record follows.
  const expireTime = pickup ? 0 : story.paid + SEED_VOUCHER_VALIDITY_DAYS * 86400;
  const content = JSON.parse(record.verify_content_json) as { remark_array: Array<{ title: string; value: string }> };
  for (const remark of content.remark_array) {
    if (remark.title === "订单编号") remark.value = order_no;
    if (remark.title === "有效期") remark.value = `${shopDateTime(expireTime)} 前有效`;
  }
  await db
    .updateTable("verify_record")
    .set({ verify_time: story.verified, order_no, verify_content_json: JSON.stringify(content), expire_time: expireTime })
    .where("id", "=", id)
    .execute();
}

export async function seedVerification(db: Kysely<DB>): Promise<void> {
  const clock = new StoryClock(now());
  await db.updateTable("goods").set({ virtual_indate: SEED_VOUCHER_VALIDITY_DAYS }).where("goods_class", "=", 2).execute();
  const admin = await db.selectFrom("staff").select("staff_id").where("role", "=", "admin").orderBy("staff_id").executeTakeFirstOrThrow();
  await db
    .insertInto("verifier")
    .values({ member_id: DEMO_MEMBER_ID, verifier_name: "演示核销员", staff_id: admin.staff_id, create_time: clock.daysAgo(30, "09:00"), modify_time: clock.daysAgo(30, "09:00") })
    .execute();
  await seedCustomer(db, clock.daysAgo(40, "20:00"));
  const store = await db.selectFrom("store").select("store_id").where("status", "=", 1).orderBy("store_id").executeTakeFirst();
  if (!store) throw new Error("seed verify: no open store for the pickup orders");
  for (const story of stories(clock)) {
    try {
      await tellStory(db, clock, store.store_id, story);
    } catch (error) {
      throw new Error(`seed verify: 「${story.title}」 failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
