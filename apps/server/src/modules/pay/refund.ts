import type { LatePayment } from "@shop/contract";
import { Code, type Page } from "@shop/contract/codes";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffContext } from "../../core/context.ts";
import { BizError } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { enqueueJob } from "../jobs/queue.ts";
import type { JobRunner } from "../jobs/runner.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { BALANCE_METHOD, refundToBalance } from "./balance.ts";
import type { PayMethods } from "./methods.ts";
import { PayStatus, tradeOrderIds } from "./trade.ts";

/**
 * Late payments: money a gateway collected for a trade whose orders had closed (settleTrade
 * "late", refund_status 1). Staff list them and send each back; the refund is a durable job that
 * calls the gateway outside any transaction and retries until it accepts (our refund number makes
 * a repeat refund once), then marks the trade refunded (refund_status 2).
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

/** Staff: queue the refund of a late payment (once per trade, however often asked). */
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
    const provider = methods.gateways.get(trade.pay_type);
    if (!provider) throw new Error(`支付方式 ${trade.pay_type} 未启用，无法退款`);
    await provider.refund({
      outTradeNo,
      tradeNo: trade.trade_no,
      refundCents: trade.pay_money_cents,
      totalCents: trade.pay_money_cents,
      outRefundNo: `R${outTradeNo}`,
      reason: "订单已关闭，退回付款",
    });
    await unitOfWork(db, markRefunded);
  });
}
