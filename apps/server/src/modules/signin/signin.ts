import type { SigninAward, SigninRecord, SigninStatus } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { Row } from "../../db/schema.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { changeAccount } from "../account/ledger.ts";
import { grantCoupons } from "../coupon/grant.ts";
import { addGrowth } from "../member-level/growth.ts";
import { loadGiftCoupons, pickGifts } from "../member-level/coupon-gifts.ts";
import { cycleDayOf, getSigninConfig, rewardOf } from "./signin-config.ts";
import { daysInMonth, shopDate, shopMonth, shopYesterday } from "./shop-day.ts";

/**
 * Daily sign-in (docs/api/signin.md, ADR 0016). The record's unique key (member_id, sign_date) is
 * the "once a day": of concurrent sign-ins of one member on one shop day, one inserts its row and
 * gives the reward; the others insert nothing (PostgreSQL: after waiting for the first one's
 * commit) and answer 今日已签到. The reward (points, growth, coupons) is keyed by the same day, so
 * even a retried unit could not give it twice.
 */
export const ALREADY_SIGNED = "今日已签到，明天再来吧";

/** The business key of one member's sign-in of one day, for the ledger, growth and coupons. */
export const signinKey = (memberId: number, signDate: string): string => `${memberId}:${signDate}`;

export function signIn(db: Db, memberId: number, at: number = now()): Promise<SigninRecord> {
  return unitOfWork(db, async (tx) => {
    const config = await getSigninConfig(tx);
    if (!config.is_enable) return fail("签到活动未开启");
    const signDate = shopDate(at);
    const yesterday = await tx
      .selectFrom("member_signin")
      .select("streak")
      .where("member_id", "=", memberId)
      .where("sign_date", "=", shopYesterday(at))
      .executeTakeFirst();
    const streak = (yesterday?.streak ?? 0) + 1;
    const cycleDay = cycleDayOf(streak, config.cycle_days);
    const reward = rewardOf(config, cycleDay);
    const inserted = await tx
      .insertInto("member_signin")
      .values({
        member_id: memberId, sign_date: signDate, streak, cycle_day: cycleDay, point: reward.point, growth: reward.growth,
        coupon_type_ids: reward.couponTypeIds.join(","), create_time: at,
      })
      .onConflict((conflict) => conflict.columns(["member_id", "sign_date"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return fail(ALREADY_SIGNED);
    const key = signinKey(memberId, signDate);
    const remark = `${signDate} 签到，连续 ${streak} 天`;
    if (reward.point > 0) {
      await changeAccount(tx, { memberId, accountType: "point", amount: reward.point, fromType: "signin", businessId: key, typeName: "签到奖励", remark });
    }
    if (reward.growth > 0) await addGrowth(tx, memberId, reward.growth, "signin", key, remark);
    if (reward.couponTypeIds.length) await grantCoupons(tx, memberId, reward.couponTypeIds, "signin", key);
    const gifts = await loadGiftCoupons(tx, reward.couponTypeIds);
    return {
      id: inserted.id, sign_date: signDate, streak, cycle_day: cycleDay, point: reward.point, growth: reward.growth,
      coupons: pickGifts(gifts, reward.couponTypeIds), create_time: at,
    };
  });
}

/** 1 when the member signed in on today's shop day. */
export async function isSignedToday(db: Db, memberId: number, at: number = now()): Promise<number> {
  const row = await db.selectFrom("member_signin").select("id").where("member_id", "=", memberId).where("sign_date", "=", shopDate(at)).executeTakeFirst();
  return row ? 1 : 0;
}

/** The rules, with the reward coupons as members see them. */
export async function signinAward(db: Db): Promise<SigninAward> {
  const config = await getSigninConfig(db);
  const gifts = await loadGiftCoupons(db, config.rewards.flatMap((reward) => reward.coupon_type_ids));
  return {
    is_enable: config.is_enable,
    cycle_days: config.cycle_days,
    daily_point: config.daily_point,
    daily_growth: config.daily_growth,
    rewards: config.rewards.map((reward) => ({ day: reward.day, point: reward.point, growth: reward.growth, coupons: pickGifts(gifts, reward.coupon_type_ids) })),
  };
}

const couponIdsOf = (row: Pick<Row<"member_signin">, "coupon_type_ids">): number[] =>
  row.coupon_type_ids ? row.coupon_type_ids.split(",").map(Number).filter((value) => value > 0) : [];

/** Rows of member_signin as records, with their coupons resolved in one query. */
export async function toRecords<T extends Row<"member_signin">>(db: Db, rows: T[]): Promise<Array<T & SigninRecord>> {
  const gifts = await loadGiftCoupons(db, rows.flatMap(couponIdsOf));
  return rows.map((row) => ({ ...row, coupons: pickGifts(gifts, couponIdsOf(row)) }));
}

/** The member's sign-ins, newest first; one month ("2026-05") when asked. */
export async function signinRecords(db: Db, memberId: number, page: PageRequest, month?: string) {
  let query = db.selectFrom("member_signin").selectAll().where("member_id", "=", memberId);
  if (month) query = query.where("sign_date", "like", `${month}-%`);
  const result = await paginate(db, query.orderBy("sign_date", "desc").orderBy("id", "desc"), page);
  const records = await toRecords(db, result.list);
  return mapPage({ ...result, list: records }, (record): SigninRecord => ({
    id: record.id, sign_date: record.sign_date, streak: record.streak, cycle_day: record.cycle_day, point: record.point,
    growth: record.growth, coupons: record.coupons, create_time: record.create_time,
  }));
}

/** The member's month for the calendar: signed days, today, the running streak, the next reward. */
export async function signinStatus(db: Db, memberId: number, month: string | undefined, at: number = now()): Promise<SigninStatus> {
  const today = shopDate(at);
  const shown = month ?? shopMonth(at);
  const [config, monthRows, recent, total] = await Promise.all([
    getSigninConfig(db),
    db.selectFrom("member_signin").select("sign_date").where("member_id", "=", memberId).where("sign_date", "like", `${shown}-%`).execute(),
    db
      .selectFrom("member_signin")
      .select(["sign_date", "streak"])
      .where("member_id", "=", memberId)
      .where("sign_date", "in", [today, shopYesterday(at)])
      .execute(),
    db.selectFrom("member_signin").select((eb) => eb.fn.countAll<number>().as("days")).where("member_id", "=", memberId).executeTakeFirstOrThrow(),
  ]);
  const signedToday = recent.find((row) => row.sign_date === today);
  const streak = signedToday?.streak ?? recent.find((row) => row.sign_date !== today)?.streak ?? 0;
  const nextCycleDay = cycleDayOf(streak + 1, config.cycle_days);
  const next = rewardOf(config, nextCycleDay);
  const lastDay = daysInMonth(shown);
  return {
    today,
    month: shown,
    signed_days: monthRows.map((row) => Number(row.sign_date.slice(8, 10))).filter((day) => day >= 1 && day <= lastDay).sort((a, b) => a - b),
    is_sign: signedToday ? 1 : 0,
    streak,
    next_cycle_day: nextCycleDay,
    next_point: next.point,
    next_growth: next.growth,
    total_days: Number(total.days),
    is_enable: config.is_enable,
    cycle_days: config.cycle_days,
  };
}
