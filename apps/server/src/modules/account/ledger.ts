import { Code } from "@shop/contract/codes";
import type { Db } from "../../db/unit-of-work.ts";
import { inUnitOfWork } from "../../db/unit-of-work.ts";
import { affectedRows } from "../../db/conditional.ts";
import { BizError } from "../../core/errors.ts";
import { now } from "../../core/time.ts";

/**
 * Balance and points move only through this ledger (ADR 0005): an append-only row in
 * member_account, unique on (account_type, from_type, business_id), and a conditional update of the
 * member's running total that refuses to go below zero. Both in the caller's unit of work.
 *
 * The unique key makes every change happen at most once per business event: closing an order
 * twice (two sweeping instances, a retried job) gives its balance back once; a second attempt is a
 * no-op that answers `false`.
 */
export type AccountType = "balance" | "point";

export interface AccountChange {
  memberId: number;
  accountType: AccountType;
  /** signed: cents for balance, points for point */
  amount: number;
  /** the business: order_pay, order_close, … */
  fromType: string;
  businessId: string | number;
  typeName: string;
  remark?: string;
}

const COLUMN = { balance: "balance_cents", point: "point" } as const;
const NOT_ENOUGH = { balance: "账户余额不足", point: "积分不足" } as const;

/** Applies a change once; `false` when this business event was already recorded. Throws when the total would go below zero. */
export async function changeAccount(tx: Db, change: AccountChange): Promise<boolean> {
  if (!inUnitOfWork(tx)) throw new Error("changeAccount must run inside a unit of work");
  if (!Number.isSafeInteger(change.amount) || change.amount === 0) throw new Error(`invalid ledger amount ${change.amount}`);
  const businessId = String(change.businessId);
  // ON CONFLICT DO NOTHING rather than read-then-insert: on PostgreSQL a concurrent unit recording
  // the same event makes ours wait for its commit and then insert nothing (a failed INSERT would
  // abort our whole transaction instead). Either way the second caller gets `false`.
  const inserted = await tx
    .insertInto("member_account")
    .values({
      member_id: change.memberId,
      account_type: change.accountType,
      account_data: change.amount,
      from_type: change.fromType,
      business_id: businessId,
      type_name: change.typeName,
      remark: change.remark ?? "",
      create_time: now(),
    })
    .onConflict((conflict) => conflict.columns(["account_type", "from_type", "business_id"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    await expectSameEvent(tx, change, businessId);
    return false;
  }
  const column = COLUMN[change.accountType];
  const result = await tx
    .updateTable("member")
    .set((eb) => ({ [column]: eb(column, "+", change.amount) }))
    .where("member_id", "=", change.memberId)
    .where((eb) => eb(eb(column, "+", change.amount), ">=", 0))
    .executeTakeFirst();
  if (affectedRows(result) !== 1) throw new BizError(NOT_ENOUGH[change.accountType], Code.ERROR);
  return true;
}

/**
 * A business event is identified by (account type, business type, business id) alone. Finding it
 * recorded for another member or amount means a caller reused a key for a different event: a bug
 * to surface, not a duplicate to swallow.
 */
async function expectSameEvent(tx: Db, change: AccountChange, businessId: string): Promise<void> {
  const recorded = await tx
    .selectFrom("member_account")
    .select(["member_id", "account_data"])
    .where("account_type", "=", change.accountType)
    .where("from_type", "=", change.fromType)
    .where("business_id", "=", businessId)
    .executeTakeFirst();
  if (recorded && (recorded.member_id !== change.memberId || Number(recorded.account_data) !== change.amount)) {
    throw new Error(
      `ledger event ${change.accountType}/${change.fromType}/${businessId} is already recorded for member ${recorded.member_id} with ${recorded.account_data}, not member ${change.memberId} with ${change.amount}`,
    );
  }
}

/** The ledger's sum for a member: equals member.balance_cents / member.point (tests check it). */
export async function ledgerSum(db: Db, memberId: number, accountType: AccountType): Promise<number> {
  const row = await db
    .selectFrom("member_account")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("account_data"), eb.lit(0)).as("total"))
    .where("member_id", "=", memberId)
    .where("account_type", "=", accountType)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
