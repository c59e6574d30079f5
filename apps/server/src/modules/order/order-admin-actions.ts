import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { expectAffected } from "../../db/conditional.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { resolveRegionChain } from "../address/regions.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { logOrderEvent, OrderStatus, orderStatusName } from "./state-machine.ts";
import { staffActor } from "./staff-actor.ts";
import { hasLogistics } from "./order-view.ts";

/**
 * Staff writes on an order that change no status (reference Order::orderRemark, editAddress): each
 * in one unit of work with its order_log line and its staff_log row.
 */

async function findOrder(tx: Db, orderId: number) {
  const order = await tx.selectFrom("orders").select(["order_id", "order_type", "order_status"]).where("order_id", "=", orderId).executeTakeFirst();
  return order ?? fail("订单不存在");
}

/** The shop's remark (卖家备注): replaces the previous one; "" clears it. */
export async function setOrderRemark(db: Db, caller: StaffCaller, orderId: number, remark: string): Promise<null> {
  return unitOfWork(db, async (tx) => {
    const order = await findOrder(tx, orderId);
    const before = await tx.selectFrom("order_remark").select("remark").where("order_id", "=", orderId).executeTakeFirst();
    const row = { remark, staff_id: caller.staff.staff_id, update_time: now() };
    // An upsert: two first remarks at once both land (the last one stays) instead of one failing.
    await tx.insertInto("order_remark").values({ order_id: orderId, ...row }).onConflict((conflict) => conflict.column("order_id").doUpdateSet(row)).execute();
    await logOrderEvent(tx, orderId, "remark", order.order_status, staffActor(caller.staff), remark ? `商家备注了订单，备注内容：${remark}` : "商家清除了订单备注");
    await logStaffAction(tx, caller, "order.remark", { type: "order", id: orderId }, { before: before?.remark ?? "", after: remark });
    return null;
  });
}

export interface ReceiverInput {
  name: string;
  mobile: string;
  telephone: string;
  province_id: number;
  city_id: number;
  district_id: number;
  address: string;
}

/** Statuses in which nothing has left the shop yet: the receiver may still change. */
const BEFORE_SHIPPING = [OrderStatus.WAIT_PAY, OrderStatus.WAIT_SEND];

/**
 * The receiver of an order whose goods travel, before any of them is shipped: the update holds
 * only while the order is still unshipped (a package sent meanwhile refuses it).
 */
export async function editOrderReceiver(db: Db, caller: StaffCaller, orderId: number, input: ReceiverInput): Promise<null> {
  const chain = await resolveRegionChain(db, input);
  return unitOfWork(db, async (tx) => {
    const order = await findOrder(tx, orderId);
    if (!hasLogistics(order.order_type)) fail("自提和虚拟订单没有收货地址");
    if (!(BEFORE_SHIPPING as number[]).includes(order.order_status)) {
      fail(`订单当前状态为「${orderStatusName(order.order_status, order.order_type)}」，不能修改收货地址`);
    }
    const before = await tx.selectFrom("orders").select(["name", "mobile", "telephone", "full_address", "address"]).where("order_id", "=", orderId).executeTakeFirstOrThrow();
    const receiver = { ...input, full_address: chain.full_address };
    const updated = await tx
      .updateTable("orders")
      .set(receiver)
      .where("order_id", "=", orderId)
      .where("order_status", "=", order.order_status)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom("order_package").select("package_id").where("order_package.order_id", "=", orderId))))
      .executeTakeFirst();
    expectAffected(updated, 1, "订单已发货，不能修改收货地址");
    const line = `${receiver.name} ${receiver.mobile} ${receiver.full_address} ${receiver.address}`;
    await logOrderEvent(tx, orderId, "edit_address", order.order_status, staffActor(caller.staff), `商家修改了收货地址：${line}`);
    await logStaffAction(tx, caller, "order.edit_address", { type: "order", id: orderId }, { before, after: receiver });
    return null;
  });
}
