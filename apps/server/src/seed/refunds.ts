import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Db } from "../db/unit-of-work.ts";
import { applyRefund } from "../modules/refund/apply.ts";
import { cancelRefund, sendReturn } from "../modules/refund/member.ts";
import type { StaffCaller } from "../core/context.ts";
import { staffAgree, staffReceive, staffRefuse, staffTransfer } from "../modules/refund/staff.ts";
import { fileComplaint } from "../modules/refund/complain.ts";
import { REFUND_JOBS } from "../modules/refund/settle.ts";
import { applyGatewayRefundResult } from "../modules/refund/gateway-result.ts";
import { DEMO_MEMBER_ID } from "./members.ts";
import { DAY_SECONDS } from "../core/time.ts";

/**
 * The demo member's after-sales, so 退款/售后 and the refund pages are alive on first start: refunds
 * in most statuses on lines of the orders seedOrders made — 申请退款 waiting for the shop, 退款被拒绝
 * with a complaint waiting for the platform, 退款完成 after a return, 待买家退货, 部分退款 and a
 * refund the buyer withdrew. Through the real services (the refund calls, staff actions), then
 * moved to the times of their story, after the order's own. No order status changes (no order is
 * refunded whole); the money went back through the sandbox gateway (the seeded orders paid there),
 * so the demo balance stays as seeded, and the gateway's refund notify is applied here (a production
 * shop runs without the sandbox, so a queued gateway job could never send it).
 * Runs inside the seed's transaction, after seedOrders.
 */

const HOUR = 3600;

interface DemoOrder {
  order_id: number;
  pay_time: number;
  delivery_time: number;
  sign_time: number;
  finish_time: number;
  lines: number[];
}

/** The demo member's order in this status (and type), with its lines in id order. */
async function demoOrder(db: Db, status: number, orderType: number, minLines = 1): Promise<DemoOrder> {
  const orders = await db
    .selectFrom("orders")
    .select(["order_id", "pay_time", "delivery_time", "sign_time", "finish_time"])
    .where("member_id", "=", DEMO_MEMBER_ID)
    .where("order_status", "=", status)
    .where("order_type", "=", orderType)
    .orderBy("order_id")
    .execute();
  for (const order of orders) {
    const lines = await db.selectFrom("order_goods").select("order_goods_id").where("order_id", "=", order.order_id).orderBy("order_goods_id").execute();
    if (lines.length >= minLines) return { ...order, lines: lines.map((line) => line.order_goods_id) };
  }
  throw new Error(`seed refunds: the demo member has no order in status ${status} (type ${orderType}) with ${minLines} lines`);
}

/** The refund's timeline at the story's times (one per log row, in order), its times and its timers with them. */
async function dateRefund(db: Db, orderGoodsId: number, times: number[]): Promise<void> {
  const refund = await db.selectFrom("order_refund").selectAll().where("order_goods_id", "=", orderGoodsId).orderBy("refund_id", "desc").executeTakeFirstOrThrow();
  const logs = await db.selectFrom("order_refund_log").select("id").where("refund_id", "=", refund.refund_id).orderBy("id").execute();
  if (logs.length !== times.length) throw new Error(`seed refunds: ${logs.length} timeline rows for ${times.length} times`);
  for (const [index, log] of logs.entries()) await db.updateTable("order_refund_log").set({ action_time: times[index]! }).where("id", "=", log.id).execute();
  const created = times[0]!;
  const last = times.at(-1)!;
  const autoAgree = refund.auto_agree_time ? created + (refund.auto_agree_time - refund.create_time) : 0;
  const deadline = refund.delivery_deadline ? last + (refund.delivery_deadline - refund.update_time) : 0;
  await db
    .updateTable("order_refund")
    .set({ create_time: created, update_time: last, refund_time: refund.refund_time ? last : 0, auto_agree_time: autoAgree, delivery_deadline: deadline })
    .where("refund_id", "=", refund.refund_id)
    .execute();
  if (autoAgree) await db.updateTable("job").set({ run_at: autoAgree }).where("dedupe_key", "=", `${REFUND_JOBS.autoAgree}:${refund.refund_id}`).execute();
  if (deadline) await db.updateTable("job").set({ run_at: deadline }).where("dedupe_key", "=", `${REFUND_JOBS.returnClose}:${refund.refund_id}`).execute();
  await db.updateTable("order_complain").set({ create_time: last }).where("refund_id", "=", refund.refund_id).execute();
}

const noPictures = { refund_images: [] as string[], refund_remark: "" };

/** The sandbox gateway's word that the refund of the line arrived, as its notify reports it; the send job is then moot. */
async function sandboxRefundArrived(db: Db, orderGoodsId: number): Promise<void> {
  const refund = await db.selectFrom("order_refund").select(["refund_no", "refund_pay_money_cents"]).where("order_goods_id", "=", orderGoodsId).orderBy("refund_id", "desc").executeTakeFirstOrThrow();
  const outcome = await applyGatewayRefundResult(db, { providerTitle: "演示支付", outRefundNo: refund.refund_no, status: "SUCCESS", amountCents: refund.refund_pay_money_cents, receivedAccount: "" });
  if (outcome !== "refund_arrived") throw new Error(`seed refunds: the sandbox refund of ${refund.refund_no} was ${outcome}`);
  await db.deleteFrom("job").where("dedupe_key", "=", `${REFUND_JOBS.gateway}:${refund.refund_no}`).execute();
}

