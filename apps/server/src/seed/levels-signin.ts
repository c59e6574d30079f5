import type { SigninConfig } from "@shop/contract";
import type { Db } from "../db/unit-of-work.ts";
import { setOwnConfig } from "../modules/member-level/own-config.ts";
import { DAY_SECONDS, SHOP_UTC_OFFSET_SECONDS, now } from "../core/time.ts";
import { signIn, signinKey } from "../modules/signin/signin.ts";
import { levelGiftKey } from "../modules/member-level/upgrade.ts";
import { shopDate } from "../modules/signin/shop-day.ts";
import { DEMO_MEMBER_ID } from "./members.ts";
import { Random } from "./random.ts";

/**
 * Sign-in settings, level gift coupons and the demo member's sign-in history (ADR 0016). Runs
 * inside the seed's transaction, after the coupons. The history lies in the days before the seed
 * runs — a streak up to yesterday and a few days before a gap — never today, so 签到 works on the
 * first start. The sign-ins go through the real service (ledger, growth, coupons), then their rows
 * are moved to the days they stand for.
 */

/** Days before today: three, a gap, then six in a row up to yesterday, so that today is day 7 of the cycle (its coupon reward). */
export const DEMO_SIGNIN_DAYS_AGO = [13, 12, 11, 9, 6, 5, 4, 3, 2, 1];

export async function seedLevelsSignin(tx: Db): Promise<void> {
  // The coupon seed's sign-in reward type (by name), and two reward-only types of our own for the upper levels.
  const signinType = await tx.selectFrom("coupon_type").select("coupon_type_id").where("coupon_name", "like", "%签到%").where("status", "=", 1).orderBy("coupon_type_id").executeTakeFirst();
  const signinCoupon = signinType?.coupon_type_id;
  await giveLevelCoupons(tx, 3, await levelCouponType(tx, "黄金会员礼券 满300减30", 3000, 30000));
  await giveLevelCoupons(tx, 4, await levelCouponType(tx, "钻石会员礼券 满500减80", 8000, 50000));

  const config: SigninConfig = {
    is_enable: 1,
    cycle_days: 7,
    daily_point: 5,
    daily_growth: 2,
    rewards: [
      { day: 3, point: 10, growth: 5, coupon_type_ids: [] },
      { day: 5, point: 20, growth: 10, coupon_type_ids: [] },
      { day: 7, point: 50, growth: 20, coupon_type_ids: signinCoupon ? [signinCoupon] : [] },
    ],
  };
  await setOwnConfig(tx, "signin_config", config);
  await dateOrderGrowth(tx);
  await seedDemoSignins(tx, now());
}

/**
 * The seeded orders earned growth (and levels) when the seed paid them, and were then moved to the
 * days of their story: their growth rows follow them to their pay time, and each level reached
 * (with its gifts in the ledger) to the time of the growth that reached it.
 */
async function dateOrderGrowth(tx: Db): Promise<void> {
  const earned = await tx.selectFrom("member_growth_log").select(["id", "business_id"]).where("from_type", "=", "order_pay").execute();
  for (const row of earned) {
    const order = await tx.selectFrom("orders").select("pay_time").where("order_id", "=", Number(row.business_id)).executeTakeFirst();
    if (order?.pay_time) await tx.updateTable("member_growth_log").set({ create_time: order.pay_time }).where("id", "=", row.id).execute();
  }
  const reached = await tx
    .selectFrom("member_level_record")
    .innerJoin("member_level", "member_level.level_id", "member_level_record.level_id")
    .select(["member_level_record.id", "member_level_record.member_id", "member_level_record.level_id", "member_level.growth"])
    .execute();
  for (const record of reached) {
    const reaching = await tx
      .selectFrom("member_growth_log")
      .select("create_time")
      .where("member_id", "=", record.member_id)
      .where("growth_after", ">=", record.growth)
      .orderBy("id")
      .executeTakeFirst();
    if (!reaching) continue;
    await tx.updateTable("member_level_record").set({ create_time: reaching.create_time }).where("id", "=", record.id).execute();
    await tx
      .updateTable("member_account")
      .set({ create_time: reaching.create_time })
      .where("from_type", "=", "level_upgrade")
      .where("business_id", "=", levelGiftKey(record.member_id, record.level_id))
      .execute();
  }
}

/** A reward-only 满减 type (not in the coupon centre), valid 30 days after it is given, unlimited in number. */
async function levelCouponType(tx: Db, name: string, moneyCents: number, atLeastCents: number): Promise<number> {
  const at = now();
  const row = await tx
    .insertInto("coupon_type")
    .values({
      coupon_name: name, type: "reward", money_cents: moneyCents, discount_percent: 0, discount_limit_cents: 0, at_least_cents: atLeastCents,
      goods_type: 1, validity_type: 1, start_time: 0, end_time: 0, fixed_term: 30, max_fetch: 0, total_count: 0, is_show: 0, status: 1,
      sort: 100, create_time: at, update_time: at,
    })
    .returning("coupon_type_id")
    .executeTakeFirstOrThrow();
  return row.coupon_type_id;
}

async function giveLevelCoupons(tx: Db, levelId: number, ...couponTypeIds: Array<number | undefined>): Promise<void> {
  const level = await tx.selectFrom("member_level").select("level_id").where("level_id", "=", levelId).executeTakeFirst();
  if (!level) return;
  for (const couponTypeId of new Set(couponTypeIds)) {
    if (couponTypeId) await tx.insertInto("member_level_coupon").values({ level_id: levelId, coupon_type_id: couponTypeId }).execute();
  }
}

/** The demo's past sign-ins, oldest first, each at a morning time of its shop day. */
async function seedDemoSignins(tx: Db, at: number): Promise<void> {
  const random = new Random(20_160);
  const todayStart = at - ((at + SHOP_UTC_OFFSET_SECONDS) % DAY_SECONDS);
  for (const daysAgo of DEMO_SIGNIN_DAYS_AGO) {
    const signedAt = todayStart - daysAgo * DAY_SECONDS + random.int(7 * 3600, 22 * 3600);
    const record = await signIn(tx, DEMO_MEMBER_ID, signedAt);
    const key = signinKey(DEMO_MEMBER_ID, shopDate(signedAt));
    // The reward rows were stamped with the seed's clock: move them to the day of the sign-in.
    await tx.updateTable("member_account").set({ create_time: record.create_time }).where("from_type", "=", "signin").where("business_id", "=", key).execute();
    await tx.updateTable("member_growth_log").set({ create_time: record.create_time }).where("from_type", "=", "signin").where("business_id", "=", key).execute();
  }
}
