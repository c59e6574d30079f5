import {
  Code, RECHARGE_ORDER_STATUS, payTypeName, rechargeOrderStatusName, type Page, type RechargeOrder, type RechargeOrderFilter, type StaffRechargeOrder,
} from "@shop/contract";
import type { Selectable } from "kysely";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { MemberRechargeOrderTable } from "../../db/schema-recharge.ts";
import { BizError } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { now } from "../../core/time.ts";
import { getConfig } from "../../core/config-store.ts";
import { BUYING_CONFIG_DEFAULTS } from "../../core/buying-config.ts";
import { newOrderNo } from "../checkout/order-numbers.ts";
import { createRechargeTrade } from "../pay/trade.ts";
import { containsText } from "../store/text-match.ts";
import { loadCouponLists, wireCouponIds } from "./coupon-list.ts";
import { enqueueRechargeClose } from "./close.ts";
import { offeredPackageRow } from "./packages.ts";

/**
 * Recharge orders: created from an offered package (a snapshot of it) with their trade, which the
 * cashier collects; listed for their member and for staff. Paying is the pay module's
 * (recharge trades are settled by pay/trade.ts → credit.ts); closing is close.ts's.
 */
type OrderRow = Selectable<MemberRechargeOrderTable>;

/**
 * Unpaid recharge orders one member may hold at once: more is somebody clicking in a loop. A limiter,
 * not an invariant: two creations at the same instant on PostgreSQL may both pass the count.
 */
export const MAX_OPEN_RECHARGE_ORDERS = 10;

/** /memberrecharge/api/ordercreate/create → the out_trade_no the cashier pays. */
export async function createRechargeOrder(db: Db, memberId: number, rechargeId: number): Promise<string> {
  return unitOfWork(db, async (tx) => {
    const pack = await offeredPackageRow(tx, rechargeId);
    const open = await tx
      .selectFrom("member_recharge_order")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("member_id", "=", memberId)
      .where("status", "=", RECHARGE_ORDER_STATUS.WAIT_PAY)
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= MAX_OPEN_RECHARGE_ORDERS) throw new BizError("您有较多未支付的充值订单，请先支付或等待其自动关闭", Code.ERROR);
    const { auto_close_minutes } = await getConfig(tx, "order_config", BUYING_CONFIG_DEFAULTS.order_config);
    const at = now();
    const autoCloseTime = at + Math.max(1, Number(auto_close_minutes) || BUYING_CONFIG_DEFAULTS.order_config.auto_close_minutes) * 60;
    const outTradeNo = await createRechargeTrade(tx, { memberId, amountCents: pack.buy_price_cents, body: `会员充值：${pack.recharge_name}` });
    const order = await tx
      .insertInto("member_recharge_order")
      .values({
        order_no: newOrderNo(),
        member_id: memberId,
        recharge_id: pack.recharge_id,
        recharge_name: pack.recharge_name,
        face_value_cents: pack.face_value_cents,
        buy_price_cents: pack.buy_price_cents,
        point: pack.point,
        growth: pack.growth,
        coupon_id: pack.coupon_id,
        out_trade_no: outTradeNo,
        status: RECHARGE_ORDER_STATUS.WAIT_PAY,
        pay_type: "",
        pay_time: 0,
        close_time: 0,
        auto_close_time: autoCloseTime,
        create_time: at,
      })
      .returning("order_id")
      .executeTakeFirstOrThrow();
    await enqueueRechargeClose(tx, order.order_id, autoCloseTime);
    return outTradeNo;
  });
}

function toWire(row: OrderRow, couponsOf: (stored: string) => RechargeOrder["coupon_list"]): RechargeOrder {
  return {
    order_id: row.order_id,
    order_no: row.order_no,
    out_trade_no: row.out_trade_no,
    recharge_id: row.recharge_id,
    recharge_name: row.recharge_name,
    face_value: yuan(row.face_value_cents),
    buy_price: yuan(row.buy_price_cents),
    point: row.point,
    growth: row.growth,
    coupon_id: wireCouponIds(row.coupon_id),
    coupon_list: couponsOf(row.coupon_id),
    status: row.status,
    status_name: rechargeOrderStatusName(row.status),
    pay_type: row.pay_type,
    pay_type_name: payTypeName(row.pay_type),
    create_time: row.create_time,
    pay_time: row.pay_time,
    close_time: row.close_time,
    auto_close_time: row.status === RECHARGE_ORDER_STATUS.WAIT_PAY ? row.auto_close_time : 0,
  };
}

