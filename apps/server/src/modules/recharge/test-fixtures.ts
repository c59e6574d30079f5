import type { TestApp } from "../../test/harness.ts";
import { now } from "../../core/time.ts";
import { nextIp, type TestMember } from "../auth/testing.ts";
import { storedCouponIds } from "./coupon-list.ts";

/** Packages, coupon types and recharge orders for the recharge tests. Not imported by production code. */

export interface PackageFixture {
  recharge_name?: string;
  face_value_cents?: number;
  buy_price_cents?: number;
  point?: number;
  growth?: number;
  coupon_ids?: number[];
  status?: number;
  sort?: number;
}

/** A package straight into the table (default: ¥100.00 for ¥95.00, 100 points, 50 growth, offered). */
export async function insertPackage(t: TestApp, fixture: PackageFixture = {}): Promise<number> {
  const row = await t.app.deps.db
    .insertInto("member_recharge")
    .values({
      recharge_name: fixture.recharge_name ?? "测试充值套餐",
      face_value_cents: fixture.face_value_cents ?? 10000,
      buy_price_cents: fixture.buy_price_cents ?? 9500,
      point: fixture.point ?? 100,
      growth: fixture.growth ?? 50,
      coupon_id: storedCouponIds(fixture.coupon_ids ?? []),
      sale_num: 0,
      status: fixture.status ?? 1,
      sort: fixture.sort ?? 0,
      create_time: now(),
      update_time: now(),
    })
    .returning("recharge_id")
    .executeTakeFirstOrThrow();
  return row.recharge_id;
}

/** A reward-only 满减 coupon type (¥20 off from ¥100, valid 30 days), running. */
export async function insertCouponType(t: TestApp, name = "充值专享券"): Promise<number> {
  const row = await t.app.deps.db
    .insertInto("coupon_type")
    .values({
      coupon_name: name, type: "reward", money_cents: 2000, discount_percent: 0, discount_limit_cents: 0, at_least_cents: 10000, goods_type: 1,
      validity_type: 1, start_time: 0, end_time: 0, fixed_term: 30, max_fetch: 0, total_count: 0, is_show: 0, status: 1, sort: 0,
      create_time: now(), update_time: now(),
    })
    .returning("coupon_type_id")
    .executeTakeFirstOrThrow();
  return row.coupon_type_id;
}

/** Creates a recharge order through the API (from a fresh IP: creating is rate-limited); answers its trade number and order row. */
export async function createRecharge(t: TestApp, member: TestMember, rechargeId: number) {
  const created = await t.call<string>("/memberrecharge/api/ordercreate/create", { recharge_id: rechargeId }, { token: member.token, ip: nextIp() });
  if (created.code !== 0) throw new Error(`recharge create: ${created.message}`);
  const order = await rechargeOrderRow(t, created.data);
  return { outTradeNo: created.data, orderId: order.order_id, order };
}

export async function rechargeOrderRow(t: TestApp, outTradeNo: string) {
  return t.app.deps.db.selectFrom("member_recharge_order").selectAll().where("out_trade_no", "=", outTradeNo).executeTakeFirstOrThrow();
}

/** The member's balance, points and growth as stored. */
export async function memberFigures(t: TestApp, memberId: number) {
  const row = await t.app.deps.db.selectFrom("member").select(["balance_cents", "point", "growth"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();
  return { balance: Number(row.balance_cents), point: Number(row.point), growth: Number(row.growth) };
}

/** The ledger rows a recharge order wrote (balance and points). */
export async function rechargeLedger(t: TestApp, orderId: number) {
  return t.app.deps.db
    .selectFrom("member_account")
    .select(["account_type", "account_data", "type_name"])
    .where("from_type", "=", "recharge")
    .where("business_id", "=", String(orderId))
    .orderBy("account_type")
    .execute();
}

export async function couponsOf(t: TestApp, memberId: number) {
  return t.app.deps.db.selectFrom("coupon").select(["coupon_type_id", "get_type", "state"]).where("member_id", "=", memberId).execute();
}
