import type { VerifyDeskInfo } from "@shop/contract";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { ORDER_TYPE_NAMES, canTransition, orderStatusName } from "./state-machine.ts";

/**
 * 核销台: what a pickup / virtual code belongs to before staff verify it (/shopapi/order/verifyinfo).
 * Reads only: the use itself is /shopapi/order/verify (the one verification service).
 */
export async function verifyDeskInfo(db: Db, verifyCode: string): Promise<VerifyDeskInfo> {
  const order = await db
    .selectFrom("orders")
    .leftJoin("member", "member.member_id", "orders.member_id")
    .select([
      "orders.order_id", "orders.order_no", "orders.order_type", "orders.order_status", "orders.create_time", "orders.pay_money_cents",
      "orders.delivery_store_name", "orders.name", "orders.mobile", "member.nickname", "member.username",
    ])
    .where("orders.verify_code", "=", verifyCode)
    .executeTakeFirst();
  if (!order) return fail("核销码不存在");
  const lines = await db.selectFrom("order_goods").select(["sku_name", "sku_image", "num"]).where("order_id", "=", order.order_id).orderBy("order_goods_id").execute();
  return {
    order_id: order.order_id,
    order_no: order.order_no,
    order_type_name: ORDER_TYPE_NAMES[order.order_type] ?? "",
    order_status: order.order_status,
    order_status_name: orderStatusName(order.order_status, order.order_type),
    verifiable: canTransition("verify", order.order_type, order.order_status),
    buyer: order.nickname || order.username || "",
    store_name: order.delivery_store_name,
    pay_money: yuan(order.pay_money_cents),
    create_time: order.create_time,
    goods_list: lines,
  };
}
