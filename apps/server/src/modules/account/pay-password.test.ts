import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberInfo } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { hashPassword } from "../../core/password.ts";
import { registerMember } from "../auth/testing.ts";
import { anotherSession, callAs, memberWithMobile, sessionAlive, ticketFor } from "../member/test-helpers.ts";
import { TICKET_INVALID } from "../member/verify-ticket.ts";
import { PAY_PASSWORD_LOCK_SECONDS, PAY_PASSWORD_MAX_FAILURES, verifyPayPassword } from "./pay-password.ts";

describe("pay password attempts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function memberWithPayPassword(): Promise<number> {
    const member = await registerMember(t);
    await t.app.deps.db.updateTable("member").set({ pay_password: await hashPassword("246810") }).where("member_id", "=", member.member_id).execute();
    return member.member_id;
  }
  const attempt = (memberId: number, password: string | undefined) =>
    verifyPayPassword(t.app.deps.db, memberId, password).then(
      (checked) => ({ ok: true, checked, message: "" }),
      (error: Error) => ({ ok: false, checked: false, message: error.message }),
    );

  it("is not asked of a member without one", async () => {
    const member = await registerMember(t);
    expect(await attempt(member.member_id, undefined)).toEqual({ ok: true, checked: false, message: "" });
  });

  it("counts down wrong passwords, and a right one clears the count", async () => {
    const memberId = await memberWithPayPassword();
    expect((await attempt(memberId, undefined)).message).toBe("请输入支付密码");
    expect((await attempt(memberId, "000000")).message).toBe(`支付密码错误，还可尝试 ${PAY_PASSWORD_MAX_FAILURES - 1} 次`);
    expect((await attempt(memberId, "000001")).message).toBe(`支付密码错误，还可尝试 ${PAY_PASSWORD_MAX_FAILURES - 2} 次`);
    expect(await attempt(memberId, "246810")).toEqual({ ok: true, checked: true, message: "" });
    expect((await attempt(memberId, "000002")).message).toBe(`支付密码错误，还可尝试 ${PAY_PASSWORD_MAX_FAILURES - 1} 次`);
  });

  it("locks after too many wrong passwords, even the right one, until the pause ran out", async () => {
    const memberId = await memberWithPayPassword();
    for (let index = 1; index < PAY_PASSWORD_MAX_FAILURES; index += 1) expect((await attempt(memberId, "111111")).ok).toBe(false);
    expect((await attempt(memberId, "111111")).message).toContain("错误次数过多");
    expect((await attempt(memberId, "246810")).message).toContain("错误次数过多");
    // Time passes: the lock ends and a fresh window starts.
    await t.app.deps.db.updateTable("pay_password_attempt").set({ locked_until: 1 }).where("member_id", "=", memberId).execute();
    expect(await attempt(memberId, "246810")).toEqual({ ok: true, checked: true, message: "" });
    const row = await t.app.deps.db.selectFrom("pay_password_attempt").selectAll().where("member_id", "=", memberId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ failures: 0, locked_until: 0 });
    expect(PAY_PASSWORD_LOCK_SECONDS).toBeGreaterThanOrEqual(600);
  });

  it("gives parallel guesses no more tries than sequential ones", async () => {
    const memberId = await memberWithPayPassword();
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => attempt(memberId, `9${String(index).padStart(5, "0")}`)));
    expect(results.every((result) => !result.ok)).toBe(true);
    const guessed = results.filter((result) => result.message.startsWith("支付密码错误，还可尝试") || result.message === "支付密码错误次数过多，请 15 分钟后再试");
    expect(guessed.length).toBe(20);
    // Only PAY_PASSWORD_MAX_FAILURES of them were compared with the hash; the rest were refused up front.
    const compared = results.filter((result) => result.message.startsWith("支付密码错误，还可尝试")).length;
    expect(compared).toBeLessThanOrEqual(PAY_PASSWORD_MAX_FAILURES - 1);
    expect((await attempt(memberId, "246810")).message).toContain("错误次数过多");
  });
});

