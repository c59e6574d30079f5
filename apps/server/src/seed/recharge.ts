import type { Db } from "../db/unit-of-work.ts";
import { now } from "../core/time.ts";
import { newOrderNo } from "../modules/checkout/order-numbers.ts";
import { settleTrade } from "../modules/pay/trade.ts";
import { sandboxTradeNo } from "../modules/pay/providers/sandbox.ts";
import { RECHARGE_CLOSE_JOB, closeRechargeOrder } from "../modules/recharge/close.ts";
import { storedCouponIds } from "../modules/recharge/coupon-list.ts";
import { RECHARGE_FROM_TYPE } from "../modules/recharge/credit.ts";
import { createRechargeOrder } from "../modules/recharge/orders.ts";
import { SEED_REWARD_COUPON_NAMES } from "./coupons.ts";
import { DEMO_MEMBER_ID } from "./members.ts";
import { DEMO_PAY_WINDOW_SECONDS, StoryClock } from "./orders.ts";

/**
 * Recharge packages and the demo member's recharge history, so /member/recharge_list,
 * recharge_order, recharge_detail and the balance ledger are alive on first start. Every order goes
 * through the real services — createRechargeOrder, settleTrade as the sandbox's notify would,
 * closeRechargeOrder — inside the seed's transaction, so the balance, points, growth, coupons,
 * ledger rows, trades and jobs agree as if the member had paid them; then the rows are moved to the
 * times of the story (relative to the seed run). Deterministic but for order and trade numbers.
 */
interface PackagePlan {
  name: string;
  faceValue: number;
  buyPrice: number;
  point: number;
  growth: number;
  /** names of coupon types the coupon seed made */
  coupons: string[];
  status?: number;
}

const PACKAGES: PackagePlan[] = [
  { name: "充50元", faceValue: 5000, buyPrice: 5000, point: 0, growth: 50, coupons: [] },
  { name: "充100元", faceValue: 10000, buyPrice: 10000, point: 100, growth: 100, coupons: [] },
  { name: "充200送10元", faceValue: 21000, buyPrice: 20000, point: 200, growth: 200, coupons: [] },
  { name: "充500送30元", faceValue: 53000, buyPrice: 50000, point: 500, growth: 500, coupons: [SEED_REWARD_COUPON_NAMES.recharge] },
  { name: "充1000送80元", faceValue: 108000, buyPrice: 100000, point: 1000, growth: 1000, coupons: [SEED_REWARD_COUPON_NAMES.recharge, "全场满199减20"] },
  { name: "春节充值特惠（已结束）", faceValue: 30000, buyPrice: 26800, point: 300, growth: 300, coupons: [], status: 0 },
];

type Story = { package: string; placedDaysAgo: number; at: string } & ({ paid: true } | { closed: true } | { unpaid: true });

/** Oldest first: three paid (one with coupons), one left to close, one waiting at the cashier now. */
const STORIES: Story[] = [
  { package: "充200送10元", placedDaysAgo: 52, at: "20:14", paid: true },
  { package: "充500送30元", placedDaysAgo: 23, at: "12:41", paid: true },
  { package: "充100元", placedDaysAgo: 9, at: "09:03", closed: true },
  { package: "充100元", placedDaysAgo: 6, at: "21:37", paid: true },
  { package: "充1000送80元", placedDaysAgo: 0, at: "", unpaid: true },
];

/** The coupon types (by name) the packages give; a name the coupon seed did not make is left out. */
async function couponTypeIds(db: Db): Promise<Map<string, number>> {
  const names = [...new Set(PACKAGES.flatMap((plan) => plan.coupons))];
  const rows = names.length ? await db.selectFrom("coupon_type").select(["coupon_type_id", "coupon_name"]).where("coupon_name", "in", names).execute() : [];
  return new Map(rows.map((row) => [row.coupon_name, row.coupon_type_id]));
}

