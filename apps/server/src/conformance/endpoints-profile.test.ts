import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberInfo, VerifyTicketResult } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { fixedCaptcha, lastSmsCode, TEST_CAPTCHA_CODE } from "../modules/auth/testing.ts";
import { freshMobile } from "../modules/member/test-helpers.ts";
import { uploadTestPicture } from "../modules/upload/test-helpers.ts";
import { ReferenceClient } from "./reference-client.ts";
import { signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * The member's profile and security as the reference's member pages call them (docs/api/member.md):
 * one field at a time (and our whole-form modifyinfo), the avatar after its upload, the login
 * password by an SMS code, binding and changing the mobile, setting and resetting the pay password.
 * The client draws the captcha, keeps the `key` of a sent code and reads the code the outbox "sent".
 * Each test has its own member and client (its own address): the code-sending calls share a budget
 * of 5 a minute per address, the security calls 10.
 */
describe("conformance: member profile and security", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startReferenceShop();
    fixedCaptcha();
  });
  afterAll(() => t.close());

  /** A fresh captcha drawn by the client, with its answer (tests make every code TEST_CAPTCHA_CODE). */
  const captcha = async (client: ReferenceClient) => ({
    captcha_id: (await client.data<{ id: string }>("/api/captcha/captcha")).id,
    captcha_code: TEST_CAPTCHA_CODE,
  });
  const info = (client: ReferenceClient) => client.data<MemberInfo>("/api/member/info");
  /** A member whose mobile is bound (as a mobile registration leaves it). */
  const memberWithMobile = async () => {
    const member = await signedInClient(t);
    const mobile = freshMobile();
    await t.app.deps.db.updateTable("member").set({ mobile }).where("member_id", "=", member.memberId).execute();
    return Object.assign(member, { mobile });
  };

  it("/api/member/modifynickname, modifyrealname, modifysex, modifybirthday and modifyinfo (ours) change the profile", async () => {
    const member = await signedInClient(t);
    await member.reads("/api/member/modifynickname", { nickname: "一致性昵称" });
    await member.reads("/api/member/modifyrealname", { realname: "张三" });
    await member.reads("/api/member/modifysex", { sex: 1 });
    await member.reads("/api/member/modifybirthday", { birthday: "1990-05-20" });
    expect(await info(member)).toMatchObject({ nickname: "一致性昵称", realname: "张三", sex: 1, birthday: "1990-05-20" });

    const saved = await member.reads<MemberInfo>("/api/member/modifyinfo", { nickname: "整表保存", realname: "", sex: 2, birthday: "" });
    expect(saved).toMatchObject({ member_id: member.memberId, nickname: "整表保存", realname: "", sex: 2, birthday: "" });
    expect(await info(member)).toEqual(saved);
    expect((await member.refused("/api/member/modifybirthday", { birthday: "2990-01-01" }, -1)).message).toBe("出生日期不能晚于今天");
  });

  it("/api/member/modifyheadimg sets the avatar the member uploaded, which loads as a reference client builds its URL", async () => {
    const member = await signedInClient(t);
    const picture = await uploadTestPicture(t, { cookie: `shop_token=${member.token}` }, "headimg");
    await member.reads("/api/member/modifyheadimg", { headimg: picture });
    expect((await info(member)).headimg).toBe(picture);
    expect(await member.picture(picture)).toMatchObject({ status: 200, type: "image/jpeg" });
    await member.reads("/api/member/modifyheadimg", { headimg: "" });
    expect((await info(member)).headimg).toBe("");
  });

  it("/api/member/bindmobliecode and modifymobile bind a first mobile; pwdmobliecode and modifypassword change the password by its code", async () => {
    const member = await signedInClient(t);
    const mobile = freshMobile();
    const bind = await member.reads<{ key: string }>("/api/member/bindmobliecode", { mobile, ...(await captcha(member)) });
    await member.reads("/api/member/modifymobile", { mobile, key: bind.key, code: await lastSmsCode(t, mobile, "mobile_bind") });
    expect((await info(member)).mobile).toBe(mobile);

    const sent = await member.reads<{ key: string }>("/api/member/pwdmobliecode", await captcha(member));
    // The reference answers the code itself here; we never send it back to the client.
    expect(sent).not.toHaveProperty("code");
    await member.reads("/api/member/modifypassword", { new_password: "changed789", key: sent.key, code: await lastSmsCode(t, mobile, "member_password") });
    const { username } = await info(member);
    const guest = new ReferenceClient(t);
    expect(await guest.data("/api/login/login", { username, password: "changed789", ...(await captcha(guest)) })).toMatchObject({ token: expect.any(String) });
    // The session that made the change goes on.
    expect((await info(member)).member_id).toBe(member.memberId);
  });

  it("/api/member/oldmobilecode and verifyoldmobile (ours), then bindmobliecode and modifymobile change a bound mobile", async () => {
    const member = await memberWithMobile();
    const old = await member.reads<{ key: string }>("/api/member/oldmobilecode", await captcha(member));
    const { ticket } = await member.reads<VerifyTicketResult>("/api/member/verifyoldmobile", {
      key: old.key, code: await lastSmsCode(t, member.mobile, "mobile_old"),
    });
    const mobile = freshMobile();
    const bind = await member.reads<{ key: string }>("/api/member/bindmobliecode", { mobile, ...(await captcha(member)) });
    const code = await lastSmsCode(t, mobile, "mobile_bind");
    expect((await member.refused("/api/member/modifymobile", { mobile, key: bind.key, code }, -1)).message).toBe("请先验证原手机号");
    await member.reads("/api/member/modifymobile", { mobile, key: bind.key, code, ticket });
    expect((await info(member)).mobile).toBe(mobile);
  });

  it("/api/member/modifypaypassword sets the first pay password; paypwdcode and verifypaypwdcode reset it", async () => {
    const member = await memberWithMobile();
    await member.reads("/api/member/modifypaypassword", { password: "135790" });
    expect((await info(member)).pay_password).toBe(1);
    expect((await member.refused("/api/member/modifypaypassword", { password: "246801" }, -1)).message).toBe("请输入原支付密码");

    const sent = await member.reads<{ key: string }>("/api/member/paypwdcode", await captcha(member));
    // A reference client reads nothing of the answer; the ticket (ours) carries the proof to the reset.
    const verified = await member.reads<VerifyTicketResult>("/api/member/verifypaypwdcode", {
      key: sent.key, code: await lastSmsCode(t, member.mobile, "pay_password"),
    });
    expect(verified).toMatchObject({ ticket: expect.any(String), expire_time: expect.any(Number) });
    await member.reads("/api/member/modifypaypassword", { password: "246801", ticket: verified.ticket });
    // The reset took: the new one is the old password of the next change.
    await member.reads("/api/member/modifypaypassword", { password: "975310", old_password: "246801" });
  });
});