export async function seedRefunds(db: Kysely<DB>): Promise<void> {
  const admin = await db.selectFrom("staff").select(["staff_id", "username", "nickname", "role"]).where("role", "=", "admin").orderBy("staff_id").executeTakeFirstOrThrow();
  const shop: StaffCaller = { staff: admin, ip: "127.0.0.1" };

  // 待发货 (express, two lines): the second line's refund waits for the shop.
  const waiting = await demoOrder(db, 1, 1, 2);
  await applyRefund(db, DEMO_MEMBER_ID, { order_goods_id: waiting.lines[1]!, refund_type: 1, refund_reason: "拍错/多拍/不喜欢", ...noPictures, refund_remark: "多买了一件，不要了" });
  await dateRefund(db, waiting.lines[1]!, [waiting.pay_time + 2 * HOUR]);

  // 已发货: the shop refused the first line's refund; the buyer asked the platform to step in.
  const shipped = await demoOrder(db, 3, 1);
  await applyRefund(db, DEMO_MEMBER_ID, { order_goods_id: shipped.lines[0]!, refund_type: 1, refund_reason: "商品与描述不符", ...noPictures, refund_remark: "页面写的是 20000mAh，收到的是 10000mAh" });
  await staffRefuse(db, shop, shipped.lines[0]!, "商品规格与页面一致，请核对包装上的标识");
  await fileComplaint(db, DEMO_MEMBER_ID, shipped.lines[0]!, { complain_reason: "商家无理拒绝退款", complain_remark: "包装上标注的容量与商品页不一致，已拍照留存。", complain_images: [] });
  const refusedAt = shipped.delivery_time + 3 * HOUR;
  await dateRefund(db, shipped.lines[0]!, [refusedAt, refusedAt + 2 * HOUR, refusedAt + 3 * HOUR]);

  // 已完成: the second line came back and was refunded; the first is agreed, the buyer is to send it back.
  const completed = await demoOrder(db, 10, 1, 2);
  const returned = completed.lines[1]!;
  await applyRefund(db, DEMO_MEMBER_ID, { order_goods_id: returned, refund_type: 2, refund_reason: "商品质量问题", ...noPictures, refund_remark: "其中一根数据线无法充电" });
  await staffAgree(db, shop, returned, { shop_remark: "请寄回有问题的数据线" });
  await sendReturn(db, DEMO_MEMBER_ID, returned, { refund_delivery_name: "顺丰速运", refund_delivery_no: "SF1402399120733", refund_delivery_remark: "两根一起寄回" });
  await staffReceive(db, shop, returned);
  await staffTransfer(db, shop, returned, "已验货，原路退款");
  await sandboxRefundArrived(db, returned);
  const returnedAt = completed.finish_time + DAY_SECONDS;
  await dateRefund(db, returned, [returnedAt, returnedAt + 2 * HOUR, returnedAt + DAY_SECONDS, returnedAt + 3 * DAY_SECONDS, returnedAt + 3 * DAY_SECONDS + HOUR, returnedAt + 3 * DAY_SECONDS + 2 * HOUR]);
  const toReturn = completed.lines[0]!;
  await applyRefund(db, DEMO_MEMBER_ID, { order_goods_id: toReturn, refund_type: 2, refund_reason: "商品质量问题", ...noPictures, refund_remark: "左耳机有杂音" });
  await staffAgree(db, shop, toReturn, { shop_remark: "请寄回耳机，收到后为您退款" });
  const toReturnAt = completed.finish_time + 3 * DAY_SECONDS;
  await dateRefund(db, toReturn, [toReturnAt, toReturnAt + 3 * HOUR]);

  // 待发货 (local delivery): part of the money back (a line sold for less than agreed).
  const local = await demoOrder(db, 1, 3);
  await applyRefund(db, DEMO_MEMBER_ID, { order_goods_id: local.lines[0]!, refund_type: 1, refund_reason: "协商一致退款", ...noPictures, refund_remark: "差价退款", refund_money: 500 });
  await staffAgree(db, shop, local.lines[0]!, { shop_remark: "" });
  await staffTransfer(db, shop, local.lines[0]!, "退还差价");
  await sandboxRefundArrived(db, local.lines[0]!);
  await dateRefund(db, local.lines[0]!, [local.pay_time + 30 * 60, local.pay_time + 40 * 60, local.pay_time + 50 * 60, local.pay_time + 60 * 60]);

  // 已收货: a refund the buyer withdrew.
  const received = await demoOrder(db, 4, 1);
  await applyRefund(db, DEMO_MEMBER_ID, { order_goods_id: received.lines[0]!, refund_type: 1, refund_reason: "其他", ...noPictures, refund_remark: "尺码偏小" });
  await cancelRefund(db, DEMO_MEMBER_ID, received.lines[0]!);
  await dateRefund(db, received.lines[0]!, [received.sign_time + HOUR, received.sign_time + 2 * HOUR]);
}
