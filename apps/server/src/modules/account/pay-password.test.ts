import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { hashPassword } from "../../core/password.ts";
import { registerMember } from "../auth/testing.ts";
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
