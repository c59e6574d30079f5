import { sql, type RawBuilder } from "kysely";
import type { StatDayData } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { DAY_SECONDS, SHOP_UTC_OFFSET_SECONDS } from "../../core/time.ts";
import { count, type StatTimeRange } from "./totals.ts";

/** The shop day (Beijing time) a unix time falls in, as a day number since 1970-01-01. */
const shopDay = (seconds: number) => Math.floor((seconds + SHOP_UTC_OFFSET_SECONDS) / DAY_SECONDS);

/**
 * The same in SQL, on an integer column: integer division on both databases. The constants are
 * literals, not parameters, so PostgreSQL sees the grouped expression and the selected one as equal.
 */
const shopDayOf = (column: "pay_time" | "refund_time" | "reg_time"): RawBuilder<number> =>
  sql<number>`(${sql.ref(column)} + ${sql.lit(SHOP_UTC_OFFSET_SECONDS)}) / ${sql.lit(DAY_SECONDS)}`;

/**
 * Per shop day of the range (/shopapi/stat/getstatdata, the reference's getStatData): paid
 * orders, their money, refunded money and new members; days without any answer zeros.
 */
export async function statDayData(db: Db, range: StatTimeRange): Promise<StatDayData> {
  const [orders, refunds, members] = await Promise.all([
    db
      .selectFrom("orders")
      .select((eb) => [shopDayOf("pay_time").as("day"), eb.fn.countAll<number | string>().as("count"), eb.fn.sum<number | string | null>("order_money_cents").as("money")])
      .where("pay_time", ">=", range.start_time)
      .where("pay_time", "<", range.end_time)
      .groupBy(sql.ref("day"))
      .execute(),
    db
      .selectFrom("order_refund")
      .select((eb) => [shopDayOf("refund_time").as("day"), eb.fn.sum<number | string | null>("refund_real_money_cents").as("money")])
      .where("refund_time", ">=", range.start_time)
      .where("refund_time", "<", range.end_time)
      .groupBy(sql.ref("day"))
      .execute(),
    db
      .selectFrom("member")
      .select((eb) => [shopDayOf("reg_time").as("day"), eb.fn.countAll<number | string>().as("count")])
      .where("reg_time", ">=", range.start_time)
      .where("reg_time", "<", range.end_time)
      .groupBy(sql.ref("day"))
      .execute(),
  ]);
  const byDay = <R extends { day: number | string }>(rows: R[]) => new Map(rows.map((row) => [count(row.day), row]));
  const orderDays = byDay(orders);
  const refundDays = byDay(refunds);
  const memberDays = byDay(members);
  const data: StatDayData = { time: [], order_pay_count: [], order_pay_money: [], refund_total: [], member_count: [] };
  for (let day = shopDay(range.start_time); day <= shopDay(range.end_time - 1); day += 1) {
    data.time.push(new Date(day * DAY_SECONDS * 1000).toISOString().slice(0, 10));
    data.order_pay_count.push(count(orderDays.get(day)?.count));
    data.order_pay_money.push(yuan(count(orderDays.get(day)?.money)));
    data.refund_total.push(yuan(count(refundDays.get(day)?.money)));
    data.member_count.push(count(memberDays.get(day)?.count));
  }
  return data;
}
