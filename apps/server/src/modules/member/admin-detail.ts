import type { Page, StaffMemberDetail, StaffMemberOrder } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { fail } from "../../core/errors.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { couponCounts } from "../coupon/member-coupons.ts";
import { findMemberRow } from "./admin-list.ts";

/** One member as staff see it (/shopapi/member/detail): the list's row, the profile and a summary of orders, addresses and coupons. */
export async function memberDetail(db: Db, memberId: number): Promise<StaffMemberDetail> {
  const profile = await db
    .selectFrom("member")
    .select(["member_id", "username", "nickname", "realname", "sex", "birthday", "email", "last_login_ip"])
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (!profile) return fail("会员不存在");
  const [row, orders, addresses, coupons] = await Promise.all([
    findMemberRow(db, memberId),
    db
      .selectFrom("orders")
      .select((eb) => [
        eb.fn.countAll<number>().as("order_count"),
        eb.fn.sum<number>(eb.case().when("pay_status", "=", 1).then(1).else(0).end()).as("paid_order_count"),
        eb.fn.sum<number>(eb.case().when("pay_status", "=", 1).then(eb.ref("pay_money_cents")).else(0).end()).as("paid_cents"),
      ])
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow(),
    db.selectFrom("member_address").select((eb) => eb.fn.countAll<number>().as("count")).where("member_id", "=", memberId).executeTakeFirstOrThrow(),
    couponCounts(db, memberId),
  ]);
  if (!row) return fail("会员不存在");
  return {
    ...row,
    realname: profile.realname,
    sex: profile.sex,
    birthday: profile.birthday,
    email: profile.email,
    last_login_ip: profile.last_login_ip,
    order_count: Number(orders.order_count),
    paid_order_count: Number(orders.paid_order_count ?? 0),
    paid_money: yuan(Number(orders.paid_cents ?? 0)),
    address_count: Number(addresses.count),
    unused_coupon_count: coupons.unused,
  };
}

/** The member's orders, newest first (the 订单 tab; the order pages hold the rest). */
export async function memberOrders(db: Db, memberId: number, paging: PageRequest): Promise<Page<StaffMemberOrder>> {
  const rows = db
    .selectFrom("orders")
    .select(["order_id", "order_no", "order_name", "order_money_cents", "pay_status", "order_status", "create_time"])
    .where("member_id", "=", memberId)
    .orderBy("create_time", "desc")
    .orderBy("order_id", "desc");
  return mapPage(await paginate(db, rows, paging), (row) => ({
    order_id: row.order_id,
    order_no: row.order_no,
    order_name: row.order_name,
    order_money: yuan(Number(row.order_money_cents)),
    pay_status: row.pay_status,
    order_status: row.order_status,
    create_time: row.create_time,
  }));
}
