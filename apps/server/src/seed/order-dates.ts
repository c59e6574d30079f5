import type { Db } from "../db/unit-of-work.ts";
import { newOrderNo } from "../modules/checkout/order-numbers.ts";
import { ORDER_JOBS } from "../modules/order/close.ts";

/**
 * Moves a seeded order's rows from the moment the services wrote them (the seed run) to the times
 * of its story: the order (and its number, which starts with the time it was placed), its log,
 * trade, packages, ledger rows, staff log, checkout and timers. Delays the services derived from
 * the shop's settings are kept: a job runs as long after its new start as it did after the old one
 * (auto-close 30 minutes after placing, auto-receive 7 days after shipping, auto-complete 7 days after receipt).
 */
export interface OrderDates {
  placed: number;
  paid?: number;
  /** one time per package, in shipping order */
  shipped: number[];
  received?: number;
  completed?: number;
  closed?: number;
  /** the unpaid order's auto_close_time, when it differs from placed + the shop's window */
  payableUntil?: number;
}

export async function dateOrder(db: Db, orderId: number, dates: OrderDates): Promise<void> {
  const order = await db.selectFrom("orders").select(["order_key", "create_time", "auto_close_time"]).where("order_id", "=", orderId).executeTakeFirstOrThrow();
  const autoCloseTime = dates.payableUntil ?? dates.placed + (order.auto_close_time - order.create_time);
  const lastShipped = dates.shipped.at(-1);
  await db
    .updateTable("orders")
    .set({
      order_no: newOrderNo(dates.placed * 1000),
      create_time: dates.placed,
      auto_close_time: autoCloseTime,
      ...(dates.paid ? { pay_time: dates.paid } : {}),
      ...(lastShipped ? { delivery_time: lastShipped } : {}),
      ...(dates.received ? { sign_time: dates.received } : {}),
      ...(dates.completed ? { finish_time: dates.completed } : {}),
      ...(dates.closed ? { close_time: dates.closed } : {}),
    })
    .where("order_id", "=", orderId)
    .execute();

  await dateLog(db, orderId, dates, lastShipped);
  await datePackages(db, orderId, dates.shipped);
  await dateStaffLog(db, orderId, dates.shipped);
  await dateTrades(db, orderId, dates);
  await dateLedger(db, orderId, dates);
  await dateJobs(db, orderId, autoCloseTime, dates.placed, lastShipped, dates.received);
  await db
    .updateTable("order_checkout")
    .set((eb) => ({ create_time: dates.placed - 60, expire_time: eb(eb.val(dates.placed - 60), "+", eb("expire_time", "-", eb.ref("create_time"))) }))
    .where("order_key", "=", order.order_key)
    .execute();
}

async function dateLog(db: Db, orderId: number, dates: OrderDates, lastShipped: number | undefined): Promise<void> {
  const timeOf: Record<string, number | undefined> = {
    create: dates.placed, pay: dates.paid, ship: lastShipped, take_delivery: dates.received, complete: dates.completed, close: dates.closed,
  };
  for (const [action, time] of Object.entries(timeOf)) {
    if (time) await db.updateTable("order_log").set({ create_time: time }).where("order_id", "=", orderId).where("action", "=", action).execute();
  }
  // Packages shipped before the last one are logged as ship_package, one row each.
  const partial = await db.selectFrom("order_log").select("id").where("order_id", "=", orderId).where("action", "=", "ship_package").orderBy("id").execute();
  for (const [index, row] of partial.entries()) {
    await db.updateTable("order_log").set({ create_time: dates.shipped[index]! }).where("id", "=", row.id).execute();
  }
}

/** The order's packages, in id order, get the shipping times in turn. */
async function datePackages(db: Db, orderId: number, shipped: number[]): Promise<void> {
  const rows = await db.selectFrom("order_package").select("package_id").where("order_id", "=", orderId).orderBy("package_id").execute();
  for (const [index, row] of rows.entries()) {
    await db.updateTable("order_package").set({ delivery_time: shipped[index]! }).where("package_id", "=", row.package_id).execute();
  }
}

async function dateStaffLog(db: Db, orderId: number, shipped: number[]): Promise<void> {
  const rows = await db
    .selectFrom("staff_log")
    .select("id")
    .where("target_type", "=", "order")
    .where("target_id", "=", String(orderId))
    .where("action", "=", "order.ship")
    .orderBy("id")
    .execute();
  for (const [index, row] of rows.entries()) await db.updateTable("staff_log").set({ create_time: shipped[index]! }).where("id", "=", row.id).execute();
}

async function dateTrades(db: Db, orderId: number, dates: OrderDates): Promise<void> {
  const ofOrder = `%,${orderId},%`;
  await db.updateTable("pay").set({ create_time: dates.placed }).where("order_ids", "like", ofOrder).execute();
  if (dates.paid) await db.updateTable("pay").set({ pay_time: dates.paid }).where("order_ids", "like", ofOrder).where("pay_time", ">", 0).execute();
  if (dates.closed) await db.updateTable("pay").set({ close_time: dates.closed }).where("order_ids", "like", ofOrder).where("close_time", ">", 0).execute();
}

async function dateLedger(db: Db, orderId: number, dates: OrderDates): Promise<void> {
  const ofOrder = db.updateTable("member_account").where("business_id", "=", String(orderId));
  await ofOrder.set({ create_time: dates.placed }).where("from_type", "in", ["order_use_point", "order_use_balance"]).execute();
  if (dates.closed) await ofOrder.set({ create_time: dates.closed }).where("from_type", "=", "order_close").execute();
}

async function dateJobs(db: Db, orderId: number, autoCloseTime: number, placed: number, lastShipped: number | undefined, received: number | undefined): Promise<void> {
  await db
    .updateTable("job")
    .set({ run_at: autoCloseTime, create_time: placed, update_time: placed })
    .where("dedupe_key", "=", `${ORDER_JOBS.autoClose}:${orderId}`)
    .execute();
  // Timers started by shipping and by receipt run as long after their new start as they would have.
  const startedAt = async (kind: string, start: number | undefined) => {
    if (!start) return;
    await db
      .updateTable("job")
      .set((eb) => ({ run_at: eb(eb.val(start), "+", eb("run_at", "-", eb.ref("create_time"))), create_time: start, update_time: start }))
      .where("dedupe_key", "=", `${kind}:${orderId}`)
      .execute();
  };
  await startedAt(ORDER_JOBS.autoReceive, lastShipped);
  await startedAt(ORDER_JOBS.autoComplete, received);
}

/** The member's addresses were saved a month before the seed run, one after the other. */
export async function dateAddresses(db: Db, memberId: number, firstSaved: number): Promise<void> {
  const rows = await db.selectFrom("member_address").select("id").where("member_id", "=", memberId).orderBy("id").execute();
  for (const [index, row] of rows.entries()) {
    const time = firstSaved + index * 3600;
    await db.updateTable("member_address").set({ create_time: time, update_time: time }).where("id", "=", row.id).execute();
  }
}

export async function dateCart(db: Db, cartId: number, added: number): Promise<void> {
  await db.updateTable("cart").set({ create_time: added, update_time: added }).where("cart_id", "=", cartId).execute();
}