const statusOf = (filter: RechargeOrderFilter): number | null => (filter === "all" ? null : Number(filter));

/** /memberrecharge/api/order/page: the member's own orders, newest first. */
export async function memberRechargeOrders(db: Db, memberId: number, query: PageRequest & { status: RechargeOrderFilter }): Promise<Page<RechargeOrder>> {
  let rows = db.selectFrom("member_recharge_order").selectAll().where("member_id", "=", memberId);
  const status = statusOf(query.status);
  if (status !== null) rows = rows.where("status", "=", status);
  const page = await paginate(db, rows.orderBy("order_id", "desc"), query);
  const couponsOf = await loadCouponLists(db, page.list.map((row) => row.coupon_id));
  return { ...page, list: page.list.map((row) => toWire(row, couponsOf)) };
}

/** /memberrecharge/api/order/detail: one of the member's orders; another member's is "not found" like a missing one. */
export async function memberRechargeOrder(db: Db, memberId: number, orderId: number): Promise<RechargeOrder> {
  const row = await db.selectFrom("member_recharge_order").selectAll().where("order_id", "=", orderId).where("member_id", "=", memberId).executeTakeFirst();
  if (!row) throw new BizError("充值订单不存在", Code.ERROR);
  return toWire(row, await loadCouponLists(db, [row.coupon_id]));
}

/** The recharge order a trade pays (the cashier's summary), whoever asks: the caller checked the trade's member. */
export async function rechargeOrderOfTrade(db: Db, outTradeNo: string): Promise<RechargeOrder | null> {
  const row = await db.selectFrom("member_recharge_order").selectAll().where("out_trade_no", "=", outTradeNo).executeTakeFirst();
  return row ? toWire(row, await loadCouponLists(db, [row.coupon_id])) : null;
}

/** The cashier paying a recharge trade: its order must still wait for payment, within its time limit. */
export async function payableRechargeOrder(db: Db, outTradeNo: string): Promise<{ order_id: number; auto_close_time: number }> {
  const order = await db
    .selectFrom("member_recharge_order")
    .select(["order_id", "status", "auto_close_time"])
    .where("out_trade_no", "=", outTradeNo)
    .executeTakeFirst();
  if (!order) throw new BizError("充值订单不存在", Code.ERROR);
  if (order.status === RECHARGE_ORDER_STATUS.PAID) throw new BizError("该充值订单已支付", Code.ERROR);
  if (order.status !== RECHARGE_ORDER_STATUS.WAIT_PAY) throw new BizError("充值订单已关闭，请重新选择套餐充值", Code.ERROR);
  if (order.auto_close_time > 0 && order.auto_close_time <= now()) throw new BizError("充值订单已超过支付时限，请重新选择套餐充值", Code.ERROR);
  return order;
}

/** /shopapi/memberrecharge/orderlists: every member's orders, newest first. */
export async function staffRechargeOrders(db: Db, query: PageRequest & { status: RechargeOrderFilter; search: string }): Promise<Page<StaffRechargeOrder>> {
  let rows = db
    .selectFrom("member_recharge_order")
    .leftJoin("member", "member.member_id", "member_recharge_order.member_id")
    .selectAll("member_recharge_order")
    .select(["member.username", "member.nickname", "member.mobile"]);
  const status = statusOf(query.status);
  if (status !== null) rows = rows.where("member_recharge_order.status", "=", status);
  if (query.search) {
    const search = query.search;
    rows = rows.where((eb) =>
      eb.or([
        eb("member_recharge_order.order_no", "=", search), eb("member.username", "=", search), eb("member.mobile", "=", search),
        containsText("member.nickname", search),
      ]),
    );
  }
  const page = await paginate(db, rows.orderBy("member_recharge_order.order_id", "desc"), query);
  const couponsOf = await loadCouponLists(db, page.list.map((row) => row.coupon_id));
  return {
    ...page,
    list: page.list.map((row) => ({
      ...toWire(row, couponsOf),
      member_id: row.member_id,
      username: row.username ?? "",
      nickname: row.nickname ?? "",
      mobile: row.mobile ?? "",
    })),
  };
}
