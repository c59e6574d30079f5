import { OPEN_REFUND_STATUSES, RefundStatus, VerifyStatus } from "@shop/contract";
import type { Page, VerifyCodeInfo, VerifyItem, VerifyOutcome, VerifyRecord, VerifyRemark, VerifyType } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { Row } from "../../db/schema.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { yuan } from "../../core/money.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { isUniqueViolation } from "../../db/conditional.ts";
import { maskName } from "../goods/evaluate.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { OrderStatus, OrderType, canTransition, orderStatusName, transitionOrder, type Actor } from "../order/state-machine.ts";
import { staffActor } from "../order/staff-actor.ts";
import { enqueueAutoComplete } from "../order/jobs.ts";
import { lockOrder } from "../order/order-lock.ts";
import { shopDateTime, verifyStatusOf, verifyTypeName, verifyTypeOf, virtualExpireTime } from "./code-state.ts";
import { requireVerifier } from "./verifiers.ts";

/**
 * The one verification service: a code looked up (what it is for) and used (exactly once), by a
 * member verifier (/api/verify/…) or by staff (/shopapi/order/verify). Using a code moves the order
 * through the state machine (待提货 → 已提货, 待使用 → 已使用: a conditional update, so of two
 * verifiers at the same moment one wins) and writes a record with the goods as they were, in one
 * unit of work. A verifier sees only the records it made.
 */

export const CODE_MESSAGES = {
  invalid: "核销码无效",
  used: "核销码已使用",
  expired: "核销码已过期",
  unpaid: "订单尚未支付，不能核销",
  closed: "订单已关闭，核销码已失效",
  refunding: "订单有退款正在处理，暂不能核销",
  refunded: "订单商品已全部退款，不能核销",
} as const;

/** Who uses a code: a member holding the verifier role, or a staff member of the staff API. */
export type CodeUser = { kind: "member"; memberId: number } | { kind: "staff"; caller: StaffCaller };

const ORDER_COLUMNS = [
  "order_id", "order_no", "order_type", "order_status", "member_id", "name", "mobile", "pay_time", "sign_time", "order_money_cents",
  "delivery_store_id", "delivery_store_name", "delivery_store_info", "buyer_ask_delivery_time", "verify_code",
] as const;
type CodeOrder = Pick<Row<"orders">, (typeof ORDER_COLUMNS)[number]>;
type CodeLine = Pick<Row<"order_goods">, "sku_image" | "sku_name" | "price_cents" | "num" | "refund_status">;

/** The pickup / virtual order carrying the code (codes are 12 random digits; the newest wins a clash). */
function findCodeOrder(db: Db, code: string): Promise<CodeOrder | undefined> {
  return db
    .selectFrom("orders")
    .select(ORDER_COLUMNS)
    .where("verify_code", "=", code)
    .where("order_type", "in", [OrderType.PICKUP, OrderType.VIRTUAL])
    .orderBy("order_id", "desc")
    .executeTakeFirst();
}

function orderLines(db: Db, orderId: number): Promise<CodeLine[]> {
  return db
    .selectFrom("order_goods")
    .select(["sku_image", "sku_name", "price_cents", "num", "refund_status"])
    .where("order_id", "=", orderId)
    .orderBy("order_goods_id")
    .execute();
}

/** Why this code cannot be used now (unpaid, closed, used, expired, refunds), or undefined when it can. */
function refusalOf(order: CodeOrder, lines: CodeLine[], expireTime: number, at: number): string | undefined {
  if (order.order_status === OrderStatus.WAIT_PAY) return CODE_MESSAGES.unpaid;
  if (order.order_status === OrderStatus.CLOSED) return CODE_MESSAGES.closed;
  const state = verifyStatusOf(order, expireTime, at);
  if (state.status === VerifyStatus.USED) return CODE_MESSAGES.used;
  if (state.status === VerifyStatus.EXPIRED) return CODE_MESSAGES.expired;
  if (!canTransition("verify", order.order_type, order.order_status)) {
    return `订单当前状态为「${orderStatusName(order.order_status, order.order_type)}」，不能核销`;
  }
  if (lines.some((line) => OPEN_REFUND_STATUSES.includes(line.refund_status))) return CODE_MESSAGES.refunding;
  if (lines.every((line) => line.refund_status === RefundStatus.COMPLETE)) return CODE_MESSAGES.refunded;
  return undefined;
}

const maskMobile = (mobile: string): string => mobile.replace(/^(\d{3})\d{4}(\d{4})$/, "$1****$2");

