import crypto from "node:crypto";
import type { LatePayment } from "@shop/contract";
import { Code, type Page } from "@shop/contract/codes";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffContext } from "../../core/context.ts";
import { BizError } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { now } from "../../core/time.ts";
import { enqueueJob } from "../jobs/queue.ts";
import type { JobRunner } from "../../core/services.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { BALANCE_METHOD, refundToBalance } from "./balance.ts";
import type { PayMethods } from "./methods.ts";
import { PayStatus, tradeOrderIds, type TradeRow } from "./trade.ts";

/**
 * Money to send back, as pay rows with refund_status 1: late payments — a gateway collected a
 * trade whose orders had closed (settleTrade "late") — and duplicate payments — a second,
 * different payment of a trade already paid, recorded as a row of its own (below). Staff list
 * them and send each back; the refund is a durable job that calls the gateway outside any
 * transaction and retries until it accepts (our refund number makes a repeat refund once), then
 * marks the row refunded (refund_status 2).
 */
export const REFUND_JOB = "pay.refund";
export const RefundStatus = { NONE: 0, TO_REFUND: 1, REFUNDED: 2 } as const;

export async function latePayments(db: Db, methods: PayMethods, paging: PageRequest): Promise<Page<LatePayment>> {
  const query = db
    .selectFrom("pay")
    .select(["out_trade_no", "member_id", "pay_type", "pay_money_cents", "trade_no", "pay_time", "order_ids", "refund_status"])
    .where("refund_status", "in", [RefundStatus.TO_REFUND, RefundStatus.REFUNDED])
    .orderBy("refund_status")
    .orderBy("pay_time", "desc")
    .orderBy("id", "desc");
  const page = await paginate(db, query, paging);
  return mapPage(page, (row) => ({
    out_trade_no: row.out_trade_no,
    member_id: row.member_id,
    pay_type: row.pay_type,
    pay_type_name: methods.titleOf(row.pay_type),
    pay_money: yuan(row.pay_money_cents),
    trade_no: row.trade_no,
    pay_time: row.pay_time,
    order_ids: tradeOrderIds(row.order_ids),
    refund_status: row.refund_status,
  }));
}

/**
 * The number of a duplicate payment's row: `{out_trade_no}-D{8 hex}` (hash of method and gateway
 * trade number), so a repeated notify of the same payment finds its row and another payment gets
 * its own. Our trade numbers are digits: the part before "-" is the trade the gateway collected.
 */
export function duplicatePaymentNo(outTradeNo: string, payType: string, tradeNo: string): string {
  return `${outTradeNo}-D${crypto.createHash("sha256").update(`${payType}:${tradeNo}`).digest("hex").slice(0, 8)}`;
}

/** The out_trade_no the gateway knows a refundable row by. */
export const gatewayOutTradeNo = (rowOutTradeNo: string): string => rowOutTradeNo.split("-")[0]!;

export interface ExtraPayment {
  payType: string;
  tradeNo: string;
  amountCents: number;
}

/**
 * Records a second payment of a paid trade for refund (inside the notify's unit of work): a pay row
 * of its own, paid with the gateway's trade number and marked to refund, covering the same orders.
 * Once per payment, however often its notify repeats.
 */
export async function recordDuplicatePayment(tx: Db, trade: TradeRow, payment: ExtraPayment): Promise<void> {
  const at = now();
  await tx
    .insertInto("pay")
    .values({
      out_trade_no: duplicatePaymentNo(trade.out_trade_no, payment.payType, payment.tradeNo),
      member_id: trade.member_id,
      trade_kind: trade.trade_kind,
      pay_body: `重复支付：${trade.pay_body}`.slice(0, 255),
      pay_money_cents: payment.amountCents,
      pay_type: payment.payType,
      pay_status: PayStatus.PAID,
      trade_no: payment.tradeNo,
      pay_time: at,
      order_ids: trade.order_ids,
      create_time: at,
      close_time: 0,
      refund_status: RefundStatus.TO_REFUND,
    })
    .onConflict((conflict) => conflict.column("out_trade_no").doNothing())
    .execute();
}

/** Staff: queue the refund of a late or duplicate payment (once per row, however often asked). */
export async function requestRefund(ctx: StaffContext, outTradeNo: string): Promise<null> {
  await unitOfWork(ctx.db, async (tx) => {
    const trade = await tx.selectFrom("pay").select(["refund_status", "pay_status"]).where("out_trade_no", "=", outTradeNo).executeTakeFirst();
    if (!trade) throw new BizError("交易不存在", Code.ERROR);
    if (trade.refund_status === RefundStatus.REFUNDED) throw new BizError("该交易已退款", Code.ERROR);
    if (trade.refund_status !== RefundStatus.TO_REFUND || trade.pay_status !== PayStatus.PAID) throw new BizError("该交易无需退款", Code.ERROR);
    await enqueueJob(tx, { kind: REFUND_JOB, payload: { out_trade_no: outTradeNo }, dedupeKey: `${REFUND_JOB}:${outTradeNo}` });
    await logStaffAction(tx, ctx, "pay.refund", { type: "pay", id: outTradeNo });
  });
  return null;
}

export function registerRefundJob(jobs: JobRunner, db: Db, methods: PayMethods): void {
  jobs.register(REFUND_JOB, async (payload) => {
    const outTradeNo = String(payload.out_trade_no);
    const trade = await db.selectFrom("pay").selectAll().where("out_trade_no", "=", outTradeNo).executeTakeFirst();
    if (!trade || trade.refund_status !== RefundStatus.TO_REFUND) return;
    const markRefunded = (tx: Db) =>
      tx.updateTable("pay").set({ refund_status: RefundStatus.REFUNDED }).where("out_trade_no", "=", outTradeNo).where("refund_status", "=", RefundStatus.TO_REFUND).execute();
    if (trade.pay_type === BALANCE_METHOD.name) {
      await unitOfWork(db, async (tx) => {
        await refundToBalance(tx, trade.member_id, outTradeNo, trade.pay_money_cents);
        await markRefunded(tx);
      });
      return;
    }
    const provider = (await methods.refresh()).gateways.get(trade.pay_type);
    if (!provider) throw new Error(`支付方式 ${trade.pay_type} 未启用，无法退款`);
    const gatewayTrade = gatewayOutTradeNo(outTradeNo);
    await provider.refund({
      outTradeNo: gatewayTrade,
      tradeNo: trade.trade_no,
      refundCents: trade.pay_money_cents,
      totalCents: trade.pay_money_cents,
      outRefundNo: `R${outTradeNo}`,
      reason: gatewayTrade === outTradeNo ? "订单已关闭，退回付款" : "重复支付，退回付款",
    });
    await unitOfWork(db, markRefunded);
  });
}
