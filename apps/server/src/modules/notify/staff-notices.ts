import type { ExpressionBuilder } from "kysely";
import { STAFF_NOTICE_KINDS, type StaffNoticeItem, type StaffNoticeKind, type StaffNoticeState } from "@shop/contract/domains/admin-notify";
import { eventKey, type DomainEvent, type DomainEventName } from "../../core/events.ts";
import type { StaffIdentity } from "../../core/sessions.ts";
import { yuan } from "../../core/money.ts";
import { now } from "../../core/time.ts";
import { afterCommit, unitOfWork, type Db } from "../../db/unit-of-work.ts";
import type { DB } from "../../db/schema.ts";
import { hasPermission, type Permission } from "../staff/permissions.ts";

/** The events staff are told about at once in the console (the header bell). */
export const STAFF_NOTICE_EVENTS: readonly DomainEventName[] = ["order.paid", "refund.applied", "complaint.created"];

/** How many notices the bell lists. */
const LIST_SIZE = 20;

interface Notice {
  kind: StaffNoticeKind;
  title: string;
  content: string;
  link: string;
}

async function noticeFor(db: Db, event: DomainEvent): Promise<Notice | undefined> {
  if (event.name === "order.paid") {
    const order = await db.selectFrom("orders").select(["order_no", "order_money_cents"]).where("order_id", "=", event.id).executeTakeFirst();
    return order && { kind: "order_paid", title: "新订单", content: `订单 ${order.order_no} 已支付 ¥${yuan(order.order_money_cents)}`, link: `/order/detail/${event.id}` };
  }
  const refund = await db
    .selectFrom("order_refund")
    .innerJoin("orders", "orders.order_id", "order_refund.order_id")
    .select(["orders.order_no", "order_refund.order_goods_id", "order_refund.refund_apply_money_cents"])
    .where(event.name === "complaint.created" ? "order_refund.order_goods_id" : "order_refund.refund_id", "=", event.name === "complaint.created" ? Number(event.data?.order_goods_id) : event.id)
    .orderBy("order_refund.refund_id", "desc")
    .executeTakeFirst();
  if (!refund) return undefined;
  const link = `/aftersale/refund/${refund.order_goods_id}`;
  if (event.name === "refund.applied") {
    return { kind: "refund_applied", title: "退款申请", content: `订单 ${refund.order_no} 申请退款 ¥${yuan(refund.refund_apply_money_cents)}`, link };
  }
  return { kind: "complaint_created", title: "交易投诉", content: `订单 ${refund.order_no} 的退款被买家投诉，请平台介入`, link: "/aftersale/complain" };
}

/** A notice just stored, as it is pushed to the staff sockets (notice-push.ts): the item and the permission that sees it. */
export interface StoredNotice {
  permission: string;
  item: StaffNoticeItem;
}

/**
 * Writes the staff notice of `event` once: run after the event's unit committed and again by its
 * durable job (a retried job, or the one after a crash, finds its key). When this call stored it,
 * `stored` gets the notice once the unit that wrote it has committed (so exactly one of the two
 * pushes it to the staff sockets, and never a notice that was rolled back).
 */
export async function recordStaffNotice(db: Db, event: DomainEvent, stored?: (notice: StoredNotice) => Promise<void>): Promise<void> {
  const notice = await noticeFor(db, event);
  if (!notice) return;
  const permission = STAFF_NOTICE_KINDS[notice.kind].permission;
  const create_time = now();
  await unitOfWork(db, async (tx) => {
    const row = await tx
      .insertInto("staff_notice")
      .values({ notice_key: eventKey(event), permission, create_time, ...notice })
      .onConflict((conflict) => conflict.column("notice_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (row && stored) await afterCommit(tx, () => stored({ permission, item: { id: row.id, ...notice, create_time, is_read: 0 } }));
  });
}

/** The permissions of notices this staff member may see (the bell's list and the pushed notices alike). */
export function visiblePermissions(staff: StaffIdentity): string[] {
  const permissions = new Set(Object.values(STAFF_NOTICE_KINDS).map((kind) => kind.permission));
  return [...permissions].filter((permission) => hasPermission(staff, permission as Permission));
}

export async function staffNotices(db: Db, staff: StaffIdentity): Promise<StaffNoticeState> {
  const permissions = visiblePermissions(staff);
  if (!permissions.length) return { unread: 0, list: [] };
  const visible = db.selectFrom("staff_notice").where("permission", "in", permissions);
  const readBy = (eb: ExpressionBuilder<DB, "staff_notice">) =>
    eb.exists(eb.selectFrom("staff_notice_read").select("notice_id").whereRef("staff_notice_read.notice_id", "=", "staff_notice.id").where("staff_notice_read.staff_id", "=", staff.staff_id));
  const unread = await visible.select((eb) => eb.fn.countAll<number | string>().as("count")).where((eb) => eb.not(readBy(eb))).executeTakeFirstOrThrow();
  const rows = await visible
    .select((eb) => ["id", "kind", "title", "content", "link", "create_time", readBy(eb).as("is_read")])
    .orderBy("id", "desc")
    .limit(LIST_SIZE)
    .execute();
  return {
    unread: Number(unread.count),
    list: rows.map((row) => ({ ...row, kind: row.kind as StaffNoticeKind, is_read: row.is_read ? 1 : 0 })),
  };
}

/** Marks one notice (id) or every notice this staff member sees (0) read; reading twice changes nothing. */
export async function markNoticesRead(db: Db, staff: StaffIdentity, id: number): Promise<null> {
  const permissions = visiblePermissions(staff);
  if (!permissions.length) return null;
  await unitOfWork(db, async (tx) => {
    let query = tx.selectFrom("staff_notice").select("id").where("permission", "in", permissions);
    if (id) query = query.where("id", "=", id);
    const ids = (await query.execute()).map((row) => row.id);
    if (!ids.length) return;
    const at = now();
    await tx
      .insertInto("staff_notice_read")
      .values(ids.map((noticeId) => ({ notice_id: noticeId, staff_id: staff.staff_id, read_time: at })))
      .onConflict((conflict) => conflict.columns(["staff_id", "notice_id"]).doNothing())
      .execute();
  });
  return null;
}
