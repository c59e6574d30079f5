import type { Db } from "../../db/unit-of-work.ts";

/** A ladder of levels for the tests (not imported by production code): thresholds 0, 500, 2000, 10000. */
export interface TestLadder {
  normal: number;
  silver: number;
  gold: number;
  diamond: number;
}

export const LADDER_GIFTS = {
  silver: { point: 100, balance: 0 },
  gold: { point: 300, balance: 1000 },
  diamond: { point: 1000, balance: 5000 },
} as const;

export async function insertLadder(db: Db): Promise<TestLadder> {
  const insert = async (level_name: string, growth: number, consume_discount: number, is_free_shipping: number, point: number, balance: number, is_default = 0) =>
    (
      await db
        .insertInto("member_level")
        .values({
          level_name, growth, remark: `${level_name}说明`, consume_discount, is_free_shipping, send_point: point, send_balance_cents: balance,
          is_default, sort: growth,
        })
        .returning("level_id")
        .executeTakeFirstOrThrow()
    ).level_id;
  return {
    normal: await insert("普通会员", 0, 100, 0, 0, 0, 1),
    silver: await insert("白银会员", 500, 98, 0, LADDER_GIFTS.silver.point, LADDER_GIFTS.silver.balance),
    gold: await insert("黄金会员", 2000, 95, 0, LADDER_GIFTS.gold.point, LADDER_GIFTS.gold.balance),
    diamond: await insert("钻石会员", 10000, 90, 1, LADDER_GIFTS.diamond.point, LADDER_GIFTS.diamond.balance),
  };
}

export async function memberState(db: Db, memberId: number) {
  return db.selectFrom("member").select(["growth", "member_level", "point", "balance_cents"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();
}

/** A reward-only 满减 coupon type (¥`money` off from ¥`atLeast`, 30 days after receipt), written straight to its table. */
export async function insertCouponType(db: Db, name: string, moneyCents = 1000, atLeastCents = 9900): Promise<number> {
  const row = await db
    .insertInto("coupon_type")
    .values({
      coupon_name: name, type: "reward", money_cents: moneyCents, discount_percent: 0, discount_limit_cents: 0, at_least_cents: atLeastCents,
      goods_type: 1, validity_type: 1, start_time: 0, end_time: 0, fixed_term: 30, max_fetch: 0, total_count: 0, is_show: 0, status: 1,
      sort: 0, create_time: 0, update_time: 0,
    })
    .returning("coupon_type_id")
    .executeTakeFirstOrThrow();
  return row.coupon_type_id;
}