function storeAddress(order: CodeOrder): string {
  try {
    const info: unknown = JSON.parse(order.delivery_store_info || "{}");
    const address = info && typeof info === "object" ? (info as Record<string, unknown>).full_address : undefined;
    return typeof address === "string" ? address : "";
  } catch {
    return "";
  }
}

/** What the verifier hands over (refunded lines left out) and the labelled lines about the order. */
function contentOf(order: CodeOrder, lines: CodeLine[], expireTime: number): { item_array: VerifyItem[]; remark_array: VerifyRemark[] } {
  const items = lines
    .filter((line) => line.refund_status !== RefundStatus.COMPLETE)
    .map((line) => ({ img: line.sku_image, name: line.sku_name, price: yuan(line.price_cents), num: line.num }));
  const remarks: VerifyRemark[] = [
    { title: "订单编号", value: order.order_no },
    { title: "订单金额", value: `¥${yuan(order.order_money_cents)}` },
    { title: "联系人", value: [maskName(order.name), maskMobile(order.mobile)].filter(Boolean).join(" ") },
  ];
  if (order.order_type === OrderType.PICKUP) {
    remarks.push({ title: "提货门店", value: order.delivery_store_name });
    const address = storeAddress(order);
    if (address) remarks.push({ title: "门店地址", value: address });
    if (order.buyer_ask_delivery_time) remarks.push({ title: "提货时间", value: order.buyer_ask_delivery_time });
  } else {
    remarks.push({ title: "有效期", value: expireTime > 0 ? `${shopDateTime(expireTime)} 前有效` : "长期有效" });
  }
  return { item_array: items, remark_array: remarks };
}

// ---- look a code up ----------------------------------------------------------------------------

/** /api/verify/verifyInfo: what the code is for, its state (usable, used by whom, expired), without using it. */
export async function lookupCode(db: Db, memberId: number, code: string): Promise<VerifyCodeInfo> {
  await requireVerifier(db, memberId);
  const order = await findCodeOrder(db, code);
  if (!order) return fail(CODE_MESSAGES.invalid);
  if (order.order_status === OrderStatus.WAIT_PAY) fail(CODE_MESSAGES.unpaid);
  if (order.order_status === OrderStatus.CLOSED) fail(CODE_MESSAGES.closed);
  const [lines, expireTime, record] = await Promise.all([
    orderLines(db, order.order_id),
    virtualExpireTime(db, order),
    db.selectFrom("verify_record").select(["verifier_name", "verify_time"]).where("order_id", "=", order.order_id).executeTakeFirst(),
  ]);
  const state = verifyStatusOf(order, expireTime);
  const type = verifyTypeOf(order.order_type);
  return {
    verify_code: order.verify_code,
    verify_type: type,
    verify_type_name: verifyTypeName(type),
    order_id: order.order_id,
    order_no: order.order_no,
    order_status: order.order_status,
    order_status_name: orderStatusName(order.order_status, order.order_type),
    buyer_name: maskName(order.name),
    buyer_mobile: maskMobile(order.mobile),
    store_name: order.delivery_store_name,
    store_address: storeAddress(order),
    pickup_time: order.buyer_ask_delivery_time,
    pay_time: order.pay_time,
    expire_time: expireTime,
    verify_status: state.status,
    verify_status_name: state.name,
    is_verify: state.status === VerifyStatus.USED ? 1 : 0,
    verifier_name: record?.verifier_name ?? "",
    verify_time: state.status === VerifyStatus.USED ? record?.verify_time || order.sign_time : 0,
    ...contentOf(order, lines, expireTime),
  };
}

// ---- use a code --------------------------------------------------------------------------------

interface UserIdentity {
  actor: Actor;
  verifierId: number;
  verifierMemberId: number;
  staffId: number;
  name: string;
}

async function identify(tx: Db, user: CodeUser): Promise<UserIdentity> {
  if (user.kind === "staff") {
    const actor = staffActor(user.caller.staff);
    return { actor, verifierId: 0, verifierMemberId: 0, staffId: user.caller.staff.staff_id, name: actor.name };
  }
  const verifier = await requireVerifier(tx, user.memberId);
  // The shopper's timeline shows a verifier as 商家 (the staff role): it acts for the shop, not as a buyer.
  const actor: Actor = { type: "staff", id: 0, name: `核销员 ${verifier.verifier_name}` };
  return { actor, verifierId: verifier.verifier_id, verifierMemberId: user.memberId, staffId: 0, name: verifier.verifier_name };
}

