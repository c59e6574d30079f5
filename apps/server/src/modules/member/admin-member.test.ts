import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountRecord, GrowthRecord, Page, StaffMemberDetail, StaffMemberLabel, StaffMemberRow } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { registerMember, nextIp, solvedCaptcha, type TestMember } from "../auth/testing.ts";
import { grantAccount, loginTestStaff } from "../order/test-fixtures.ts";
import { ledgerSum } from "../account/ledger.ts";

/** /shopapi/member/* and /shopapi/memberlabel/*: the list's filters, adjustments and their refusals, status, labels. */
describe(`member admin API (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let servicer: string;
  let alice: TestMember;
  let bob: TestMember;
  const db = (): Db => t.app.deps.db;
  const staffCall = <T>(path: string, body: object, token = admin) => t.call<T>(path, body, { token });
  const list = async (body: object) => (await staffCall<Page<StaffMemberRow>>("/shopapi/member/memberlist", { page_size: 100, ...body })).data;
  const ids = (page: Page<StaffMemberRow>) => page.list.map((row) => row.member_id);
  const staffLogs = (action: string) => db().selectFrom("staff_log").select(["target_id", "detail"]).where("action", "=", action).execute();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await loginTestStaff(t, "admin");
    servicer = await loginTestStaff(t, "servicer");
    alice = await registerMember(t, { username: `alice_${process.pid}` });
    bob = await registerMember(t, { username: `bob_${process.pid}` });
    await db().updateTable("member").set({ nickname: "爱丽丝", mobile: `139${String(process.pid).padStart(8, "0").slice(-8)}`, reg_time: 1_000_000 }).where("member_id", "=", alice.member_id).execute();
    await db().updateTable("member").set({ nickname: "鲍勃", reg_time: 2_000_000 }).where("member_id", "=", bob.member_id).execute();
  });
  afterAll(() => t?.close());

  it("finds members by nickname, username or mobile, register time, status and label, sorted and paged", async () => {
    expect(ids(await list({ search_text: "爱丽" }))).toEqual([alice.member_id]);
    expect(ids(await list({ search_text: `bob_${process.pid}` }))).toEqual([bob.member_id]);
    expect(ids(await list({ search_text: String(process.pid).padStart(8, "0").slice(-8) }))).toEqual([alice.member_id]);
    expect(ids(await list({ search_text: "%" }))).toEqual([]);
    expect(ids(await list({ start_time: 1_500_000, end_time: 2_500_000 }))).toEqual([bob.member_id]);
    expect(ids(await list({ end_time: 1_500_000 }))).toContain(alice.member_id);
    expect(ids(await list({ end_time: 1_500_000 }))).not.toContain(bob.member_id);
    const ascending = ids(await list({ order_field: "reg_time", order_dir: "asc" }));
    expect(ascending.indexOf(alice.member_id)).toBeLessThan(ascending.indexOf(bob.member_id));
    const paged = await list({ page_size: 1, page: 2, order_dir: "asc", end_time: 2_500_000 });
    expect(paged.list).toHaveLength(1);
    expect(paged.count).toBeGreaterThanOrEqual(2);
    const refused = await staffCall("/shopapi/member/memberlist", { start_time: 5, end_time: 1 });
    expect(refused.code).not.toBe(0);
    expect(refused.message).toBe("开始时间不能晚于结束时间");
    const forbidden = await staffCall("/shopapi/member/adjustbalance", { member_id: alice.member_id, adjust_num: 1, remark: "x" }, servicer);
    expect(forbidden.code).not.toBe(0);
  });

  it("labels: created, given to members in a batch, filtered by, removed with the label", async () => {
    const added = await staffCall<{ label_id: number }>("/shopapi/memberlabel/add", { label_name: "高价值", remark: "常买", sort: 1 });
    expect(added.code).toBe(0);
    expect((await staffCall("/shopapi/memberlabel/add", { label_name: "高价值" })).message).toBe("标签「高价值」已存在");
    const labelId = added.data.label_id;
    expect((await staffCall("/shopapi/member/modifylabel", { member_ids: [alice.member_id, bob.member_id], label_ids: [labelId] })).code).toBe(0);
    expect(ids(await list({ label_id: labelId })).sort()).toEqual([alice.member_id, bob.member_id].sort());
    expect((await list({ search_text: "爱丽" })).list[0]?.labels).toEqual([{ label_id: labelId, label_name: "高价值" }]);
    const labels = (await staffCall<StaffMemberLabel[]>("/shopapi/memberlabel/lists", {})).data;
    expect(labels.find((label) => label.label_id === labelId)?.member_count).toBe(2);
    expect((await staffCall("/shopapi/member/modifylabel", { member_ids: [bob.member_id], label_ids: [] })).code).toBe(0);
    expect(ids(await list({ label_id: labelId }))).toEqual([alice.member_id]);
    expect((await staffCall("/shopapi/member/modifylabel", { member_ids: [alice.member_id], label_ids: [999999] })).message).toBe("标签不存在");
    expect((await staffCall("/shopapi/memberlabel/delete", { label_id: labelId })).code).toBe(0);
    expect(ids(await list({ label_id: labelId }))).toEqual([]);
  });

  it("adjusts balance and points through the ledger with a reason, and logs who did it", async () => {
    const balance = await staffCall<{ balance: string }>("/shopapi/member/adjustbalance", { member_id: alice.member_id, adjust_num: "12.50", remark: "补偿运费" });
    expect(balance).toMatchObject({ code: 0, data: { balance: "12.50" } });
    const down = await staffCall<{ balance: string }>("/shopapi/member/adjustbalance", { member_id: alice.member_id, adjust_num: -2.5, remark: "扣回" });
    expect(down.data.balance).toBe("10.00");
    const point = await staffCall<{ point: number }>("/shopapi/member/adjustpoint", { member_id: alice.member_id, adjust_num: 300, remark: "活动奖励" });
    expect(point.data.point).toBe(300);
    expect(await ledgerSum(db(), alice.member_id, "balance")).toBe(1000);
    expect(await ledgerSum(db(), alice.member_id, "point")).toBe(300);
    const records = await staffCall<Page<AccountRecord>>("/shopapi/member/accountlist", { member_id: alice.member_id, account_type: "balance" });
    expect(records.data.list.map((row) => [row.account_data, row.account_after, row.type_name, row.remark])).toEqual([
      ["-2.50", "10.00", "后台调整", "扣回"],
      ["12.50", "12.50", "后台调整", "补偿运费"],
    ]);
    const logs = await staffLogs("member.adjustbalance");
    expect(logs.filter((log) => log.target_id === String(alice.member_id))).toHaveLength(2);
    const detail = await staffCall<StaffMemberDetail>("/shopapi/member/detail", { member_id: alice.member_id });
    expect(detail.data).toMatchObject({ member_id: alice.member_id, nickname: "爱丽丝", balance: "10.00", point: 300, order_count: 0 });
  });

  it("refuses an adjustment below zero, without a reason, of zero or for a missing member, writing nothing", async () => {
    const before = await db().selectFrom("member_account").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const cases: Array<[string, object, string]> = [
      ["/shopapi/member/adjustbalance", { member_id: bob.member_id, adjust_num: -0.01, remark: "扣" }, "调整后余额不能小于 0"],
      ["/shopapi/member/adjustpoint", { member_id: bob.member_id, adjust_num: -1, remark: "扣" }, "调整后积分不能小于 0"],
      ["/shopapi/member/adjustbalance", { member_id: bob.member_id, adjust_num: 5, remark: "  " }, "参数 remark 不能为空"],
      ["/shopapi/member/adjustbalance", { member_id: bob.member_id, adjust_num: 5 }, "参数 remark 不能为空"],
      ["/shopapi/member/adjustbalance", { member_id: bob.member_id, adjust_num: "0.00", remark: "零" }, "调整金额不能为 0"],
      ["/shopapi/member/adjustbalance", { member_id: bob.member_id, adjust_num: "1.234", remark: "多位" }, "调整金额须为最多两位小数的数字"],
      ["/shopapi/member/adjustbalance", { member_id: 99_999_999, adjust_num: 5, remark: "无人" }, "会员不存在"],
      ["/shopapi/member/adjustpoint", { member_id: bob.member_id, adjust_num: 1.5, remark: "小数" }, "参数 adjust_num 类型错误"],
    ];
    for (const [path, body, message] of cases) {
      const answer = await staffCall(path, body);
      expect(answer.code, `${path} ${JSON.stringify(body)}`).not.toBe(0);
      expect(answer.message, `${path} ${JSON.stringify(body)}`).toBe(message);
    }
    const after = await db().selectFrom("member_account").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("adjusts growth by either path (one function) and sets a level by hand", async () => {
    const grown = await staffCall<{ growth: number }>("/shopapi/member/adjustgrowth", { member_id: bob.member_id, adjust_num: 50, remark: "补发" });
    expect(grown).toMatchObject({ code: 0, data: { growth: 50 } });
    const level = await db().selectFrom("member_level").select("level_id").executeTakeFirst();
    if (level) {
      expect((await staffCall("/shopapi/member/modifylevel", { member_id: bob.member_id, level_id: level.level_id })).code).toBe(0);
    }
    expect((await staffCall("/shopapi/member/modifylevel", { member_id: bob.member_id, level_id: 99_999_999 })).message).toBe("会员等级不存在");
  });

  it("disabling a member ends its sessions and refuses its login; enabling lets it log in again", async () => {
    const member = await registerMember(t);
    await grantAccount(db(), member.member_id, "balance", 100, `disable-${member.member_id}`);
    expect((await t.call("/api/member/info", {}, { token: member.token })).code).toBe(0);
    expect((await staffCall("/shopapi/member/modifystatus", { member_ids: [member.member_id], status: 0 })).data).toEqual({ changed: 1 });
    expect((await t.call("/api/member/info", {}, { token: member.token })).code).toBe(Code.TOKEN_ERROR);
    const revoked = await db().selectFrom("member_token").select("revoke_time").where("member_id", "=", member.member_id).execute();
    expect(revoked.every((row) => row.revoke_time > 0)).toBe(true);
    const login = await t.call("/api/login/login", { username: member.username, password: member.password, ...(await solvedCaptcha(t)) }, { ip: nextIp() });
    expect(login.code).not.toBe(0);
    expect(login.message).toBe("账号已被锁定，请联系客服");
    expect(ids(await list({ status: 0 }))).toContain(member.member_id);
    expect((await staffCall("/shopapi/member/modifystatus", { member_ids: [member.member_id], status: 1 })).code).toBe(0);
    const again = await t.call("/api/login/login", { username: member.username, password: member.password, ...(await solvedCaptcha(t)) }, { ip: nextIp() });
    expect(again.code).toBe(0);
    expect((await staffLogs("member.disable")).some((log) => log.target_id === String(member.member_id))).toBe(true);
  });

  it("the detail's tabs answer the member's own records: growth after an adjustment, empty orders, addresses, coupons and chats of a new member", async () => {
    const member = await registerMember(t);
    expect((await staffCall("/shopapi/member/adjustgrowth", { member_id: member.member_id, adjust_num: 7, remark: "活动补发" })).code).toBe(0);
    const growth = await staffCall<Page<GrowthRecord>>("/shopapi/member/growthlist", { member_id: member.member_id });
    expect(growth.data.list.map(({ growth: change, from_type, remark }) => ({ change, from_type, remark }))).toEqual([{ change: 7, from_type: "staff_adjust", remark: "活动补发" }]);
    for (const path of ["/shopapi/member/orderlist", "/shopapi/member/addresslist", "/shopapi/member/couponlist"] as const) {
      const answer = await staffCall<Page<unknown>>(path, { member_id: member.member_id });
      expect(answer, path).toMatchObject({ code: 0, data: { count: 0, list: [] } });
      expect((await staffCall(path, { member_id: member.member_id }, servicer)).message, path).toBe("没有执行此操作的权限");
    }
    const chats = await staffCall<{ list: unknown[] }>("/shopapi/member/chatlist", { member_id: member.member_id });
    expect(chats).toMatchObject({ code: 0, data: { list: [] } });
    expect((await staffCall("/shopapi/member/couponlist", { member_id: member.member_id, state: 9 })).code).toBe(Code.PARAM);
  });

  it("renames a label, refusing a name another label has", async () => {
    const first = (await staffCall<{ label_id: number }>("/shopapi/memberlabel/add", { label_name: `新客${process.pid}` })).data.label_id;
    await staffCall("/shopapi/memberlabel/add", { label_name: `老客${process.pid}` });
    expect((await staffCall("/shopapi/memberlabel/edit", { label_id: first, label_name: `首单${process.pid}`, remark: "首单客户" })).code).toBe(0);
    const labels = (await staffCall<StaffMemberLabel[]>("/shopapi/memberlabel/lists", {})).data;
    expect(labels.find((label) => label.label_id === first)?.label_name).toBe(`首单${process.pid}`);
    expect((await staffCall("/shopapi/memberlabel/edit", { label_id: first, label_name: `老客${process.pid}` })).message).toBe(`标签「老客${process.pid}」已存在`);
  });
});
