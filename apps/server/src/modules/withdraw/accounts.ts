import { MAX_BANK_ACCOUNTS, WITHDRAW_TYPES, type BankAccount, type BankAccountFields, type Page, type WithdrawType } from "@shop/contract";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { loadWithdrawSettings } from "./config.ts";

/**
 * A member's withdrawal accounts (bank cards, Alipay). Rules, as for delivery addresses:
 * - every query is scoped to the member: another member's id is 提现账户不存在, never their row;
 * - a member with accounts has exactly one default: the first becomes it, setting one clears the
 *   others, deleting it promotes the newest remaining one (a partial unique index backs "at most one");
 * - an account of a type the shop does not offer cannot be added (existing ones stay, for history);
 * - at most MAX_BANK_ACCOUNTS per member.
 * Writes lock the member's row first, so one member's concurrent writes run one after the other.
 */
export const ACCOUNT_NOT_FOUND = "提现账户不存在";

const COLUMNS = ["id", "realname", "mobile", "withdraw_type", "branch_bank_name", "bank_account", "is_default", "create_time"] as const;

interface AccountRow {
  id: number;
  realname: string;
  mobile: string;
  withdraw_type: string;
  branch_bank_name: string;
  bank_account: string;
  is_default: number;
  create_time: number;
}

export const isWithdrawType = (value: string): value is WithdrawType => value in WITHDRAW_TYPES;

export function toBankAccount(row: AccountRow): BankAccount {
  const type = isWithdrawType(row.withdraw_type) ? row.withdraw_type : "bank";
  return {
    id: Number(row.id),
    realname: row.realname,
    mobile: row.mobile,
    withdraw_type: type,
    withdraw_type_name: WITHDRAW_TYPES[type],
    branch_bank_name: row.branch_bank_name,
    bank_account: row.bank_account,
    is_default: Number(row.is_default) === 1 ? 1 : 0,
    create_time: Number(row.create_time),
  };
}

const memberAccounts = (db: Db, memberId: number) => db.selectFrom("member_bank_account").select(COLUMNS).where("member_id", "=", memberId);

/** The default first, then the newest. */
export async function pageBankAccounts(db: Db, memberId: number, paging: PageRequest): Promise<Page<BankAccount>> {
  return mapPage(await paginate(db, memberAccounts(db, memberId).orderBy("is_default", "desc").orderBy("id", "desc"), paging), toBankAccount);
}

export async function getBankAccount(db: Db, memberId: number, accountId: number): Promise<BankAccount> {
  const row = await memberAccounts(db, memberId).where("id", "=", accountId).executeTakeFirst();
  return row ? toBankAccount(row) : fail(ACCOUNT_NOT_FOUND);
}

export async function getDefaultBankAccount(db: Db, memberId: number): Promise<BankAccount | null> {
  const row = await memberAccounts(db, memberId).where("is_default", "=", 1).executeTakeFirst();
  return row ? toBankAccount(row) : null;
}

/** Serializes one member's account writes: the row lock is held until the unit of work ends. */
async function lockMember(tx: Db, memberId: number): Promise<void> {
  const result = await tx.updateTable("member").set((eb) => ({ status: eb.ref("status") })).where("member_id", "=", memberId).executeTakeFirst();
  expectAffected(result, 1, "会员不存在");
}

async function ownedAccount(tx: Db, memberId: number, accountId: number): Promise<{ is_default: number; withdraw_type: string }> {
  const row = await tx.selectFrom("member_bank_account").select(["is_default", "withdraw_type"]).where("id", "=", accountId).where("member_id", "=", memberId).executeTakeFirst();
  return row ? { is_default: Number(row.is_default), withdraw_type: row.withdraw_type } : fail(ACCOUNT_NOT_FOUND);
}

async function moveDefaultTo(tx: Db, memberId: number, accountId: number): Promise<void> {
  const at = now();
  await tx
    .updateTable("member_bank_account")
    .set({ is_default: 0, update_time: at })
    .where("member_id", "=", memberId)
    .where("is_default", "=", 1)
    .where("id", "!=", accountId)
    .execute();
  const result = await tx.updateTable("member_bank_account").set({ is_default: 1, update_time: at }).where("id", "=", accountId).where("member_id", "=", memberId).executeTakeFirst();
  expectAffected(result, 1, ACCOUNT_NOT_FOUND);
}

async function expectOffered(db: Db, type: WithdrawType): Promise<void> {
  const settings = await loadWithdrawSettings(db);
  if (!settings.transfer_types.includes(type)) fail(`商家暂未开放提现到${WITHDRAW_TYPES[type]}`);
}

const columnsOf = (fields: BankAccountFields) => ({
  realname: fields.realname,
  mobile: fields.mobile,
  withdraw_type: fields.withdraw_type,
  branch_bank_name: fields.withdraw_type === "bank" ? fields.branch_bank_name : "",
  bank_account: fields.bank_account,
});

export async function addBankAccount(db: Db, memberId: number, fields: BankAccountFields): Promise<number> {
  await expectOffered(db, fields.withdraw_type);
  return unitOfWork(db, async (tx) => {
    await lockMember(tx, memberId);
    const { count } = await tx
      .selectFrom("member_bank_account")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_BANK_ACCOUNTS) fail(`最多只能保存 ${MAX_BANK_ACCOUNTS} 个提现账户，请先删除不用的账户`);
    const at = now();
    const { id } = await tx
      .insertInto("member_bank_account")
      .values({ ...columnsOf(fields), member_id: memberId, is_default: 0, create_time: at, update_time: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (Number(count) === 0 || fields.is_default === 1) await moveDefaultTo(tx, memberId, Number(id));
    return Number(id);
  });
}

/**
 * Replaces the account's fields. `is_default: 1` makes it the default; 0 on the default keeps it
 * the default (choose another to move it). Changing its type to one the shop does not offer is refused.
 */
export async function editBankAccount(db: Db, memberId: number, accountId: number, fields: BankAccountFields): Promise<number> {
  return unitOfWork(db, async (tx) => {
    await lockMember(tx, memberId);
    const current = await ownedAccount(tx, memberId, accountId);
    if (current.withdraw_type !== fields.withdraw_type) await expectOffered(tx, fields.withdraw_type);
    await tx.updateTable("member_bank_account").set({ ...columnsOf(fields), update_time: now() }).where("id", "=", accountId).where("member_id", "=", memberId).execute();
    if (fields.is_default === 1 && current.is_default !== 1) await moveDefaultTo(tx, memberId, accountId);
    return accountId;
  });
}

export async function setDefaultBankAccount(db: Db, memberId: number, accountId: number): Promise<number> {
  return unitOfWork(db, async (tx) => {
    await lockMember(tx, memberId);
    await ownedAccount(tx, memberId, accountId);
    await moveDefaultTo(tx, memberId, accountId);
    return accountId;
  });
}

/** Deletes the account (its withdrawals keep their copy); a deleted default passes to the newest remaining one. */
export async function deleteBankAccount(db: Db, memberId: number, accountId: number): Promise<number> {
  return unitOfWork(db, async (tx) => {
    await lockMember(tx, memberId);
    const current = await ownedAccount(tx, memberId, accountId);
    await tx.deleteFrom("member_bank_account").where("id", "=", accountId).where("member_id", "=", memberId).execute();
    if (current.is_default === 1) {
      const newest = await tx.selectFrom("member_bank_account").select("id").where("member_id", "=", memberId).orderBy("id", "desc").executeTakeFirst();
      if (newest) await moveDefaultTo(tx, memberId, Number(newest.id));
    }
    return accountId;
  });
}
