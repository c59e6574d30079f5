import type { ShipPackageInput, TraceEntry } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { affectedRows, expectAffected } from "../../db/conditional.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { OrderStatus, canTransition, logOrderEvent, orderStatusName, transitionOrder, type Actor } from "./state-machine.ts";
import { enqueueAutoReceive } from "./jobs.ts";
import { staffActor } from "./staff-actor.ts";
import { RefundStatus } from "@shop/contract";
import { isOpenRefund } from "../refund/rules.ts";

/**
 * Shipping (发货): staff put some or all of a paid order's goods into packages, each sent by an
 * express company with a tracking number or needing no logistics (无需物流). A line ships once
 * (a conditional update on its delivery_status); when the last line has shipped the order moves
 * to 已发货 and its auto-receive timer starts, all in one unit of work with the staff log. The order
 * row is locked first, so shipments of one order happen one after the other.
 */


interface CheckedPackage extends ShipPackageInput {
  company: { company_id: number; company_name: string } | null;
}

async function checkPackages(tx: Db, orderId: number, packages: ShipPackageInput[]): Promise<CheckedPackage[]> {
  const lines = await tx.selectFrom("order_goods").select(["order_goods_id", "sku_name", "delivery_status", "refund_status"]).where("order_id", "=", orderId).execute();
  const linesById = new Map(lines.map((line) => [line.order_goods_id, line]));
  const chosen = new Set<number>();
  const checked: CheckedPackage[] = [];
  for (const pkg of packages) {
    for (const orderGoodsId of pkg.order_goods_ids) {
      const line = linesById.get(orderGoodsId);
      if (!line) return fail(`订单中没有商品 ${orderGoodsId}`);
      // The buyer is getting the money back for it: nothing to send (or not yet decided).
      if (line.refund_status === RefundStatus.COMPLETE) fail(`商品「${line.sku_name}」已退款，无需发货`);
      if (isOpenRefund(line.refund_status)) fail(`商品「${line.sku_name}」退款处理中，不能发货`);
      if (chosen.has(orderGoodsId)) fail("同一件商品不能放进两个包裹");
      chosen.add(orderGoodsId);
    }
    if (pkg.delivery_type === 0) {
      checked.push({ ...pkg, company: null, delivery_no: "" });
      continue;
    }
    if (!pkg.express_company_id) fail("请选择快递公司");
    if (!pkg.delivery_no) fail("请填写快递单号");
    const company = await tx
      .selectFrom("express_company")
      .select(["company_id", "company_name"])
      .where("company_id", "=", pkg.express_company_id)
      .executeTakeFirst();
    if (!company) fail("快递公司不存在");
    checked.push({ ...pkg, company: company ?? null });
  }
  return checked;
}

/** The trace a package starts with: what staff entered, or one line saying it left. */
function initialTrace(pkg: CheckedPackage, at: number): TraceEntry[] {
  const entered = pkg.trace.map((entry) => ({ time: entry.time ?? at, remark: entry.remark }));
  if (entered.length) return entered.sort((a, b) => a.time - b.time);
  const remark = pkg.company ? `商家已发货，${pkg.company.company_name}，运单号 ${pkg.delivery_no}` : "商家已发货，无需物流";
  return [{ time: at, remark }];
}

/**
 * Takes the order's row lock before anything is decided (a no-op update, both dialects; SQLite's
 * IMMEDIATE unit already holds the one write lock). Two staff shipping different lines of one order
 * at once on PostgreSQL each counted the other's line as still unshipped, so neither moved the order
 * to 已发货 and it stayed 待发货 with every line shipped; with the lock the second waits, then sees the
 * first's lines. False when the order is not (or no longer) waiting to be shipped.
 */
async function lockOrderAwaitingShipment(tx: Db, orderId: number): Promise<boolean> {
  const result = await tx
    .updateTable("orders")
    .set((eb) => ({ order_status: eb.ref("order_status") }))
    .where("order_id", "=", orderId)
    .where("order_status", "=", OrderStatus.WAIT_SEND)
    .executeTakeFirst();
  return affectedRows(result) === 1;
}

/** Lines still to send: not shipped, and not refunded in full (a refunded line is never sent). */
async function linesLeftToShip(tx: Db, orderId: number): Promise<number> {
  const left = await tx
    .selectFrom("order_goods")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("order_id", "=", orderId)
    .where("delivery_status", "=", 0)
    .where("refund_status", "!=", RefundStatus.COMPLETE)
    .executeTakeFirstOrThrow();
  return Number(left.count);
}