/**
 * Uses the code once: the order moves by `verify` and the record is written, or nothing happens and
 * the answer says why (核销码无效 / 已使用 / 已过期, unpaid, closed, refunds in progress). The order's
 * row lock is taken before its lines are read (ADR 0012), so a refund being opened at the same
 * moment is seen (核销 refused) or is opened after the use; two users at once: the second waits for
 * the lock, then finds the order moved and answers 核销码已使用 (the record's unique order_id is the
 * second guard). The lines handed over are marked delivered (the goods left the shop: a refund of
 * them no longer puts them back in stock), and the completion timer starts.
 */
export async function useCode(db: Db, user: CodeUser, code: string): Promise<VerifyOutcome> {
  try {
    return await unitOfWork(db, async (tx) => {
      const identity = await identify(tx, user);
      const found = await findCodeOrder(tx, code);
      if (!found) return fail(CODE_MESSAGES.invalid);
      await lockOrder(tx, found.order_id);
      const order = await tx.selectFrom("orders").select(ORDER_COLUMNS).where("order_id", "=", found.order_id).executeTakeFirstOrThrow();
      const at = now();
      const lines = await orderLines(tx, order.order_id);
      const expireTime = await virtualExpireTime(tx, order);
      const refusal = refusalOf(order, lines, expireTime, at);
      if (refusal) fail(refusal);
      const { to } = await transitionOrder(tx, order.order_id, "verify", identity.actor, `核销码 ${code}`);
      await tx
        .updateTable("order_goods")
        .set({ delivery_status: 1 })
        .where("order_id", "=", order.order_id)
        .where("delivery_status", "=", 0)
        .where("refund_status", "!=", RefundStatus.COMPLETE)
        .execute();
      await enqueueAutoComplete(tx, order.order_id);
      const type = verifyTypeOf(order.order_type);
      const { id } = await tx
        .insertInto("verify_record")
        .values({
          verify_code: code, verify_type: type, verify_type_name: verifyTypeName(type), order_id: order.order_id, order_no: order.order_no,
          buyer_member_id: order.member_id, verifier_type: user.kind, verifier_id: identity.verifierId, verifier_member_id: identity.verifierMemberId,
          staff_id: identity.staffId, verifier_name: identity.name, store_id: order.delivery_store_id, store_name: order.delivery_store_name,
          verify_content_json: JSON.stringify(contentOf(order, lines, expireTime)), expire_time: expireTime, verify_time: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (user.kind === "staff") {
        await logStaffAction(tx, user.caller, "order.verify", { type: "order", id: order.order_id }, { verify_code: code, record_id: id });
      }
      return { id, order_id: order.order_id, order_no: order.order_no, order_status: to, order_status_name: orderStatusName(to, order.order_type), verify_time: at };
    });
  } catch (error) {
    if (isUniqueViolation(error)) fail(CODE_MESSAGES.used);
    throw error;
  }
}

// ---- the verifier's records ----------------------------------------------------------------------

function toRecord(row: Row<"verify_record">): VerifyRecord {
  let content: { item_array?: VerifyItem[]; remark_array?: VerifyRemark[] } = {};
  try {
    content = JSON.parse(row.verify_content_json || "{}") as typeof content;
  } catch {
    // a damaged snapshot still lists the record
  }
  return {
    id: row.id,
    verify_code: row.verify_code,
    verify_type: row.verify_type as VerifyType,
    verify_type_name: row.verify_type_name,
    order_id: row.order_id,
    order_no: row.order_no,
    verifier_name: row.verifier_name,
    verify_time: row.verify_time,
    store_name: row.store_name,
    expire_time: row.expire_time,
    is_verify: 1,
    item_array: content.item_array ?? [],
    remark_array: content.remark_array ?? [],
  };
}

export interface RecordListQuery extends PageRequest {
  verify_type: "all" | VerifyType;
}

/** /api/verify/lists: the records the caller made, newest first, by kind. */
export async function listRecords(db: Db, memberId: number, query: RecordListQuery): Promise<Page<VerifyRecord>> {
  await requireVerifier(db, memberId);
  let rows = db.selectFrom("verify_record").selectAll().where("verifier_member_id", "=", memberId);
  if (query.verify_type !== "all") rows = rows.where("verify_type", "=", query.verify_type);
  return mapPage(await paginate(db, rows.orderBy("verify_time", "desc").orderBy("id", "desc"), query), toRecord);
}

/** /api/verify/detail: one of the caller's records; another verifier's answers as a missing one. */
export async function recordDetail(db: Db, memberId: number, id: number): Promise<VerifyRecord> {
  await requireVerifier(db, memberId);
  const row = await db.selectFrom("verify_record").selectAll().where("id", "=", id).where("verifier_member_id", "=", memberId).executeTakeFirst();
  return row ? toRecord(row) : fail("核销记录不存在");
}
