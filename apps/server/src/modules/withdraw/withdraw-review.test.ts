import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, StaffWithdrawRecord, WithdrawConfig, WithdrawInfo, WithdrawRecord } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { grantAccount, loginTestStaff } from "../order/test-fixtures.ts";
import { balanceOf } from "../refund/test-fixtures.ts";
import { ledgerSum } from "../account/ledger.ts";
import { BANK_CARD, addAccount, applyFor, ledgerOf, memberCall, setWithdrawSettings, staffOk } from "./test-fixtures.ts";

/**
 * The staff review: 0 → 1 → 2, 0 → -1 and 1 → -2 with the money given back once, every other
 * step refused; the staff list, detail and settings; the permission and the staff log.
 */
describe(`withdrawal review by staff (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let member: TestMember;
  let card: number;
  const db = () => t.app.deps.db;
  const staff = <T>(path: string, body: object) => staffOk<T>(t, admin, path, body);
  const apply = (yuan: number) => applyFor(t, member, { apply_money: yuan, account_id: card });
  const statusOf = async (id: number) => (await memberCall<WithdrawRecord>(t, member, "/api/memberwithdraw/detail", { id })).data;

  beforeAll(async () => {
    t = await startTestApp();
    await setWithdrawSettings(db());
    admin = await loginTestStaff(t, "admin");
    member = await registerMember(t);
    await grantAccount(db(), member.member_id, "balance", 100_000, `withdraw-review-${member.member_id}`);
    card = await addAccount(t, member, BANK_CARD);
  });
  afterAll(() => t.close());

  it("agree → transfer: 待转账 then 已转账 with the remark; the money stays out; it counts as withdrawn", async () => {
    const id = await apply(100);
    expect(await staff("/shopapi/memberwithdraw/agree", { id })).toEqual({ status: 1 });
    expect(await statusOf(id)).toMatchObject({ status: 1, status_name: "待转账" });
    expect(await staff("/shopapi/memberwithdraw/transfer", { id, certificate_remark: "工行流水 0001" })).toEqual({ status: 2 });
    const done = await statusOf(id);
    expect(done).toMatchObject({ status: 2, status_name: "已转账", certificate_remark: "工行流水 0001" });
    expect(done.audit_time).toBeGreaterThan(0);
    expect(done.payment_time).toBeGreaterThan(0);
    expect(await ledgerOf(db(), id)).toEqual([["withdraw_apply", -10_000]]);
    expect((await memberCall<WithdrawInfo>(t, member, "/api/memberwithdraw/info")).data).toMatchObject({ frozen: "0.00", withdrawn: "100.00" });
    const logs = await db().selectFrom("staff_log").select(["action", "target_id"]).where("target_type", "=", "member_withdraw").where("target_id", "=", done.withdraw_no).orderBy("id").execute();
    expect(logs.map((log) => log.action)).toEqual(["withdraw.agree", "withdraw.transfer"]);
  });

  it("refuse (with its reason) and fail each give the amount back once; the balance equals the ledger", async () => {
    const before = await balanceOf(db(), member.member_id);
    const refused = await apply(30);
    const failed = await apply(40);
    expect(await balanceOf(db(), member.member_id)).toBe(before - 7_000);
    expect(await staff("/shopapi/memberwithdraw/refuse", { id: refused, refuse_reason: "账户信息有误" })).toEqual({ status: -1 });
    await staff("/shopapi/memberwithdraw/agree", { id: failed });
    expect(await staff("/shopapi/memberwithdraw/fail", { id: failed, fail_reason: "银行退票" })).toEqual({ status: -2 });
    expect(await statusOf(refused)).toMatchObject({ status: -1, status_name: "已拒绝", refuse_reason: "账户信息有误" });
    expect(await statusOf(failed)).toMatchObject({ status: -2, status_name: "转账失败", fail_reason: "银行退票" });
    expect(await ledgerOf(db(), refused)).toEqual([["withdraw_apply", -3_000], ["withdraw_return", 3_000]]);
    expect(await ledgerOf(db(), failed)).toEqual([["withdraw_apply", -4_000], ["withdraw_return", 4_000]]);
    expect(await balanceOf(db(), member.member_id)).toBe(before);
    expect(await ledgerSum(db(), member.member_id, "balance")).toBe(before);
    const rows = await db().selectFrom("member_account").select(["type_name", "remark"]).where("business_id", "in", [String(refused), String(failed)]).where("from_type", "=", "withdraw_return").orderBy("id").execute();
    expect(rows.map((row) => row.type_name)).toEqual(["提现被拒退回", "提现失败退回"]);
  });

  it("refuses every step the state machine does not allow, changing nothing", async () => {
    const pending = await apply(10);
    const agreed = await apply(11);
    await staff("/shopapi/memberwithdraw/agree", { id: agreed });
    const balance = await balanceOf(db(), member.member_id);
    const refusals: Array<[string, object, string]> = [
      ["/shopapi/memberwithdraw/transfer", { id: pending }, "提现当前状态为「待审核」，不能标记为已转账"],
      ["/shopapi/memberwithdraw/fail", { id: pending, fail_reason: "x" }, "提现当前状态为「待审核」，不能标记为转账失败"],
      ["/shopapi/memberwithdraw/agree", { id: agreed }, "提现当前状态为「待转账」，不能审核通过"],
      ["/shopapi/memberwithdraw/refuse", { id: agreed, refuse_reason: "x" }, "提现当前状态为「待转账」，不能拒绝"],
      ["/shopapi/memberwithdraw/agree", { id: 999_999 }, "提现记录不存在"],
    ];
    for (const [path, body, message] of refusals) expect(await t.call(path, body, { token: admin }), path).toMatchObject({ code: -1, message });
    expect(await t.call("/shopapi/memberwithdraw/refuse", { id: pending }, { token: admin })).toMatchObject({ code: -10006, message: "参数 refuse_reason 不能为空" });
    expect(await t.call("/shopapi/memberwithdraw/refuse", { id: pending, refuse_reason: "  " }, { token: admin })).toMatchObject({ code: -10006 });
    expect((await statusOf(pending)).status).toBe(0);
    expect((await statusOf(agreed)).status).toBe(1);
    expect(await balanceOf(db(), member.member_id)).toBe(balance);
  });

  it("a review sent many times at once happens once: one refusal, one give-back (the rest told the status changed)", async () => {
    for (const [event, body] of [["refuse", { refuse_reason: "重复点击" }], ["fail", { fail_reason: "重复点击" }]] as const) {
      const id = await apply(20);
      if (event === "fail") await staff("/shopapi/memberwithdraw/agree", { id });
      const before = await balanceOf(db(), member.member_id);
      const answers = await Promise.all(Array.from({ length: 12 }, () => t.call(`/shopapi/memberwithdraw/${event}`, { id, ...body }, { token: admin })));
      expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
      for (const loser of answers.filter((answer) => answer.code !== 0)) expect(loser.message).toMatch(/^提现当前状态为「(已拒绝|转账失败)」|^提现状态已变化，请刷新后重试$/);
      expect(await ledgerOf(db(), id)).toEqual([["withdraw_apply", -2_000], ["withdraw_return", 2_000]]);
      expect(await balanceOf(db(), member.member_id)).toBe(before + 2_000);
    }
    // agree and refuse racing on one application: exactly one of them wins
    const id = await apply(15);
    const [agree, refuse] = await Promise.all([
      t.call("/shopapi/memberwithdraw/agree", { id }, { token: admin }),
      t.call("/shopapi/memberwithdraw/refuse", { id, refuse_reason: "并发" }, { token: admin }),
    ]);
    expect([agree.code, refuse.code].filter((code) => code === 0)).toHaveLength(1);
    expect(await ledgerOf(db(), id)).toEqual(refuse.code === 0 ? [["withdraw_apply", -1_500], ["withdraw_return", 1_500]] : [["withdraw_apply", -1_500]]);
    expect(await ledgerSum(db(), member.member_id, "balance")).toBe(await balanceOf(db(), member.member_id));
  });

  it("lists every member's withdrawals for staff with filters and the actions allowed; detail", async () => {
    const other = await registerMember(t);
    await grantAccount(db(), other.member_id, "balance", 5_000, `withdraw-review-other-${other.member_id}`);
    const othersId = await applyFor(t, other, { apply_money: 10, account_id: await addAccount(t, other, { ...BANK_CARD, realname: "赵敏" }) });
    const all = await staff<Page<StaffWithdrawRecord>>("/shopapi/memberwithdraw/lists", { page_size: 100 });
    expect(all.list[0]).toMatchObject({ id: othersId, member_id: other.member_id, member_username: other.username, status: 0, staff_actions: ["agree", "refuse"] });
    const pending = await staff<Page<StaffWithdrawRecord>>("/shopapi/memberwithdraw/lists", { status: 0, page_size: 100 });
    expect(pending.list.every((row) => row.status === 0)).toBe(true);
    const awaiting = await staff<Page<StaffWithdrawRecord>>("/shopapi/memberwithdraw/lists", { status: 1, page_size: 100 });
    expect(awaiting.list.every((row) => row.staff_actions.join() === "transfer,fail")).toBe(true);
    expect((await staff<Page<StaffWithdrawRecord>>("/shopapi/memberwithdraw/lists", { search: "赵敏" })).list.map((row) => row.id)).toEqual([othersId]);
    expect((await staff<Page<StaffWithdrawRecord>>("/shopapi/memberwithdraw/lists", { search: other.username })).list.map((row) => row.id)).toEqual([othersId]);
    expect((await staff<Page<StaffWithdrawRecord>>("/shopapi/memberwithdraw/lists", { search: "无此人" })).count).toBe(0);
    expect(await staff<StaffWithdrawRecord>("/shopapi/memberwithdraw/detail", { id: othersId })).toMatchObject({ id: othersId, realname: "赵敏", apply_money: "10.00" });
    expect(await t.call("/shopapi/memberwithdraw/detail", { id: 999_999 }, { token: admin })).toMatchObject({ code: -1, message: "提现记录不存在" });
  });

  it("settings: partial changes, checked; logged", async () => {
    const changed = await staff<WithdrawConfig>("/shopapi/memberwithdraw/setconfig", { min: "5", rate: "1.5", transfer_type: "alipay" });
    expect(changed).toEqual({ is_use: 1, min: "5.00", rate: 1.5, transfer_type: "alipay", transfer_type_list: [{ type: "alipay", name: "支付宝" }] });
    expect((await memberCall(t, member, "/api/memberwithdraw/config")).data).toEqual(changed);
    expect(await staff<WithdrawConfig>("/shopapi/memberwithdraw/setconfig", { transfer_type: ["bank", "alipay", "bank"] })).toMatchObject({ transfer_type: "bank,alipay", rate: 1.5 });
    expect(await t.call("/shopapi/memberwithdraw/setconfig", { transfer_type: "" }, { token: admin })).toMatchObject({ code: -1, message: "开启提现时请至少选择一种提现方式" });
    expect(await t.call("/shopapi/memberwithdraw/setconfig", { rate: "51" }, { token: admin })).toMatchObject({ code: -10006, message: "参数 rate 格式不正确" });
    expect(await t.call("/shopapi/memberwithdraw/setconfig", { transfer_type: "wechat" }, { token: admin })).toMatchObject({ code: -10006, message: "参数 transfer_type 的取值无效" });
    expect(await t.call("/shopapi/memberwithdraw/setconfig", { min: "0" }, { token: admin })).toMatchObject({ code: -10006 });
    expect(await staff<WithdrawConfig>("/shopapi/memberwithdraw/config", {})).toMatchObject({ min: "5.00", transfer_type: "bank,alipay" });
    expect(await db().selectFrom("staff_log").select("action").where("action", "=", "withdraw.config").execute()).toHaveLength(2);
    await setWithdrawSettings(db());
  });

  it("keeps members and the servicer out of the staff calls", async () => {
    const servicer = await loginTestStaff(t, "servicer");
    for (const path of ["lists", "detail", "agree", "refuse", "transfer", "fail", "config", "setconfig"]) {
      const body = { id: 1, refuse_reason: "x", fail_reason: "x" };
      expect((await t.call(`/shopapi/memberwithdraw/${path}`, body, { token: servicer })), path).toMatchObject({ code: -1, message: "没有执行此操作的权限" });
      expect((await t.call(`/shopapi/memberwithdraw/${path}`, body, { token: member.token })).code, path).toBe(-10009);
    }
  });
});
