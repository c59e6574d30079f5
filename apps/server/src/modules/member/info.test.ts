import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberInfo } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertMemberLevel, registerMember } from "../auth/testing.ts";

describe("/api/member/info", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("requires login", async () => {
    expect(await t.call("/api/member/info")).toMatchObject({ code: -10009, message: "您尚未登录，请先进行登录" });
  });

  it("shows money as yuan strings, the level name and whether a password is set", async () => {
    const levelId = await insertMemberLevel(t, { level_name: "黄金会员", is_default: 0 });
    const member = await registerMember(t, { username: "infouser" });
    await t.app.deps.db
      .updateTable("member")
      .set({ balance_cents: 12345, balance_money_cents: 5, point: 88, growth: 120, member_level: levelId, mobile: "13512345678" })
      .where("member_id", "=", member.member_id)
      .execute();
    const info = await t.call<MemberInfo>("/api/member/info", {}, { token: member.token });
    expect(info.code).toBe(0);
    expect(info.data).toMatchObject({
      member_id: member.member_id,
      username: "infouser",
      nickname: "infouser",
      mobile: "13512345678",
      member_level: levelId,
      member_level_name: "黄金会员",
      balance: "123.45",
      balance_money: "0.05",
      point: 88,
      growth: 120,
      password: 1,
    });
    expect(info.data).not.toHaveProperty("password_hash");
    expect(JSON.stringify(info.data)).not.toContain("scrypt");
  });

  it("answers empty strings for a member without username, level or password", async () => {
    const member = await registerMember(t);
    await t.app.deps.db.updateTable("member").set({ username: null, password: "", member_level: 999 }).where("member_id", "=", member.member_id).execute();
    const info = await t.call<MemberInfo>("/api/member/info", {}, { cookie: member.cookie });
    expect(info.data).toMatchObject({ username: "", mobile: "", member_level_name: "", password: 0, balance: "0.00", balance_money: "0.00" });
  });
});