async function markShipped(tx: Db, orderId: number, actor: Actor, reason: string) {
  const transition = await transitionOrder(tx, orderId, "ship", actor, reason);
  await enqueueAutoReceive(tx, orderId);
  return transition;
}

/**
 * After a line of a partly shipped order was refunded in full (modules/refund): when every other
 * line has shipped, the order has nothing left to send and becomes 已发货, as if the last package
 * had gone. A no-op for an order not waiting to ship or with nothing shipped yet.
 */
export async function shipIfNothingLeft(tx: Db, orderId: number, actor: Actor): Promise<void> {
  const order = await tx.selectFrom("orders").select("order_status").where("order_id", "=", orderId).executeTakeFirst();
  if (order?.order_status !== OrderStatus.WAIT_SEND) return;
  const shipped = await tx
    .selectFrom("order_goods")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("order_id", "=", orderId)
    .where("delivery_status", "=", 1)
    .executeTakeFirstOrThrow();
  if (Number(shipped.count) === 0 || (await linesLeftToShip(tx, orderId)) > 0) return;
  await markShipped(tx, orderId, actor, "其余商品已退款，订单商品已全部发出");
}

export interface ShipResult {
  package_ids: number[];
  order_status: number;
}

export async function shipOrder(db: Db, caller: StaffCaller, orderId: number, packages: ShipPackageInput[]): Promise<ShipResult> {
  const actor = staffActor(caller.staff);
  return unitOfWork(db, async (tx) => {
    const locked = await lockOrderAwaitingShipment(tx, orderId);
    const order = await tx.selectFrom("orders").select(["order_type", "order_status"]).where("order_id", "=", orderId).executeTakeFirst();
    if (!order) return fail("订单不存在");
    if (!canTransition("ship", order.order_type, order.order_status)) {
      fail(`订单当前状态为「${orderStatusName(order.order_status, order.order_type)}」，不能发货`);
    }
    // Paid between our lock attempt and the read: rare, and asking again ships it normally.
    if (!locked) fail("订单状态已变化，请刷新后重试");
    const checked = await checkPackages(tx, orderId, packages);
    const existing = await tx.selectFrom("order_package").select((eb) => eb.fn.countAll<number>().as("count")).where("order_id", "=", orderId).executeTakeFirstOrThrow();
    const at = now();
    const packageIds: number[] = [];
    for (const [index, pkg] of checked.entries()) {
      const shipped = await tx
        .updateTable("order_goods")
        .set({ delivery_status: 1 })
        .where("order_id", "=", orderId)
        .where("order_goods_id", "in", pkg.order_goods_ids)
        .where("delivery_status", "=", 0)
        .executeTakeFirst();
      expectAffected(shipped, pkg.order_goods_ids.length, "所选商品已发货，请刷新后重试");
      const { package_id } = await tx
        .insertInto("order_package")
        .values({
          order_id: orderId,
          package_name: `包裹${Number(existing.count) + index + 1}`,
          delivery_type: pkg.delivery_type,
          express_company_id: pkg.company?.company_id ?? 0,
          express_company_name: pkg.company?.company_name ?? "",
          delivery_no: pkg.delivery_no,
          order_goods_ids: `,${pkg.order_goods_ids.join(",")},`,
          trace: JSON.stringify(initialTrace(pkg, at)),
          delivery_time: at,
          staff_id: caller.staff.staff_id,
        })
        .returning("package_id")
        .executeTakeFirstOrThrow();
      packageIds.push(package_id);
    }
    const summary = checked.map((pkg) => (pkg.company ? `${pkg.company.company_name} ${pkg.delivery_no}` : "无需物流")).join("；");
    let status: number = order.order_status;
    if ((await linesLeftToShip(tx, orderId)) === 0) {
      status = (await markShipped(tx, orderId, actor, `商家发货：${summary}`)).to;
    } else {
      await logOrderEvent(tx, orderId, "ship_package", order.order_status, actor, `部分发货：${summary}`);
    }
    await logStaffAction(tx, caller, "order.ship", { type: "order", id: orderId }, {
      package_ids: packageIds,
      packages: checked.map((pkg) => ({ company: pkg.company?.company_name ?? "无需物流", delivery_no: pkg.delivery_no, order_goods_ids: pkg.order_goods_ids })),
      all_shipped: status === OrderStatus.SHIPPED,
    });
    return { package_ids: packageIds, order_status: status };
  });
}
