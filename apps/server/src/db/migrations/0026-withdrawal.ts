import { sql, type Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * Withdrawal accounts and withdrawals (modules/withdraw, ADR 0018).
 * - member_bank_account: a member's bank cards and Alipay accounts; at most one default per member
 *   (partial unique index, as for delivery addresses).
 * - member_withdraw: one row per application, with the account it goes to copied in (editing or
 *   deleting the account later changes nothing of it), the amounts in cents (apply = fee + money,
 *   CHECK ≥ 0) and the fee rate in basis points. The money itself moves only through the ledger
 *   (member_account rows withdraw_apply / withdraw_return with the withdrawal's id).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);

  await table("member_bank_account", {
    id: "id", member_id: "int", realname: "str", mobile: "str", withdraw_type: "str", branch_bank_name: "str",
    bank_account: "str", is_default: "int", create_time: "int", update_time: "int",
  });
  await createIndex(db, "member_bank_account", ["member_id"]);
  await sql`create unique index if not exists idx_member_bank_account_one_default on member_bank_account (member_id) where is_default = 1`.execute(db);

  await table("member_withdraw", {
    id: "id", withdraw_no: "str", member_id: "int", transfer_type: "str", transfer_type_name: "str", realname: "str",
    mobile: "str", bank_name: "str", account_number: "str", apply_money_cents: "cents", rate_basis_points: "int",
    service_money_cents: "cents", money_cents: "cents", status: "int", apply_time: "int", audit_time: "int",
    payment_time: "int", fail_time: "int", refuse_reason: "str", fail_reason: "str", certificate_remark: "str", update_time: "int",
  });
  await createIndex(db, "member_withdraw", ["withdraw_no"], true);
  await createIndex(db, "member_withdraw", ["member_id", "id"]);
  await createIndex(db, "member_withdraw", ["status", "id"]);
}
