import type { FastifyInstance } from "fastify";
import type { Api, RouteOptions } from "../../core/api.ts";
import type { Permission } from "../staff/permissions.ts";
import { addBankAccount, deleteBankAccount, editBankAccount, getBankAccount, getDefaultBankAccount, pageBankAccounts, setDefaultBankAccount } from "./accounts.ts";
import { applyWithdraw } from "./apply.ts";
import { loadWithdrawSettings, offeredTransferTypes, toWithdrawConfig } from "./config.ts";
import { memberWithdrawDetail, memberWithdrawInfo, pageMemberWithdrawals } from "./views.ts";
import { listStaffWithdrawals, setStaffWithdrawConfig, staffWithdrawAction, staffWithdrawConfig, staffWithdrawDetail } from "./staff.ts";

/** The staff permission of withdrawals: paying out money is a permission of its own (提现审核). */
export const WITHDRAW_PERMISSION: Permission = "withdraw.manage";

/** Applying moves money: a budget per client address, beside the ledger's own guard. */
const APPLY_LIMIT: RouteOptions = { rateLimit: { max: 20, timeWindow: "1 minute" } };
const ACCOUNT_WRITE_LIMIT: RouteOptions = { rateLimit: { max: 30, timeWindow: "1 minute" } };

/** Withdrawal accounts and withdrawals (docs/api/withdraw.md, ADR 0018). */
export function registerWithdrawRoutes(api: Api, _app: FastifyInstance): void {
  const { db } = api.deps;

  api.member("/api/memberbankaccount/page", (body, ctx) => pageBankAccounts(db, ctx.memberId, body));
  api.member("/api/memberbankaccount/info", (body, ctx) => getBankAccount(db, ctx.memberId, body.id));
  api.member("/api/memberbankaccount/defaultinfo", (_body, ctx) => getDefaultBankAccount(db, ctx.memberId));
  api.member("/api/memberbankaccount/add", (body, ctx) => addBankAccount(db, ctx.memberId, body), ACCOUNT_WRITE_LIMIT);
  api.member("/api/memberbankaccount/edit", (body, ctx) => editBankAccount(db, ctx.memberId, body.id, body), ACCOUNT_WRITE_LIMIT);
  api.member("/api/memberbankaccount/setdefault", (body, ctx) => setDefaultBankAccount(db, ctx.memberId, body.id));
  api.member("/api/memberbankaccount/delete", (body, ctx) => deleteBankAccount(db, ctx.memberId, body.id));

  api.member("/api/memberwithdraw/info", (_body, ctx) => memberWithdrawInfo(db, ctx.memberId));
  api.member("/api/memberwithdraw/config", async () => toWithdrawConfig(await loadWithdrawSettings(db)));
  api.member("/api/memberwithdraw/transferType", async () => offeredTransferTypes(await loadWithdrawSettings(db)));
  api.member("/api/memberwithdraw/apply", (body, ctx) => applyWithdraw(db, ctx.memberId, body), { ...APPLY_LIMIT, successMessage: "提现申请已提交" });
  api.member("/api/memberwithdraw/page", (body, ctx) => pageMemberWithdrawals(db, ctx.memberId, body));
  api.member("/api/memberwithdraw/detail", (body, ctx) => memberWithdrawDetail(db, ctx.memberId, body.id));

  api.staff("/shopapi/memberwithdraw/lists", WITHDRAW_PERMISSION, (body) => listStaffWithdrawals(db, body));
  api.staff("/shopapi/memberwithdraw/detail", WITHDRAW_PERMISSION, (body) => staffWithdrawDetail(db, body.id));
  api.staff("/shopapi/memberwithdraw/agree", WITHDRAW_PERMISSION, (body, ctx) => staffWithdrawAction(db, ctx, body.id, "agree"));
  api.staff("/shopapi/memberwithdraw/refuse", WITHDRAW_PERMISSION, (body, ctx) => staffWithdrawAction(db, ctx, body.id, "refuse", { refuse_reason: body.refuse_reason }));
  api.staff("/shopapi/memberwithdraw/transfer", WITHDRAW_PERMISSION, (body, ctx) =>
    staffWithdrawAction(db, ctx, body.id, "transfer", { certificate_remark: body.certificate_remark }),
  );
  api.staff("/shopapi/memberwithdraw/fail", WITHDRAW_PERMISSION, (body, ctx) => staffWithdrawAction(db, ctx, body.id, "fail", { fail_reason: body.fail_reason }));
  api.staff("/shopapi/memberwithdraw/config", WITHDRAW_PERMISSION, () => staffWithdrawConfig(db));
  api.staff("/shopapi/memberwithdraw/setconfig", WITHDRAW_PERMISSION, (body, ctx) => setStaffWithdrawConfig(db, ctx, body));
}
