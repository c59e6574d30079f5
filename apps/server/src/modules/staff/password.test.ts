import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { insertStaff, loginStaff } from "./testing.ts";
import { nextIp } from "../auth/testing.ts";

describe(`staff change their own password: /shopapi/user/modifypassword (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const info = (token: string) => t.call("/shopapi/staff/info", {}, { token });
  const change = (token: string, body: Record<string, string>) => t.call("/shopapi/user/modifypassword", body, { token });

  it("lets a servicer change its own password: this session stays, the others are signed out, the new password signs in", async () => {
    const servicer = await insertStaff(t, { role: "servicer", password: "old-password-1" });
    const here = await loginStaff(t, servicer);
    const elsewhere = await loginStaff(t, servicer);
    expect(await change(here.token, { old_password: "old-password-1", new_password: "new-password-2", confirm_password: "new-password-2" })).toMatchObject({ code: 0 });
    expect(await info(here.token)).toMatchObject({ code: 0 });
    expect((await info(elsewhere.token)).code).toBe(Code.TOKEN_ERROR);
    const oldLogin = await t.call("/shopapi/login/login", { username: servicer.username, password: "old-password-1" }, { ip: nextIp() });
    expect(oldLogin).toMatchObject({ code: Code.ERROR, message: "账号或密码错误" });
    expect((await loginStaff(t, { username: servicer.username, password: "new-password-2" })).staff.staff_id).toBe(servicer.staff_id);
    const log = await t.app.deps.db.selectFrom("staff_log").selectAll().where("staff_id", "=", servicer.staff_id).where("action", "=", "user.modifypassword").execute();
    expect(log).toHaveLength(1);
    expect(log[0]?.detail).not.toContain("password-2");
  });

  it("refuses a wrong old password, a mismatch, a short or unchanged new password — and changes nothing", async () => {
    const admin = await insertStaff(t, { password: "admin-password-1" });
    const { token } = await loginStaff(t, admin);
    expect(await change(token, { old_password: "wrong-one", new_password: "another-pass-9", confirm_password: "another-pass-9" })).toMatchObject({ code: Code.ERROR, message: "原密码错误" });
    expect(await change(token, { old_password: "admin-password-1", new_password: "another-pass-9", confirm_password: "another-pass-8" })).toMatchObject({ code: Code.PARAM, message: "两次输入的新密码不一致" });
    const short = await change(token, { old_password: "admin-password-1", new_password: "short", confirm_password: "short" });
    expect(short.code).toBe(Code.PARAM);
    expect(short.message).toContain("new_password");
    expect(await change(token, { old_password: "admin-password-1", new_password: "admin-password-1", confirm_password: "admin-password-1" })).toMatchObject({ code: Code.PARAM, message: "新密码不能与原密码相同" });
    expect((await change(token, {})).code).toBe(Code.PARAM);
    expect((await loginStaff(t, admin)).staff.staff_id).toBe(admin.staff_id);
  });

  it("needs a staff session", async () => {
    expect((await t.call("/shopapi/user/modifypassword", { old_password: "a", new_password: "abcdefgh1", confirm_password: "abcdefgh1" })).code).toBe(Code.TOKEN_ERROR);
  });
});
