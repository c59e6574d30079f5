import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, WithdrawConfig, WithdrawInfo, WithdrawRecord } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { hashPassword } from "../../core/password.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { grantAccount } from "../order/test-fixtures.ts";
import { balanceOf } from "../refund/test-fixtures.ts";
import { ledgerSum } from "../account/ledger.ts";
import { ALIPAY, BANK_CARD, addAccount, applyFor, ledgerOf, memberCall, setWithdrawSettings } from "./test-fixtures.ts";

/** Applying: the shop's rules, the fee, the amount frozen through the ledger, the member's records and nobody else's. */
describe(`withdrawal applications (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  const db = () => t.app.deps.db;
  beforeAll(async () => {
    t = await startTestApp();
    await setWithdrawSettings(db(), { min_cents: 1000, rate_basis_points: 60 });
  });
  afterAll(() => t.close());

  async function richMember(cents = 100_000): Promise<TestMember> {
    const member = await registerMember(t);
    await grantAccount(db(), member.member_id, "balance", cents, `withdraw-test-${member.member_id}`);
    return member;
  }

  it("answers the config, the transfer types and the member's totals", async () => {
    const member = await richMember(50_000);
    const config: WithdrawConfig = { is_use: 1, min: "10.00", rate: 0.6, transfer_type: "bank,alipay", transfer_type_list: [{ type: "bank", name: "银行卡" }, { type: "alipay", name: "支付宝" }] };
    expect((await memberCall(t, member, "/api/memberwithdraw/config")).data).toEqual(config);
    expect((await memberCall(t, member, "/api/memberwithdraw/transferType")).data).toEqual({ bank: "银行卡", alipay: "支付宝" });
    expect((await memberCall<WithdrawInfo>(t, member, "/api/memberwithdraw/info")).data).toEqual({
      balance: "500.00", withdrawable: "500.00", frozen: "0.00", withdrawn: "0.00", is_pay_password: 0, config,
    });
  });

  it("an application with a saved account: the amount leaves the balance at once, with the fee worked out; the record and the totals show it", async () => {
    const member = await richMember(50_000);
    const card = await addAccount(t, member, BANK_CARD);
    const answer = await memberCall<{ id: number; withdraw_no: string; status: number }>(t, member, "/api/memberwithdraw/apply", { apply_money: "123.45", account_id: card });
    expect(answer).toMatchObject({ code: 0, message: "提现申请已提交", data: { status: 0 } });
    expect(answer.data.withdraw_no).toMatch(/^TX\d{20}$/);
    expect(await balanceOf(db(), member.member_id)).toBe(50_000 - 12_345);
    expect(await ledgerSum(db(), member.member_id, "balance")).toBe(50_000 - 12_345);
    expect(await ledgerOf(db(), answer.data.id)).toEqual([["withdraw_apply", -12_345]]);
    const detail = (await memberCall<WithdrawRecord>(t, member, "/api/memberwithdraw/detail", { id: answer.data.id })).data;
    // 0.6 % of ¥123.45 is ¥0.7407 → ¥0.74
    expect(detail).toMatchObject({
      withdraw_no: answer.data.withdraw_no, transfer_type: "bank", transfer_type_name: "银行卡", realname: "李娜", mobile: "13800138000",
      bank_name: "招商银行 上海张江支行", account_number: "6225882134567890", apply_money: "123.45", rate: 0.6, service_money: "0.74", money: "122.71",
      status: 0, status_name: "待审核", audit_time: 0, payment_time: 0, fail_time: 0, refuse_reason: "", fail_reason: "",
    });
    expect((await memberCall<WithdrawInfo>(t, member, "/api/memberwithdraw/info")).data).toMatchObject({ balance: "376.55", withdrawable: "376.55", frozen: "123.45", withdrawn: "0.00" });
    // the account edited or deleted later: the withdrawal keeps its copy
    await memberCall(t, member, "/api/memberbankaccount/delete", { id: card });
    expect((await memberCall<WithdrawRecord>(t, member, "/api/memberwithdraw/detail", { id: answer.data.id })).data.account_number).toBe("6225882134567890");
  });

  it("an application with the account's fields (the reference's clients): checked by type", async () => {
    const member = await richMember(50_000);
    const body = { apply_money: 20, transfer_type: "alipay" as const, realname: "王强", mobile: "13911082456", account_number: "wangqiang@163.com" };
    const id = await applyFor(t, member, { ...body, bank_name: "被忽略" });
    expect((await memberCall<WithdrawRecord>(t, member, "/api/memberwithdraw/detail", { id })).data).toMatchObject({
      transfer_type: "alipay", transfer_type_name: "支付宝", bank_name: "", account_number: "wangqiang@163.com", apply_money: "20.00", service_money: "0.12", money: "19.88",
    });
    const cardId = await applyFor(t, member, { ...body, transfer_type: "bank", bank_name: " 中国工商银行 北京海淀支行 ", account_number: "6222 0202 0000 1234 567" });
    expect((await memberCall<WithdrawRecord>(t, member, "/api/memberwithdraw/detail", { id: cardId })).data).toMatchObject({
      transfer_type: "bank", bank_name: "中国工商银行 北京海淀支行", account_number: "6222020200001234567",
    });
    const refusals: Array<[object, string]> = [
      [{ ...body, transfer_type: undefined }, "请选择提现方式"],
      [{ ...body, transfer_type: "bank", account_number: "6225882134567890" }, "请输入开户银行"],
      [{ ...body, transfer_type: "bank", bank_name: "工商银行", account_number: "62258821" }, "请输入正确的银行卡号（12–19 位数字）"],
      [{ ...body, account_number: "abc" }, "请输入正确的支付宝账号（手机号或邮箱）"],
      [{ ...body, realname: "" }, "请输入真实姓名"],
      [{ ...body, mobile: "110" }, "请输入正确的手机号"],
      [{ ...body, apply_money: "12.345" }, "参数 apply_money 格式不正确"],
      [{ ...body, apply_money: "-5" }, "参数 apply_money 不能小于 0.01"],
      [{ ...body, apply_money: 0 }, "参数 apply_money 不能小于 0.01"],
      [{ ...body, apply_money: undefined }, "参数 apply_money 不能为空"], [{ ...body, apply_money: { yuan: 1 } }, "参数 apply_money 格式不正确"],
      [{ ...body, account_id: "x" }, "参数 account_id 类型错误"],
    ];
    for (const [bad, message] of refusals) expect(await memberCall(t, member, "/api/memberwithdraw/apply", bad), JSON.stringify(bad)).toMatchObject({ code: -10006, message });
    expect(await balanceOf(db(), member.member_id)).toBe(50_000 - 4000);
  });

  it("refuses what the shop's rules do not allow, writing nothing", async () => {
    const member = await richMember(5_000);
    const card = await addAccount(t, member, BANK_CARD);
    const alipay = await addAccount(t, member, ALIPAY);
    expect(await memberCall(t, member, "/api/memberwithdraw/apply", { apply_money: "9.99", account_id: card })).toMatchObject({ code: -1, message: "单笔提现金额不能低于 ¥10.00" });
    expect(await memberCall(t, member, "/api/memberwithdraw/apply", { apply_money: "50.01", account_id: card })).toMatchObject({ code: -1, message: "可提现余额不足，当前可提现 ¥50.00" });
    await setWithdrawSettings(db(), { transfer_types: ["bank"] });
    expect(await memberCall(t, member, "/api/memberwithdraw/apply", { apply_money: 10, account_id: alipay })).toMatchObject({ code: -1, message: "商家暂未开放提现到支付宝" });
    expect((await memberCall(t, member, "/api/memberwithdraw/transferType")).data).toEqual({ bank: "银行卡" });
    await setWithdrawSettings(db(), { is_use: 0 });
    expect(await memberCall(t, member, "/api/memberwithdraw/apply", { apply_money: 10, account_id: card })).toMatchObject({ code: -1, message: "商家暂未开启余额提现" });
    expect((await memberCall<WithdrawInfo>(t, member, "/api/memberwithdraw/info")).data).toMatchObject({ balance: "50.00", withdrawable: "0.00" });
    await setWithdrawSettings(db(), { min_cents: 1000, rate_basis_points: 60 });
    expect(await balanceOf(db(), member.member_id)).toBe(5_000);
    expect((await memberCall<Page<WithdrawRecord>>(t, member, "/api/memberwithdraw/page")).data.count).toBe(0);
  });

  it("asks for the pay password when the member has set one, and counts wrong ones", async () => {
    const member = await richMember(50_000);
    const card = await addAccount(t, member, BANK_CARD);
    await db().updateTable("member").set({ pay_password: await hashPassword("246810") }).where("member_id", "=", member.member_id).execute();
    expect((await memberCall<WithdrawInfo>(t, member, "/api/memberwithdraw/info")).data.is_pay_password).toBe(1);
    expect(await memberCall(t, member, "/api/memberwithdraw/apply", { apply_money: 10, account_id: card })).toMatchObject({ code: -1, message: "请输入支付密码" });
    expect(await memberCall(t, member, "/api/memberwithdraw/apply", { apply_money: 10, account_id: card, pay_password: "135790" })).toMatchObject({ code: -1, message: "支付密码错误，还可尝试 4 次" });
    expect(await balanceOf(db(), member.member_id)).toBe(50_000);
    expect((await memberCall(t, member, "/api/memberwithdraw/apply", { apply_money: 10, account_id: card, pay_password: "246810" })).code).toBe(0);
    expect(await balanceOf(db(), member.member_id)).toBe(49_000);
  });

  it("lists the member's own withdrawals newest first, by status; another member's are 提现记录不存在", async () => {
    const member = await richMember(50_000);
    const other = await richMember(50_000);
    const card = await addAccount(t, member, BANK_CARD);
    const ids = [await applyFor(t, member, { apply_money: 10, account_id: card }), await applyFor(t, member, { apply_money: 11, account_id: card })];
    const othersId = await applyFor(t, other, { apply_money: 12, account_id: await addAccount(t, other, ALIPAY) });
    const page = (await memberCall<Page<WithdrawRecord>>(t, member, "/api/memberwithdraw/page", { page: 1, page_size: 10 })).data;
    expect(page).toMatchObject({ count: 2, page_count: 1 });
    expect(page.list.map((row) => row.id)).toEqual([ids[1], ids[0]]);
    expect((await memberCall<Page<WithdrawRecord>>(t, member, "/api/memberwithdraw/page", { status: 0 })).data.count).toBe(2);
    expect((await memberCall<Page<WithdrawRecord>>(t, member, "/api/memberwithdraw/page", { status: 2 })).data.count).toBe(0);
    expect(await memberCall(t, member, "/api/memberwithdraw/page", { status: 7 })).toMatchObject({ code: -10006 });
    expect(await memberCall(t, member, "/api/memberwithdraw/detail", { id: othersId })).toMatchObject({ code: -1, message: "提现记录不存在", data: null });
    expect(await memberCall(t, member, "/api/memberwithdraw/detail", { id: 0 })).toMatchObject({ code: -10006 });
  });

  it("refuses guests on every withdrawal call", async () => {
    for (const path of ["info", "config", "transferType", "apply", "page", "detail"]) {
      expect((await t.call(`/api/memberwithdraw/${path}`, { id: 1, apply_money: 10, account_id: 1 })).code, path).toBe(-10009);
    }
  });
});
