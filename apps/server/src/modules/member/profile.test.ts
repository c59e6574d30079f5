import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberInfo } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { shopIsoString, now, DAY_SECONDS } from "../../core/time.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { uploadTestPicture } from "../upload/test-helpers.ts";
import { INVALID_IMAGE_MESSAGE } from "../upload/ownership.ts";
import { callAs } from "./test-helpers.ts";

describe(`member profile: nickname, real name, sex, birthday, avatar (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let member: TestMember;
  let call: ReturnType<typeof callAs>;
  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    call = callAs(t, member);
  });
  afterAll(() => t.close());

  const profile = async (memberId = member.member_id) =>
    t.app.deps.db.selectFrom("member").select(["nickname", "realname", "sex", "birthday", "headimg"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();

  it("saves the whole form with modifyinfo and answers the member as it now is", async () => {
    const saved = await call<MemberInfo>("/api/member/modifyinfo", { nickname: "  小鱼儿 ", realname: "江小鱼", sex: "2", birthday: "1995-02-28" });
    expect(saved).toMatchObject({ code: 0, data: { nickname: "小鱼儿", realname: "江小鱼", sex: 2, birthday: "1995-02-28", pay_password: 0 } });
    expect(await profile()).toMatchObject({ nickname: "小鱼儿", realname: "江小鱼", sex: 2, birthday: "1995-02-28" });
    // Clearing the optional fields.
    expect((await call("/api/member/modifyinfo", { nickname: "小鱼儿", realname: "", sex: 0, birthday: "" })).code).toBe(0);
    expect(await profile()).toMatchObject({ realname: "", sex: 0, birthday: "" });
  });

  it("changes one field at a time with the reference's calls", async () => {
    expect((await call("/api/member/modifynickname", { nickname: "阿飞" })).code).toBe(0);
    expect((await call("/api/member/modifyrealname", { realname: "李寻欢" })).code).toBe(0);
    expect((await call("/api/member/modifysex", { sex: 1 })).code).toBe(0);
    expect((await call("/api/member/modifybirthday", { birthday: "2000-02-29" })).code).toBe(0);
    expect(await profile()).toMatchObject({ nickname: "阿飞", realname: "李寻欢", sex: 1, birthday: "2000-02-29" });
  });

  it.each([
    ["an empty nickname", "/api/member/modifynickname", { nickname: "   " }],
    ["a nickname of 21 characters", "/api/member/modifynickname", { nickname: "字".repeat(21) }],
    ["a nickname with a line break", "/api/member/modifynickname", { nickname: "a\nb" }],
    ["a real name of 21 characters", "/api/member/modifyrealname", { realname: "名".repeat(21) }],
    ["sex 3", "/api/member/modifysex", { sex: 3 }],
    ["sex 1.5", "/api/member/modifysex", { sex: 1.5 }],
    ["a birthday that is no date", "/api/member/modifybirthday", { birthday: "2023-02-29" }],
    ["a birthday written otherwise", "/api/member/modifybirthday", { birthday: "1990/01/02" }],
    ["a birthday before 1900", "/api/member/modifybirthday", { birthday: "1899-12-31" }],
    ["a form without a nickname", "/api/member/modifyinfo", { realname: "x", sex: 0, birthday: "" }],
  ])("refuses %s with -10006 and changes nothing", async (_name, path, body) => {
    const before = await profile();
    const answer = await call(path, body);
    expect(answer).toMatchObject({ code: Code.PARAM, data: null });
    expect(answer.message).toMatch(/[\u4e00-\u9fa5]/);
    expect(await profile()).toEqual(before);
  });

  it("refuses a birthday after today (the shop's day), and writes no part of a refused form", async () => {
    const before = await profile();
    const tomorrow = shopIsoString(now() + DAY_SECONDS).slice(0, 10);
    expect(await call("/api/member/modifybirthday", { birthday: tomorrow })).toMatchObject({ code: Code.ERROR, message: "出生日期不能晚于今天" });
    const form = await call("/api/member/modifyinfo", { nickname: "半途而废", realname: "不该写入", sex: 2, birthday: tomorrow });
    expect(form).toMatchObject({ code: Code.ERROR, message: "出生日期不能晚于今天" });
    expect(await profile()).toEqual(before);
    expect((await call("/api/member/modifybirthday", { birthday: shopIsoString(now()).slice(0, 10) })).code).toBe(0);
  });

  it("sets an avatar the member uploaded as headimg, and goes back to the default with \"\"", async () => {
    const picture = await uploadTestPicture(t, member, "headimg");
    expect(picture).toMatch(/^upload\/headimg\/\d{8}\/[0-9a-f]{32}\.jpg$/);
    expect((await call("/api/member/modifyheadimg", { headimg: `/${picture}` })).code).toBe(0);
    expect((await profile()).headimg).toBe(picture);
    expect((await call<MemberInfo>("/api/member/info")).data.headimg).toBe(picture);
    expect((await call("/api/member/modifyheadimg", { headimg: "" })).code).toBe(0);
    expect((await profile()).headimg).toBe("");
  });

  it("refuses as avatar another member's picture, a picture uploaded for something else, or any other path (IDOR)", async () => {
    const other = await registerMember(t);
    const othersAvatar = await uploadTestPicture(t, other, "headimg");
    const ownEvaluationPicture = await uploadTestPicture(t, member, "evaluate");
    for (const headimg of [othersAvatar, ownEvaluationPicture, "upload/headimg/20250101/0123456789abcdef0123456789abcdef.jpg", "https://evil.example/a.jpg", "../shop.sqlite"]) {
      expect(await call("/api/member/modifyheadimg", { headimg }), headimg).toMatchObject({ code: Code.PARAM, message: INVALID_IMAGE_MESSAGE });
    }
    expect((await profile()).headimg).toBe("");
    // The other member's own avatar works for them.
    expect((await callAs(t, other)("/api/member/modifyheadimg", { headimg: othersAvatar })).code).toBe(0);
    expect((await profile(other.member_id)).headimg).toBe(othersAvatar);
  });

  it("refuses guests", async () => {
    for (const path of ["/api/member/modifyinfo", "/api/member/modifynickname", "/api/member/modifyheadimg"]) {
      expect((await t.call(path, { nickname: "x", realname: "", sex: 0, birthday: "", headimg: "" })).code).toBe(Code.TOKEN_ERROR);
    }
  });

  it("limits profile edits to 30 a minute per address, all profile calls together", async () => {
    const ip = "192.0.2.77";
    const answers: number[] = [];
    for (let index = 0; index < 31; index++) {
      const path = index % 2 ? "/api/member/modifysex" : "/api/member/modifynickname";
      answers.push((await t.call(path, { sex: 1, nickname: `限流${index}` }, { cookie: member.cookie, ip })).code);
    }
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(0));
    expect(answers[30]).toBe(Code.TOO_MANY_REQUESTS);
  });
});
