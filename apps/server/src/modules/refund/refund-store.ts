import crypto from "node:crypto";
import type { Selectable } from "kysely";
import type { Db } from "../../db/unit-of-work.ts";
import type { OrderRefundTable } from "../../db/schema-refund.ts";
import { expectAffected } from "../../db/conditional.ts";
import { now } from "../../core/time.ts";
import { recordEvent, type DomainEventName } from "../../core/events.ts";
import { RefundStatus } from "@shop/contract";
import { memberActor } from "../order/member-actions.ts";
import type { ActorRole } from "../order/state-machine.ts";

/**
 * The refund rows and their writes: every status change is a conditional update of the refund row
 * (`WHERE refund_status IN (…from)`) and of its line, plus a timeline row, in the caller's unit of
 * work. Each writing unit first takes the order's row lock (order/order-lock.ts), so the refunds of one order
 * are decided one after the other on PostgreSQL too (SQLite's IMMEDIATE unit holds the one lock).
 */
export type RefundRow = Selectable<OrderRefundTable>;

/** Who did it, as the timeline records it: 1 buyer, 2 shop (staff), 3 system (timers), 4 platform. */
export interface RefundActor {
  way: 1 | 2 | 3 | 4;
  id: number;
  name: string;
}

export const SYSTEM_REFUND_ACTOR: RefundActor = { way: 3, id: 0, name: "系统" };

/** Each way's role (ACTOR_ROLES names it for the shopper; the order log knows no platform: it acts as the system there). */
export const REFUND_WAY_ROLES: Record<RefundActor["way"], ActorRole> = { 1: "member", 2: "staff", 3: "system", 4: "platform" };

/** The buyer as the timeline records them: their name (staff see it), 买家 to the shopper. */
export async function buyerActor(db: Db, memberId: number): Promise<RefundActor> {
  return { way: 1, id: memberId, name: (await memberActor(db, memberId)).name };
}

/** 20 digits after "RF": time and randomness, unique by its index; the gateway's refund number too. */
export function newRefundNo(): string {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(2, 14);
  return `RF${stamp}${crypto.randomInt(0, 100_000_000).toString().padStart(8, "0")}`;
}

export async function findRefund(db: Db, refundId: number): Promise<RefundRow | undefined> {
  return db.selectFrom("order_refund").selectAll().where("refund_id", "=", refundId).executeTakeFirst();
}

/** The latest refund of a line (the one its refund_status mirrors). */
export async function latestRefund(db: Db, orderGoodsId: number): Promise<RefundRow | undefined> {
  return db.selectFrom("order_refund").selectAll().where("order_goods_id", "=", orderGoodsId).orderBy("refund_id", "desc").limit(1).executeTakeFirst();
}

export async function writeRefundLog(tx: Db, refund: Pick<RefundRow, "refund_id" | "order_goods_id">, status: number, action: string, actor: RefundActor, remark = ""): Promise<void> {
  await tx
    .insertInto("order_refund_log")
    .values({
      refund_id: refund.refund_id, order_goods_id: refund.order_goods_id, refund_status: status, action, action_way: actor.way,
      actor_id: actor.id, actor_name: actor.name.slice(0, 255), remark: remark.slice(0, 255), action_time: now(),
    })
    .execute();
}

type RefundChanges = Partial<Omit<RefundRow, "refund_id" | "refund_status">>;

/**
 * Moves a refund from one of `from` to `to` (and its line with it), setting `changes`, and logs
 * it. A refund that moved meanwhile (a concurrent call won) is a -1 error: the unit rolls back.
 */
export async function moveRefund(
  tx: Db,
  refund: RefundRow,
  from: readonly number[],
  to: number,
  log: { action: string; actor: RefundActor; remark?: string },
  changes: RefundChanges = {},
): Promise<void> {
  const at = now();
  const moved = await tx
    .updateTable("order_refund")
    .set({ ...changes, refund_status: to, update_time: at })
    .where("refund_id", "=", refund.refund_id)
    .where("refund_status", "in", [...from])
    .executeTakeFirst();
  expectAffected(moved, 1, "退款状态已变化，请刷新后重试");
  const line = await tx
    .updateTable("order_goods")
    .set({ refund_status: to })
    .where("order_goods_id", "=", refund.order_goods_id)
    .where("refund_status", "in", [...from])
    .executeTakeFirst();
  expectAffected(line, 1, "退款状态已变化，请刷新后重试");
  await writeRefundLog(tx, refund, to, log.action, log.actor, log.remark);
  const event = REFUND_EVENT_OF[to];
  if (event) await recordEvent(tx, { name: event, id: refund.refund_id, occurrence: String(to), data: { order_id: refund.order_id, order_goods_id: refund.order_goods_id, refund_status: to } });
}

/** The domain event (ADR 0030) a refund records on reaching a status: notifications subscribe to them. */
const REFUND_EVENT_OF: Record<number, DomainEventName> = {
  [RefundStatus.CONFIRM]: "refund.agreed", [RefundStatus.WAIT_DELIVERY]: "refund.agreed", [RefundStatus.REFUSED]: "refund.refused",
  [RefundStatus.COMPLETE]: "refund.transferred", [RefundStatus.PARTIAL]: "refund.transferred",
};

/** Picture paths as stored: comma-separated, as evaluations store theirs (upload paths hold no commas). */
export const storedPictures = (paths: readonly string[]): string => paths.join(",");

/** The stored pictures as the wire's list. */
export const pictureList = (stored: string): string[] => stored.split(",").filter((path) => path !== "");

export interface ReturnAddress {
  name: string;
  mobile: string;
  address: string;
}

export function parseAddress(json: string): ReturnAddress | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<ReturnAddress>;
    return { name: String(value.name ?? ""), mobile: String(value.mobile ?? ""), address: String(value.address ?? "") };
  } catch {
    return null;
  }
}
