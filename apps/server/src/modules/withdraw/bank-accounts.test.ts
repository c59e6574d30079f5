import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BANK_ACCOUNTS, type BankAccount, type Page } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { isUniqueViolation } from "../../db/conditional.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { ALIPAY, BANK_CARD, addAccount, memberCall, setWithdrawSettings } from "./test-fixtures.ts";

/** Withdrawal accounts: the calls, their validation, one default under concurrency, the cap, and no member reaching another's accounts. */
describe(`withdrawal accounts (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await setWithdrawSettings(t.app.deps.db);
  });
  afterAll(() => t.close());

  const list = async (member: TestMember) => (await memberCall<Page<BankAccount>>(t, member, "/api/memberbankaccount/page", { page_size: 0 })).data;

  it("adds a bank card (spaces dropped) and an Alipay account; the first is the default; info, defaultinfo, edit, setdefault, delete", async () => {
    const member = await registerMember(t);
    expect(await memberCall(t, member, "/api/memberbankaccount/defaultinfo")).toMatchObject({ code: 0, data: null });
    const card = await addAccount(t, member, BANK_CARD);
    const alipay = await addAccount(t, member, { ...ALIPAY, branch_bank_name: "应被忽略" });
    const page = await list(member);
    expect(page.count).toBe(2);
    expect(page.list.map((account) => [account.id, account.is_default])).toEqual([[card, 1], [alipay, 0]]);
    expect(page.list[0]).toMatchObject({
      realname: "李娜", mobile: "13800138000", withdraw_type: "bank", withdraw_type_name: "银行卡", branch_bank_name: "招商银行 上海张江支行", bank_account: "6225882134567890",
    });
    expect((await memberCall<BankAccount>(t, member, "/api/memberbankaccount/info", { id: alipay })).data).toMatchObject({
      withdraw_type: "alipay", withdraw_type_name: "支付宝", branch_bank_name: "", bank_account: "wangqiang@163.com", is_default: 0,
    });

    expect((await memberCall(t, member, "/api/memberbankaccount/edit", { ...ALIPAY, id: alipay, bank_account: "13911082456", is_default: 1 })).code).toBe(0);
    expect((await memberCall<BankAccount>(t, member, "/api/memberbankaccount/defaultinfo")).data).toMatchObject({ id: alipay, bank_account: "13911082456", is_default: 1 });
    expect((await memberCall(t, member, "/api/memberbankaccount/setdefault", { id: card })).data).toBe(card);
    expect((await list(member)).list.map((account) => [account.id, account.is_default])).toEqual([[card, 1], [alipay, 0]]);

    // deleting the default passes it on to the newest remaining account
    const third = await addAccount(t, member, { ...BANK_CARD, bank_account: "621700 0012 3456 7890" });
    expect((await memberCall(t, member, "/api/memberbankaccount/delete", { id: card })).data).toBe(card);
    expect((await list(member)).list.map((account) => [account.id, account.is_default])).toEqual([[third, 1], [alipay, 0]]);
    expect(await memberCall(t, member, "/api/memberbankaccount/info", { id: card })).toMatchObject({ code: -1, message: "提现账户不存在" });
  });

  it("refuses bad input with the field named, and writes nothing", async () => {
    const member = await registerMember(t);
    const cases: Array<[object, number, string]> = [
      [{ ...BANK_CARD, bank_account: "1234 5678" }, -10006, "请输入正确的银行卡号（12–19 位数字）"],
      [{ ...BANK_CARD, bank_account: "6225-8821-3456-7890" }, -10006, "请输入正确的银行卡号（12–19 位数字）"],
      [{ ...BANK_CARD, branch_bank_name: "" }, -10006, "请输入开户银行"],
      [{ ...BANK_CARD, branch_bank_name: "<script>" }, -10006, "开户银行不能包含特殊字符"],
      [{ ...ALIPAY, bank_account: "not-an-account" }, -10006, "请输入正确的支付宝账号（手机号或邮箱）"],
      [{ ...BANK_CARD, realname: "" }, -10006, "参数 realname 不能为空"],
      [{ ...BANK_CARD, realname: "李" }, -10006, "参数 realname 长度不能少于 2"],
      [{ ...BANK_CARD, realname: "李娜123" }, -10006, "参数 realname 格式不正确"],
      [{ ...BANK_CARD, mobile: "12345" }, -10006, "参数 mobile 格式不正确"],
      [{ ...BANK_CARD, withdraw_type: "wechat" }, -10006, "参数 withdraw_type 的取值无效"],
      [{ ...BANK_CARD, withdraw_type: undefined }, -10006, "参数 withdraw_type 的取值无效"],
      [{ ...BANK_CARD, bank_account: "字".repeat(60) }, -10006, "参数 bank_account 长度不能超过 50"],
      [{ ...BANK_CARD, is_default: 2 }, -10006, "参数 is_default 不能大于 1"],
    ];
    for (const [body, code, message] of cases) {
      expect(await memberCall(t, member, "/api/memberbankaccount/add", body), JSON.stringify(body)).toMatchObject({ code, message });
    }
    expect(await memberCall(t, member, "/api/memberbankaccount/edit", { ...BANK_CARD, id: "abc" })).toMatchObject({ code: -10006 });
    expect((await list(member)).count).toBe(0);
  });

  it("refuses a type the shop does not offer, keeps the cap, and keeps one default under concurrent writes", async () => {
    const member = await registerMember(t);
    await setWithdrawSettings(t.app.deps.db, { transfer_types: ["bank"] });
    try {
      expect(await memberCall(t, member, "/api/memberbankaccount/add", ALIPAY)).toMatchObject({ code: -1, message: "商家暂未开放提现到支付宝" });
      const card = await addAccount(t, member);
      expect(await memberCall(t, member, "/api/memberbankaccount/edit", { ...ALIPAY, id: card })).toMatchObject({ code: -1, message: "商家暂未开放提现到支付宝" });
    } finally {
      await setWithdrawSettings(t.app.deps.db);
    }
    const ids = [(await list(member)).list[0]!.id];
    for (let index = 1; index < 6; index++) ids.push(await addAccount(t, member, { ...BANK_CARD, bank_account: `62258821345678${String(index).padStart(2, "0")}` }));
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, index) => memberCall(t, member, "/api/memberbankaccount/setdefault", { id: ids[index % ids.length] })),
      ...Array.from({ length: 8 }, () => memberCall(t, member, "/api/memberbankaccount/add", { ...ALIPAY, is_default: 1 })),
    ]);
    // 6 + 8 adds against a cap of 10: exactly 4 adds pass, the rest are told so; every setdefault passes
    const refused = answers.filter((answer) => answer.code !== 0);
    expect(refused).toHaveLength(4);
    for (const answer of refused) expect(answer.message).toBe(`最多只能保存 ${MAX_BANK_ACCOUNTS} 个提现账户，请先删除不用的账户`);
    const page = await list(member);
    expect(page.count).toBe(MAX_BANK_ACCOUNTS);
    expect(page.list.filter((account) => account.is_default === 1)).toHaveLength(1);
    const forced = t.app.deps.db.updateTable("member_bank_account").set({ is_default: 1 }).where("member_id", "=", member.member_id).execute();
    await expect(forced).rejects.toSatisfy(isUniqueViolation);
  });

  it("answers 提现账户不存在 for another member's account on every call, and changes nothing of theirs", async () => {
    const owner = await registerMember(t);
    const intruder = await registerMember(t);
    const ownersDefault = await addAccount(t, owner);
    const target = await addAccount(t, owner, ALIPAY);
    await addAccount(t, intruder, { ...ALIPAY, realname: "入侵者" });
    const before = await t.app.deps.db.selectFrom("member_bank_account").selectAll().where("member_id", "=", owner.member_id).orderBy("id").execute();
    const attempts: Array<[string, object]> = [
      ["/api/memberbankaccount/info", { id: target }],
      ["/api/memberbankaccount/edit", { ...ALIPAY, id: target, realname: "被改了" }],
      ["/api/memberbankaccount/setdefault", { id: target }],
      ["/api/memberbankaccount/delete", { id: target }],
      ["/api/memberbankaccount/delete", { id: ownersDefault }],
      ["/api/memberwithdraw/apply", { apply_money: "10", account_id: target }],
    ];
    for (const [path, body] of attempts) expect(await memberCall(t, intruder, path, body), path).toMatchObject({ code: -1, message: "提现账户不存在", data: null });
    expect((await list(intruder)).list.map((account) => account.realname)).toEqual(["入侵者"]);
    expect((await memberCall<BankAccount>(t, intruder, "/api/memberbankaccount/defaultinfo")).data?.realname).toBe("入侵者");
    expect(await t.app.deps.db.selectFrom("member_bank_account").selectAll().where("member_id", "=", owner.member_id).orderBy("id").execute()).toEqual(before);
  });

  it("refuses guests on every account call", async () => {
    for (const path of ["page", "info", "defaultinfo", "add", "edit", "setdefault", "delete"]) {
      expect((await t.call(`/api/memberbankaccount/${path}`, { ...BANK_CARD, id: 1 })).code, path).toBe(-10009);
    }
  });
});
