import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberInfo, TokenResult } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { lastSmsCode, nextIp, registerMember, solvedCaptcha } from "../auth/testing.ts";
import { TICKET_INVALID } from "./verify-ticket.ts";
import { MOBILE_TAKEN } from "./mobile.ts";
import { anotherSession, callAs, freshMobile, memberWithMobile, requestCode, sessionAlive, ticketFor } from "./test-helpers.ts";

describe(`bind and change the mobile (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const bindCode = (member: { cookie: string }, mobile: string) => requestCode(t, member, "/api/member/bindmobliecode", mobile, "mobile_bind", { mobile });
  const mobileOf = async (memberId: number) =>
    (await t.app.deps.db.selectFrom("member").select("mobile").where("member_id", "=", memberId).executeTakeFirstOrThrow()).mobile;

  it("binds a first mobile with a code sent to it; no other session ends (nothing was replaced)", async () => {
    const member = await registerMember(t);
    const otherDevice = await anotherSession(t, member);
    const mobile = freshMobile();
    const sent = await bindCode(member, mobile);
    expect(await t.app.deps.db.selectFrom("sms_outbox").select("content").where("mobile", "=", mobile).executeTakeFirstOrThrow()).toMatchObject({
      content: expect.stringContaining("绑定手机验证码"),
    });
    expect((await callAs(t, member)("/api/member/modifymobile", { mobile, ...sent })).code).toBe(0);
    expect((await callAs(t, member)<MemberInfo>("/api/member/info")).data.mobile).toBe(mobile);
    expect(await sessionAlive(t, otherDevice)).toBe(true);
  });

  it("changes a bound mobile only with the old number's ticket and the new number's code, then ends the other sessions", async () => {
    const member = await memberWithMobile(t);
    const otherDevice = await anotherSession(t, member);
    const call = callAs(t, member);
    const newMobile = freshMobile();

    const withoutTicket = await bindCode(member, newMobile);
    expect(await call("/api/member/modifymobile", { mobile: newMobile, ...withoutTicket })).toMatchObject({ code: Code.ERROR, message: "请先验证原手机号" });
    expect(await call("/api/member/modifymobile", { mobile: newMobile, ...withoutTicket, ticket: "made-up" })).toMatchObject({ message: TICKET_INVALID });

    const ticket = await ticketFor(t, member, "mobile");
    // The refused tries above spent no code: the same one still binds.
    expect(await call("/api/member/modifymobile", { mobile: newMobile, ...withoutTicket, ticket })).toMatchObject({ code: 0 });
    expect(await mobileOf(member.member_id)).toBe(newMobile);
    expect(await sessionAlive(t, otherDevice)).toBe(false);
    expect(await sessionAlive(t, member.token)).toBe(true);

    // The ticket was spent with the change.
    const back = await bindCode(member, member.mobile);
    expect(await call("/api/member/modifymobile", { mobile: member.mobile, ...back, ticket })).toMatchObject({ message: TICKET_INVALID });

    // The old number no longer signs in by code; the new one does.
    const ip = nextIp();
    const oldLogin = await t.call("/api/login/mobileCode", { mobile: member.mobile, ...(await solvedCaptcha(t, ip)) }, { ip });
    expect(oldLogin.message).toBe("该手机号未注册");
    const sent = await requestCode(t, { cookie: "" }, "/api/login/mobileCode", newMobile, "login", { mobile: newMobile });
    expect((await t.call<TokenResult>("/api/login/mobile", { mobile: newMobile, ...sent }, { ip: nextIp() })).code).toBe(0);
  });

  it("checks the old number's code before handing out a ticket, which serves its own member and purpose only (IDOR)", async () => {
    const member = await memberWithMobile(t);
    const call = callAs(t, member);
    const sent = await requestCode(t, member, "/api/member/oldmobilecode", member.mobile, "mobile_old");
    expect(await lastSmsCode(t, member.mobile, "mobile_old")).toBe(sent.code);
    expect((await call("/api/member/verifyoldmobile", { key: sent.key, code: sent.code === "123456" ? "654321" : "123456" })).message).toMatch(/动态码不正确/);

    const ticket = await ticketFor(t, member, "mobile");
    const other = await memberWithMobile(t);
    const target = freshMobile();
    const code = await bindCode(other, target);
    expect(await callAs(t, other)("/api/member/modifymobile", { mobile: target, ...code, ticket })).toMatchObject({ message: TICKET_INVALID });

    // A pay password reset ticket does not change the mobile either.
    const payTicket = await ticketFor(t, member, "paypassword");
    const mine = await bindCode(member, target);
    expect(await call("/api/member/modifymobile", { mobile: target, ...mine, ticket: payTicket })).toMatchObject({ message: TICKET_INVALID });

    // Nor a ticket whose mobile is no longer the member's.
    await t.app.deps.db.updateTable("member").set({ mobile: freshMobile() }).where("member_id", "=", member.member_id).execute();
    expect(await call("/api/member/modifymobile", { mobile: target, ...mine, ticket })).toMatchObject({ message: TICKET_INVALID });
  });

  it("refuses a ticket past its time", async () => {
    const member = await memberWithMobile(t);
    const ticket = await ticketFor(t, member, "mobile");
    await t.app.deps.db.updateTable("member_verify_ticket").set({ expire_time: Math.floor(Date.now() / 1000) - 1 }).where("member_id", "=", member.member_id).execute();
    const target = freshMobile();
    const code = await bindCode(member, target);
    expect(await callAs(t, member)("/api/member/modifymobile", { mobile: target, ...code, ticket })).toMatchObject({ message: TICKET_INVALID });
  });

  it("sends no code to a number another account has, nor to the member's own", async () => {
    const holder = await memberWithMobile(t);
    const member = await memberWithMobile(t);
    const send = async (mobile: string) => {
      const ip = nextIp();
      return t.call("/api/member/bindmobliecode", { mobile, ...(await solvedCaptcha(t, ip)) }, { cookie: member.cookie, ip });
    };
    expect(await send(holder.mobile)).toMatchObject({ code: Code.ERROR, message: "该手机号已注册" });
    expect(await send(member.mobile)).toMatchObject({ code: Code.ERROR, message: "新手机号不能与当前手机号相同" });
    expect((await send("1234")).code).toBe(Code.PARAM);
    const noMobile = await registerMember(t);
    const ip = nextIp();
    expect((await t.call("/api/member/oldmobilecode", await solvedCaptcha(t, ip), { cookie: noMobile.cookie, ip })).message).toBe("请先绑定手机号");
  });

  it("answers 该手机号已注册 when another account took the number between the code and the change (unique index)", async () => {
    const member = await registerMember(t);
    const rival = await registerMember(t);
    const mobile = freshMobile();
    const sent = await bindCode(member, mobile);
    await t.app.deps.db.updateTable("member").set({ mobile }).where("member_id", "=", rival.member_id).execute();
    expect(await callAs(t, member)("/api/member/modifymobile", { mobile, ...sent })).toMatchObject({ code: Code.ERROR, message: MOBILE_TAKEN });
    expect(await mobileOf(member.member_id)).toBeNull();
  });

  it("two changes racing with one ticket: one wins", async () => {
    const member = await memberWithMobile(t);
    const ticket = await ticketFor(t, member, "mobile");
    const first = freshMobile();
    const second = freshMobile();
    const codes = [await bindCode(member, first), await bindCode(member, second)];
    const answers = await Promise.all(
      [first, second].map((mobile, index) => callAs(t, member)("/api/member/modifymobile", { mobile, ...codes[index], ticket })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect([first, second]).toContain(await mobileOf(member.member_id));
  });
});
