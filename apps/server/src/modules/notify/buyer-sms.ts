import type { NotifyKeywords } from "@shop/contract/domains/admin-notify";
import { eventKey, type DomainEvent, type DomainEventName } from "../../core/events.ts";
import type { SmsProvider } from "../../core/services.ts";
import { yuan } from "../../core/money.ts";
import { now } from "../../core/time.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { readTemplate, renderTemplate } from "./templates.ts";

/** The events a buyer hears about by SMS. */
export const BUYER_SMS_EVENTS: readonly DomainEventName[] = [
  "order.paid", "order.shipped", "refund.agreed", "refund.refused", "refund.transferred", "withdraw.reviewed",
];

interface Message {
  keywords: NotifyKeywords;
  memberId: number;
  vars: Record<string, string>;
}

const WITHDRAW_TEMPLATE: Record<string, NotifyKeywords> = {
  agree: "USER_WITHDRAWAL_AGREE", refuse: "USER_WITHDRAWAL_REFUSE", transfer: "USER_WITHDRAWAL_SUCCESS",
};
const ORDER_TEMPLATE: Partial<Record<DomainEventName, NotifyKeywords>> = { "order.paid": "ORDER_PAY", "order.shipped": "ORDER_DELIVERY" };
const REFUND_TEMPLATE: Partial<Record<DomainEventName, NotifyKeywords>> = {
  "refund.agreed": "ORDER_REFUND_AGREE", "refund.refused": "ORDER_REFUND_REFUSE", "refund.transferred": "ORDER_REFUND_SUCCESS",
};

/** Which template an event sends, to whom, with which values; undefined: nothing to say. */
async function messageFor(db: Db, event: DomainEvent): Promise<Message | undefined> {
  const orderTemplate = ORDER_TEMPLATE[event.name];
  if (orderTemplate) {
    const order = await db.selectFrom("orders").select(["member_id", "order_no", "order_money_cents"]).where("order_id", "=", event.id).executeTakeFirst();
    return order && { keywords: orderTemplate, memberId: order.member_id, vars: { order_no: order.order_no, order_money: yuan(order.order_money_cents) } };
  }
  const refundTemplate = REFUND_TEMPLATE[event.name];
  if (refundTemplate) {
    const refund = await db
      .selectFrom("order_refund")
      .innerJoin("orders", "orders.order_id", "order_refund.order_id")
      .select(["orders.member_id", "orders.order_no", "order_refund.refund_real_money_cents"])
      .where("order_refund.refund_id", "=", event.id)
      .executeTakeFirst();
    return refund && { keywords: refundTemplate, memberId: refund.member_id, vars: { order_no: refund.order_no, refund_money: yuan(refund.refund_real_money_cents) } };
  }
  const withdrawTemplate = event.name === "withdraw.reviewed" ? WITHDRAW_TEMPLATE[String(event.data?.action)] : undefined;
  if (withdrawTemplate) {
    const withdraw = await db.selectFrom("member_withdraw").select(["member_id", "withdraw_no", "apply_money_cents"]).where("id", "=", event.id).executeTakeFirst();
    return withdraw && { keywords: withdrawTemplate, memberId: withdraw.member_id, vars: { withdraw_no: withdraw.withdraw_no, money: yuan(withdraw.apply_money_cents) } };
  }
  return undefined;
}

/**
 * Sends the buyer's SMS for `event` once (the job of subscribeDurable). Its log row, unique on
 * send_key (event + template), is written before sending: a row already `sent` means a retried or
 * repeated job sends nothing. A failing provider marks it `failed` and throws, so the job is
 * retried with backoff. (A crash between the provider's answer and marking it sent would send
 * again on the retry: the provider offers no idempotency key to prevent that.)
 */
export async function sendBuyerSms(db: Db, sms: SmsProvider, event: DomainEvent): Promise<void> {
  const message = await messageFor(db, event);
  if (!message) return;
  const template = await readTemplate(db, message.keywords);
  if (!template.is_open) return;
  const member = await db.selectFrom("member").select("mobile").where("member_id", "=", message.memberId).executeTakeFirst();
  if (!member?.mobile) return;
  const sendKey = `${eventKey(event)}:${message.keywords}`;
  const content = renderTemplate(template.content, message.vars);
  const row = await unitOfWork(db, async (tx) => {
    await tx
      .insertInto("notify_sms_log")
      .values({
        send_key: sendKey, keywords: message.keywords, member_id: message.memberId, mobile: member.mobile!, content, status: "sending",
        attempts: 0, error: "", create_time: now(), send_time: 0,
      })
      .onConflict((conflict) => conflict.column("send_key").doNothing())
      .execute();
    return tx.selectFrom("notify_sms_log").select(["id", "status", "mobile", "content"]).where("send_key", "=", sendKey).executeTakeFirstOrThrow();
  });
  if (row.status === "sent") return;
  const attempt = (status: string, error = "") =>
    unitOfWork(db, (tx) =>
      tx
        .updateTable("notify_sms_log")
        .set((eb) => ({ status, error: error.slice(0, 2000), attempts: eb("attempts", "+", 1), send_time: status === "sent" ? now() : 0 }))
        .where("id", "=", row.id)
        .execute(),
    );
  try {
    await sms.send({ mobile: row.mobile, purpose: message.keywords, code: "", content: row.content });
  } catch (error) {
    await attempt("failed", error instanceof Error ? error.message : String(error));
    throw error;
  }
  await attempt("sent");
}