export async function seedRecharge(tx: Db): Promise<void> {
  const clock = new StoryClock(now());
  const couponTypes = await couponTypeIds(tx);
  const packageIds = new Map<string, number>();
  for (const [index, plan] of PACKAGES.entries()) {
    const row = await tx
      .insertInto("member_recharge")
      .values({
        recharge_name: plan.name, face_value_cents: plan.faceValue, buy_price_cents: plan.buyPrice, point: plan.point, growth: plan.growth,
        coupon_id: storedCouponIds(plan.coupons.flatMap((name) => couponTypes.get(name) ?? [])), sale_num: 0, status: plan.status ?? 1, sort: index + 1,
        create_time: clock.daysAgo(90, "10:00"), update_time: clock.daysAgo(90, "10:00"),
      })
      .returning("recharge_id")
      .executeTakeFirstOrThrow();
    packageIds.set(plan.name, row.recharge_id);
  }
  for (const story of STORIES) await tellStory(tx, clock, packageIds.get(story.package)!, story);
}

async function tellStory(tx: Db, clock: StoryClock, rechargeId: number, story: Story): Promise<void> {
  const outTradeNo = await createRechargeOrder(tx, DEMO_MEMBER_ID, rechargeId);
  const order = await tx.selectFrom("member_recharge_order").select(["order_id", "buy_price_cents"]).where("out_trade_no", "=", outTradeNo).executeTakeFirstOrThrow();
  const placed = "unpaid" in story ? clock.minutesAgo(5) : clock.daysAgo(story.placedDaysAgo, story.at);
  // The number of the day it was placed, before paying: the ledger and growth remarks quote it.
  await tx.updateTable("member_recharge_order").set({ order_no: newOrderNo(placed * 1000) }).where("order_id", "=", order.order_id).execute();
  if ("paid" in story) {
    const outcome = await settleTrade(tx, outTradeNo, {
      payType: "sandbox", tradeNo: sandboxTradeNo(outTradeNo, "demo-seed"), amountCents: order.buy_price_cents, actor: { type: "system", id: 0, name: "支付通知（sandbox）" },
    });
    if (outcome !== "paid") throw new Error(`seed recharge: trade ${outTradeNo} was ${outcome}`);
  }
  if ("closed" in story && !(await closeRechargeOrder(tx, order.order_id))) throw new Error(`seed recharge: order ${order.order_id} did not close`);
  await dateStory(tx, clock, order.order_id, outTradeNo, placed, story);
}

/** Moves the order, its trade, ledger and growth rows and its close timer to the story's times. */
async function dateStory(tx: Db, clock: StoryClock, orderId: number, outTradeNo: string, placed: number, story: Story): Promise<void> {
  const paidAt = placed + 95;
  const closedAt = placed + 30 * 60;
  const payableUntil = "unpaid" in story ? clock.at + DEMO_PAY_WINDOW_SECONDS : 0;
  await tx
    .updateTable("member_recharge_order")
    .set({
      create_time: placed,
      ...("paid" in story ? { pay_time: paidAt } : {}),
      ...("closed" in story ? { close_time: closedAt } : {}),
      ...("unpaid" in story ? { auto_close_time: payableUntil } : {}),
    })
    .where("order_id", "=", orderId)
    .execute();
  await tx
    .updateTable("pay")
    .set({ create_time: placed, ...("paid" in story ? { pay_time: paidAt } : {}), ...("closed" in story ? { close_time: closedAt } : {}) })
    .where("out_trade_no", "=", outTradeNo)
    .execute();
  if ("paid" in story) {
    await tx.updateTable("member_account").set({ create_time: paidAt }).where("from_type", "=", RECHARGE_FROM_TYPE).where("business_id", "=", String(orderId)).execute();
    await tx.updateTable("member_growth_log").set({ create_time: paidAt }).where("from_type", "=", RECHARGE_FROM_TYPE).where("business_id", "=", String(orderId)).execute();
  }
  // The timers of paid and closed orders fall due at once and find nothing to close, as they would have.
  await tx
    .updateTable("job")
    .set({ run_at: "unpaid" in story ? payableUntil : closedAt, create_time: placed, update_time: placed })
    .where("dedupe_key", "=", `${RECHARGE_CLOSE_JOB}:${orderId}`)
    .execute();
}