describe(`setting, changing and resetting the pay password (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const stored = async (memberId: number) =>
    (await t.app.deps.db.selectFrom("member").select("pay_password").where("member_id", "=", memberId).executeTakeFirstOrThrow()).pay_password;
  const checks = (memberId: number, password: string) => verifyPayPassword(t.app.deps.db, memberId, password).then(() => true, () => false);

  it("sets the first one with the session alone: six digits, not too simple; the info tells it is set", async () => {
    const member = await registerMember(t);
    const call = callAs(t, member);
    expect((await call<MemberInfo>("/api/member/info")).data.pay_password).toBe(0);
    for (const weak of ["000000", "123456", "987654", "888888"]) {
      expect(await call("/api/member/modifypaypassword", { password: weak }), weak).toMatchObject({ code: Code.ERROR, message: "支付密码过于简单，请勿使用重复或连续的数字" });
    }
    for (const malformed of ["12345", "1234567", "12a456", ""]) {
      expect((await call("/api/member/modifypaypassword", { password: malformed })).code, malformed).toBe(Code.PARAM);
    }
    expect(await stored(member.member_id)).toBe("");
    expect(await call("/api/member/modifypaypassword", { password: "135790" })).toMatchObject({ code: 0, data: null });
    expect((await call<MemberInfo>("/api/member/info")).data.pay_password).toBe(1);
    expect(await stored(member.member_id)).toMatch(/^scrypt\$/);
    expect(await checks(member.member_id, "135790")).toBe(true);
  });

  it("changes it with the old one, whose wrong guesses count against the payment's limit; login sessions stay", async () => {
    const member = await registerMember(t);
    const otherDevice = await anotherSession(t, member);
    const call = callAs(t, member);
    await call("/api/member/modifypaypassword", { password: "135790" });
    expect((await call("/api/member/modifypaypassword", { password: "246801" })).message).toBe("请输入原支付密码");
    expect((await call("/api/member/modifypaypassword", { password: "246801", old_password: "000000" })).message).toBe(`支付密码错误，还可尝试 ${PAY_PASSWORD_MAX_FAILURES - 1} 次`);
    expect((await call("/api/member/modifypaypassword", { password: "135790", old_password: "135790" })).message).toBe("新支付密码不能与原支付密码相同");
    expect(await call("/api/member/modifypaypassword", { password: "246801", old_password: "135790" })).toMatchObject({ code: 0 });
    expect(await checks(member.member_id, "246801")).toBe(true);
    expect(await sessionAlive(t, otherDevice)).toBe(true);
  });

  it("resets a forgotten one with the bound mobile's code, lifting a lock; the ticket serves once and only its member", async () => {
    const member = await memberWithMobile(t);
    const call = callAs(t, member);
    await call("/api/member/modifypaypassword", { password: "135790" });
    for (let index = 0; index < PAY_PASSWORD_MAX_FAILURES; index++) await checks(member.member_id, "000000");
    expect((await call("/api/member/modifypaypassword", { password: "246801", old_password: "135790" })).message).toContain("错误次数过多");

    const ticket = await ticketFor(t, member, "paypassword");
    const thief = await memberWithMobile(t);
    expect(await callAs(t, thief)("/api/member/modifypaypassword", { password: "975310", ticket })).toMatchObject({ message: TICKET_INVALID });
    expect(await call("/api/member/modifypaypassword", { password: "975310", ticket })).toMatchObject({ code: 0 });
    expect(await checks(member.member_id, "975310")).toBe(true);
    expect(await call("/api/member/modifypaypassword", { password: "864200", ticket })).toMatchObject({ message: TICKET_INVALID });

    // A mobile-change ticket resets nothing.
    const mobileTicket = await ticketFor(t, member, "mobile");
    expect(await call("/api/member/modifypaypassword", { password: "864200", ticket: mobileTicket })).toMatchObject({ message: TICKET_INVALID });
    const noMobile = await registerMember(t);
    expect(await callAs(t, noMobile)("/api/member/modifypaypassword", { password: "864200", ticket })).toMatchObject({ message: "请先绑定手机号" });
  });

  it("two first settings at once: one wins, the other is told to look again", async () => {
    const member = await registerMember(t);
    const answers = await Promise.all(["135790", "246801"].map((password) => callAs(t, member)("/api/member/modifypaypassword", { password })));
    expect(answers.map((answer) => answer.code).sort()).toEqual([Code.ERROR, 0]);
    expect(answers.find((answer) => answer.code !== 0)?.message).toBe("支付密码已被修改，请刷新后重试");
  });
});
