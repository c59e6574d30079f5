import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { readSetting } from "../site/service.ts";
import { OrderStatus } from "../order/state-machine.ts";
import { DAY_SECONDS } from "../../core/time.ts";

/** What decides whether an order, a line and a member may be evaluated (add, again, the order's actions). */

/** Received (已收货, pickup 已提货), completed, and virtual 已使用. */
export const EVALUABLE_STATUSES: readonly number[] = [OrderStatus.RECEIVED, OrderStatus.COMPLETE, OrderStatus.USED];

/** orders.is_evaluate */
export const EvaluateStatus = { NONE: 0, EVALUATED: 1, AGAIN: 2 } as const;

/** A follow-up may be written this long after the first evaluation when evaluate_config says nothing. */
export const DEFAULT_AGAIN_DAYS = 180;

export interface EvaluateSettings {
  /** members may evaluate at all */
  enabled: boolean;
  /** new evaluations and follow-ups wait for the shop's review */
  audit: boolean;
  againSeconds: number;
}

export async function evaluateSettings(db: Db): Promise<EvaluateSettings> {
  const config = await readSetting(db, "evaluate_config");
  const againDays = Number(config.again_days ?? DEFAULT_AGAIN_DAYS);
  return {
    enabled: Number(config.evaluate_status) !== 0,
    audit: Number(config.evaluate_audit) === 1,
    againSeconds: (Number.isFinite(againDays) && againDays >= 0 ? againDays : DEFAULT_AGAIN_DAYS) * DAY_SECONDS,
  };
}

export async function requireEvaluationsOpen(db: Db): Promise<EvaluateSettings> {
  const settings = await evaluateSettings(db);
  if (!settings.enabled) fail("商城暂未开启商品评价");
  return settings;
}

const MOBILE = /^1\d{10}$/;

/**
 * The name an evaluation shows, copied in at writing time: nickname, else username, else mobile.
 * A mobile number is never shown whole ("138****8000"), even when it is the account's name.
 */
export function evaluatorName(member: { nickname: string; username: string | null; mobile: string | null; member_id: number }): string {
  const name = (member.nickname || member.username || member.mobile || `会员${member.member_id}`).trim().slice(0, 60);
  return MOBILE.test(name) ? `${name.slice(0, 3)}****${name.slice(7)}` : name;
}
