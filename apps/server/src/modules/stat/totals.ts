import type { StatTotal } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";

/** A number the databases answer for an aggregate: PostgreSQL sends bigints and sums as strings, an empty sum as null. */
export const count = (value: number | string | bigint | null | undefined): number => Number(value ?? 0);

/** A validated range, [start_time, end_time) in unix seconds (contract statRange). */
export interface StatTimeRange {
  start_time: number;
  end_time: number;
}
type Range = StatTimeRange;

/**
 * The range's totals (/shopapi/stat/getstattotal). Each is one range read on an indexed time
 * column (migration 0040): orders by pay_time, refunds by refund_time, members by reg_time.
 */
export async function statTotal(db: Db, range: Range): Promise<StatTotal> {
  const [orders, refunds, members] = await Promise.all([paidOrderTotals(db, range), refundTotals(db, range), newMemberCount(db, range)]);
  return {
    order_pay_count: orders.count,
    order_pay_money: yuan(orders.money),
    order_member_count: orders.members,
    goods_pay_count: orders.goods,
    refund_total: yuan(refunds.money),
    refund_count: refunds.count,
    member_count: members,
    order_avg_money: yuan(orders.count ? Math.round(orders.money / orders.count) : 0),
    visit_count: null,
  };
}

/** Orders paid in the range: pay_time is 0 until paid and kept after, so a closed (refunded) order still counts as sold. */
async function paidOrderTotals(db: Db, range: Range) {
  const row = await db
    .selectFrom("orders")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("count"),
      eb.fn.sum<number | string | null>("order_money_cents").as("money"),
      eb.fn.count<number | string>("member_id").distinct().as("members"),
      eb.fn.sum<number | string | null>("goods_num").as("goods"),
    ])
    .where("pay_time", ">=", range.start_time)
    .where("pay_time", "<", range.end_time)
    .executeTakeFirstOrThrow();
  return { count: count(row.count), money: count(row.money), members: count(row.members), goods: count(row.goods) };
}

/** Money that went back (balance and gateway parts) in the range: refund_time is set when it was sent. */
async function refundTotals(db: Db, range: Range) {
  const row = await db
    .selectFrom("order_refund")
    .select((eb) => [eb.fn.countAll<number | string>().as("count"), eb.fn.sum<number | string | null>("refund_real_money_cents").as("money")])
    .where("refund_time", ">=", range.start_time)
    .where("refund_time", "<", range.end_time)
    .executeTakeFirstOrThrow();
  return { count: count(row.count), money: count(row.money) };
}

async function newMemberCount(db: Db, range: Range): Promise<number> {
  const row = await db
    .selectFrom("member")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("reg_time", ">=", range.start_time)
    .where("reg_time", "<", range.end_time)
    .executeTakeFirstOrThrow();
  return count(row.count);
}
