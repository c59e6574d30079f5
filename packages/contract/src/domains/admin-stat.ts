import { z } from "zod";
import { endpoint, noBody } from "../endpoint.ts";

/**
 * 概况 (issue 23): the console's figures, computed from the orders and ledgers (reference
 * admin-php/app/shop/controller/Stat.php and model/system/Stat.php; field names are its stat_shop
 * columns where it has them). Money is a string with two decimals ("99.00"), times unix seconds.
 *
 * A range is [start_time, end_time): the start counts, the end does not, so "today" is today's
 * 00:00:00 (Beijing time) to tomorrow's. It must not be empty and spans at most 366 days.
 */

/** The longest range a stat call answers, in days. */
export const STAT_MAX_RANGE_DAYS = 366;

const unixTime = z.coerce.number({ error: "请选择统计时间" }).int().min(1).max(4_102_444_800);

const statRangeFields = { start_time: unixTime, end_time: unixTime };

function checkRange(range: { start_time: number; end_time: number }, ctx: z.RefinementCtx): void {
  if (range.end_time <= range.start_time) {
    ctx.addIssue({ code: "custom", path: ["end_time"], message: "结束时间须晚于开始时间" });
  } else if (range.end_time - range.start_time > STAT_MAX_RANGE_DAYS * 86_400) {
    ctx.addIssue({ code: "custom", path: ["end_time"], message: `统计时间最长 ${STAT_MAX_RANGE_DAYS} 天` });
  }
}

export const statRange = z.object(statRangeFields).superRefine(checkRange);
export type StatRange = z.input<typeof statRange>;

/** /shopapi/stat/getstattotal: the range's totals. */
export interface StatTotal {
  /** orders paid in the range (by pay_time, whatever happened to them after) */
  order_pay_count: number;
  /** GMV: the order money of those orders */
  order_pay_money: string;
  /** distinct members who paid them */
  order_member_count: number;
  /** goods pieces in them */
  goods_pay_count: number;
  /** money actually sent back by refunds finished in the range (by refund_time) */
  refund_total: string;
  /** refunds whose money went back in the range */
  refund_count: number;
  /** members registered in the range */
  member_count: number;
  /**
   * Added (not in the reference's stat_shop): order_pay_money / order_pay_count, rounded to the cent
   * ("0.00" without orders).
   */
  order_avg_money: string;
  /**
   * The reference's visit_count: visits are not recorded by this shop, so it is always null
   * (the console says 未统计 instead of a zero).
   */
  visit_count: null;
}

/** /shopapi/stat/getstatdata: per shop day of the range, each field a list as long as `time`. */
export interface StatDayData {
  /** the days, "2026-12-07" (Beijing time) */
  time: string[];
  order_pay_count: number[];
  order_pay_money: string[];
  refund_total: string[];
  member_count: number[];
}

/** One goods of the ranking (/shopapi/stat/getgoodsordernumstat and …moneystat). */
export interface StatGoodsRank {
  goods_id: number;
  goods_name: string;
  /** pieces paid in the range (lines not refunded in full) */
  sale_num: number;
  /** the paid lines' goods money */
  order_money: string;
}

/** /shopapi/index/todo: what awaits the shop now; each count is the list the console links. */
export interface StatTodo {
  /** orders paid and not yet shipped (order_status 1) */
  waitsend_count: number;
  /** refunds applied, agreed and awaiting transfer, or returned and awaiting receipt */
  refund_count: number;
  /** evaluations awaiting audit (is_audit 0) */
  evaluate_count: number;
  /** withdrawals awaiting review (status 0) */
  withdraw_count: number;
  /** SKUs at or below their stock alarm (stock_alarm > 0 and stock <= stock_alarm) */
  stock_alarm_count: number;
  /** conversations with member messages no servicer has read */
  chat_unread_count: number;
}

const rankQuery = z
  .object({ ...statRangeFields, limit: z.coerce.number().int().min(1, "参数 limit 不能小于 1").max(50, "参数 limit 不能大于 50").default(5) })
  .superRefine(checkRange);

export const statEndpoints = {
  "/shopapi/stat/getstattotal": endpoint<StatTotal>()(statRange),
  "/shopapi/stat/getstatdata": endpoint<StatDayData>()(statRange),
  "/shopapi/stat/getgoodsordernumstat": endpoint<StatGoodsRank[]>()(rankQuery),
  "/shopapi/stat/getgoodsordermoneystat": endpoint<StatGoodsRank[]>()(rankQuery),
  "/shopapi/index/todo": endpoint<StatTodo>()(noBody),
};
