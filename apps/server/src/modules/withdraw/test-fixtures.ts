import type { BankAccountInput, Envelope, WithdrawApplyInput } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import type { TestApp } from "../../test/harness.ts";
import { nextIp, type TestMember } from "../auth/testing.ts";
import { DEFAULT_WITHDRAW_SETTINGS, saveWithdrawSettings, type WithdrawSettings } from "./config.ts";

/** Helpers of the withdrawal tests (not imported by production code). */

export const BANK_CARD: BankAccountInput = { realname: "李娜", mobile: "13800138000", withdraw_type: "bank", branch_bank_name: "招商银行 上海张江支行", bank_account: "6225 8821 3456 7890" };
export const ALIPAY: BankAccountInput = { realname: "王强", mobile: "13911082456", withdraw_type: "alipay", bank_account: "wangqiang@163.com" };

/** The shop's settings for a test: the defaults (enabled, ¥10.00 minimum, no fee, bank and Alipay) changed by `change`. */
export async function setWithdrawSettings(db: Db, change: Partial<WithdrawSettings> = {}): Promise<void> {
  await saveWithdrawSettings(db, { ...DEFAULT_WITHDRAW_SETTINGS, ...change });
}

/** A member call (fresh client address, so the per-IP limits stay out of the way). */
export const memberCall = <T>(t: TestApp, member: TestMember, path: string, body: object = {}): Promise<Envelope<T>> =>
  t.call<T>(path, body, { token: member.token, ip: nextIp() });

/** Adds an account, expecting success; its id. */
export async function addAccount(t: TestApp, member: TestMember, fields: BankAccountInput = BANK_CARD): Promise<number> {
  const answer = await memberCall<number>(t, member, "/api/memberbankaccount/add", fields);
  if (answer.code !== 0) throw new Error(`add account: ${answer.message}`);
  return answer.data;
}

/** Applies, expecting success; the withdrawal's id. */
export async function applyFor(t: TestApp, member: TestMember, body: WithdrawApplyInput): Promise<number> {
  const answer = await memberCall<{ id: number }>(t, member, "/api/memberwithdraw/apply", body);
  if (answer.code !== 0) throw new Error(`apply: ${answer.message}`);
  return answer.data.id;
}

/** A staff call that must succeed. */
export async function staffOk<T>(t: TestApp, token: string, path: string, body: object): Promise<T> {
  const answer = await t.call<T>(path, body, { token });
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** The withdrawal's ledger rows: [from_type, amount] in order. */
export async function ledgerOf(db: Db, withdrawId: number): Promise<Array<[string, number]>> {
  const rows = await db
    .selectFrom("member_account")
    .select(["from_type", "account_data"])
    .where("from_type", "like", "withdraw_%")
    .where("business_id", "=", String(withdrawId))
    .orderBy("id")
    .execute();
  return rows.map((row) => [row.from_type, Number(row.account_data)]);
}
