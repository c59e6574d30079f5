import type { AccountRecord, LedgerAccountType, LedgerPageQuery, MemberAccountInfo, Page } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { fail } from "../../core/errors.ts";
import { mapPage, paginate } from "../../core/paging.ts";
import { categoryCondition, categoryOf } from "./ledger-categories.ts";
import { shopDayStart, shopDaysRange } from "./shop-days.ts";

/**
 * What members read of their ledger (/api/memberaccount/*). The ledger itself (ledger.ts) is the one
 * writer; here every query is scoped to the calling member, so another member's rows are never seen.
 */

/** An amount of the account as the wire shows it: yuan for balance ("-12.34"), whole points ("-50"). */
export const ledgerAmount = (accountType: LedgerAccountType, amount: number): string =>
  accountType === "balance" ? yuan(amount) : String(amount);

/**
 * The member's ledger rows of one account, newest first (by time, then id: rows written together
 * share a second), filtered as asked.
 */
export async function pageAccountRecords(db: Db, memberId: number, body: LedgerPageQuery): Promise<Page<AccountRecord>> {
  const accountType = body.account_type;
  let query = db
    .selectFrom("member_account as record")
    .where("record.member_id", "=", memberId)
    .where("record.account_type", "=", accountType);
  if (body.category) query = query.where(categoryCondition(accountType, body.category, "record.from_type"));
  if (body.from_type) query = query.where("record.from_type", "in", body.from_type);
  if (body.direction) query = query.where("record.account_data", body.direction === "income" ? ">" : "<", 0);
  if (body.start_date) query = query.where("record.create_time", ">=", shopDayStart(body.start_date));
  if (body.end_date) query = query.where("record.create_time", "<", shopDaysRange(body.end_date).to);
  const rows = query
    .select(["record.id", "record.account_data", "record.from_type", "record.type_name", "record.remark", "record.create_time"])
    // The member's total after the row, in the order the list shows (time, then id): the rows are
    // append-only, so it never changes once written.
    .select((eb) =>
      eb
        .selectFrom("member_account as earlier")
        .select((inner) => inner.fn.sum<number>("earlier.account_data").as("total"))
        .whereRef("earlier.member_id", "=", "record.member_id")
        .whereRef("earlier.account_type", "=", "record.account_type")
        .where((inner) =>
          inner.or([
            inner("earlier.create_time", "<", inner.ref("record.create_time")),
            inner.and([inner("earlier.create_time", "=", inner.ref("record.create_time")), inner("earlier.id", "<=", inner.ref("record.id"))]),
          ]),
        )
        .as("account_after"),
    )
    .orderBy("record.create_time", "desc")
    .orderBy("record.id", "desc");
  const page = await paginate(db, rows, body);
  return mapPage(page, (row) => ({
    id: row.id,
    account_type: accountType,
    account_data: ledgerAmount(accountType, Number(row.account_data)),
    account_after: ledgerAmount(accountType, Number(row.account_after ?? 0)),
    from_type: row.from_type,
    type_name: row.type_name,
    category: categoryOf(accountType, row.from_type),
    remark: row.remark,
    create_time: row.create_time,
  }));
}

/** The member's points and balance now, and the asked account's income and expense over its ledger. */
export async function accountInfo(db: Db, memberId: number, accountType: LedgerAccountType): Promise<MemberAccountInfo> {
  const [member, totals] = await Promise.all([
    db.selectFrom("member").select(["point", "balance_cents"]).where("member_id", "=", memberId).executeTakeFirst(),
    db
      .selectFrom("member_account")
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when("account_data", ">", 0).then(eb.ref("account_data")).else(0).end()).as("income"),
        eb.fn.sum<number>(eb.case().when("account_data", "<", 0).then(eb.ref("account_data")).else(0).end()).as("expense"),
        eb.fn.countAll<number>().as("records"),
      ])
      .where("member_id", "=", memberId)
      .where("account_type", "=", accountType)
      .executeTakeFirstOrThrow(),
  ]);
  if (!member) return fail("会员不存在");
  return {
    account_type: accountType,
    point: Number(member.point),
    balance: yuan(Number(member.balance_cents)),
    total_income: ledgerAmount(accountType, Number(totals.income ?? 0)),
    total_expense: ledgerAmount(accountType, -Number(totals.expense ?? 0)),
    record_count: Number(totals.records),
  };
}
