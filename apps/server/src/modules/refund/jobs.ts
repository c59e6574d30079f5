import { RefundPayStatus, RefundStatus, RefundType } from "@shop/contract";
import type { AppConfig } from "../../config.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { JobRunner } from "../../core/services.ts";
import type { PayProvider } from "../pay/providers/provider.ts";
import { PayStatus } from "../pay/trade.ts";
import { applyGatewayRefundResult } from "./gateway-result.ts";
import { findRefund, moveRefund, SYSTEM_REFUND_ACTOR } from "./refund-store.ts";
import { agreeRefund, lockRefund, REFUND_JOBS, transferRefund } from "./settle.ts";
import { goodsWithBuyer } from "./rules.ts";

/**
 * The refund timers and the gateway refund (ADR 0006 durable jobs). Each is a no-op when the
 * refund moved on meanwhile (the shop answered, the buyer shipped), so a late or repeated run
 * changes nothing.
 */

function refundIdOf(payload: Record<string, unknown>): number {
  const refundId = Number(payload.refund_id);
  if (!Number.isSafeInteger(refundId) || refundId <= 0) throw new Error(`refund job without a valid refund_id: ${JSON.stringify(payload)}`);
  return refundId;
}

/**
 * Unanswered for auto_agree_days: the system agrees. A 仅退款 whose goods never reached the buyer
 * (not yet received / picked up) is also sent at once (the shop had its chance); once the buyer
 * holds the goods, the money for goods they keep waits at 待转账 for the shop to send.
 */
export async function autoAgree(db: Db, refundId: number): Promise<void> {
  await unitOfWork(db, async (tx) => {
    const refund = await lockRefund(tx, refundId);
    if (refund.refund_status !== RefundStatus.APPLY) return;
    await agreeRefund(tx, refund, [RefundStatus.APPLY], SYSTEM_REFUND_ACTOR, undefined, "商家超时未处理，系统自动同意", "系统自动同意退款");
    const order = await tx.selectFrom("orders").select("order_status").where("order_id", "=", refund.order_id).executeTakeFirstOrThrow();
    if (refund.refund_type === RefundType.MONEY && !goodsWithBuyer(order.order_status)) {
      await transferRefund(tx, (await findRefund(tx, refundId))!, SYSTEM_REFUND_ACTOR, "商家超时未处理，系统自动退款");
    }
  });
}

/** A return the buyer did not ship within return_close_days closes. */
export async function closeUnshippedReturn(db: Db, refundId: number): Promise<void> {
  await unitOfWork(db, async (tx) => {
    const refund = await lockRefund(tx, refundId);
    if (refund.refund_status !== RefundStatus.WAIT_DELIVERY) return;
    await moveRefund(tx, refund, [RefundStatus.WAIT_DELIVERY], RefundStatus.CLOSED, { action: "买家超时未退货，退款关闭", actor: SYSTEM_REFUND_ACTOR }, { delivery_deadline: 0 });
  });
}

/** The gateways by pay_type (PayMethods.gateways; tests pass their own). */
export interface GatewayLookup {
  gateways: ReadonlyMap<string, PayProvider>;
}

/**
 * Our origin as a gateway reaches it, for the refund notify URL: PUBLIC_ORIGIN, else this server's
 * own address (enough for the in-process sandbox gateway; WeChat Pay needs a public https URL and
 * otherwise notifies the one set in its merchant console). "" when unknown.
 */
export function refundNotifyOrigin(config: Pick<AppConfig, "publicOrigin" | "host" | "port"> | undefined): string {
  if (!config) return "";
  if (config.publicOrigin) return config.publicOrigin;
  const host = ["0.0.0.0", "::", ""].includes(config.host) ? "127.0.0.1" : config.host.includes(":") ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/**
 * Sends a refund's gateway part back through the provider that collected the order's trade,
 * outside any unit of work (no network inside a transaction), with our refund number as the
 * provider's refund number (a repeated call refunds once at the gateway) and our notify route for
 * its result. What the gateway answered is applied afterwards (gateway-result.ts): accepted → 2
 * sent, its refund notify bringing 3 arrived later (or first: then the mark is a no-op); an
 * immediate result (Alipay) → 3 at once. A run after that finds nothing to do. A refusal throws:
 * the job retries.
 */
export async function sendGatewayRefund(db: Db, gateways: GatewayLookup, refundId: number, notifyOrigin = ""): Promise<void> {
  const refund = await findRefund(db, refundId);
  if (!refund || refund.refund_pay_status !== RefundPayStatus.TO_SEND || refund.refund_pay_money_cents <= 0) return;
  const order = await db.selectFrom("orders").select(["out_trade_no", "pay_type"]).where("order_id", "=", refund.order_id).executeTakeFirstOrThrow();
  const trade = await db
    .selectFrom("pay")
    .select(["out_trade_no", "trade_no", "pay_type", "pay_money_cents", "pay_status"])
    .where("out_trade_no", "=", order.out_trade_no)
    .executeTakeFirst();
  if (!trade || trade.pay_status !== PayStatus.PAID) throw new Error(`退款 ${refund.refund_no}：订单的支付交易 ${order.out_trade_no} 未支付`);
  const provider = gateways.gateways.get(trade.pay_type);
  if (!provider) throw new Error(`支付方式 ${trade.pay_type} 未启用，无法退款`);
  const answer = await provider.refund(
    {
      outTradeNo: trade.out_trade_no,
      tradeNo: trade.trade_no,
      refundCents: refund.refund_pay_money_cents,
      totalCents: trade.pay_money_cents,
      outRefundNo: refund.refund_no,
      reason: "订单退款",
      ...(notifyOrigin ? { notifyUrl: `${notifyOrigin}/pay/notify/${provider.name}` } : {}),
    },
    { db },
  );
  await unitOfWork(db, (tx) =>
    applyGatewayRefundResult(tx, {
      providerTitle: provider.title,
      outRefundNo: refund.refund_no,
      status: answer?.status ?? "PROCESSING",
      gatewayRefundNo: answer?.gatewayRefundNo,
      receivedAccount: answer?.receivedAccount,
    }),
  );
}

/** `config` gives the refund notify URL (refundNotifyOrigin); without it gateways notify their configured URL. */
export function registerRefundJobs(jobs: JobRunner, db: Db, gateways: GatewayLookup, config?: Pick<AppConfig, "publicOrigin" | "host" | "port">): void {
  const notifyOrigin = refundNotifyOrigin(config);
  jobs.register(REFUND_JOBS.autoAgree, (payload) => autoAgree(db, refundIdOf(payload)));
  jobs.register(REFUND_JOBS.returnClose, (payload) => closeUnshippedReturn(db, refundIdOf(payload)));
  jobs.register(REFUND_JOBS.gateway, (payload) => sendGatewayRefund(db, gateways, refundIdOf(payload), notifyOrigin));
}
