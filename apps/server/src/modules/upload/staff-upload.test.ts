import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { STAFF_UPLOAD_PATHS } from "@shop/contract/domains/upload";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember } from "../auth/testing.ts";
import { staffToken } from "../staff/testing.ts";
import { postUploadTo, testJpeg } from "./test-helpers.ts";

describe("POST /shopapi/upload/{goods,content,setting}img: the back office's pictures", () => {
  let t: TestApp;
  let admin: string;
  let servicer: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await staffToken(t, "admin");
    servicer = await staffToken(t, "servicer");
  });
  afterAll(() => t.close());

  it.each(Object.entries(STAFF_UPLOAD_PATHS))("%s: stores the picture re-encoded under upload/<kind>/ and records the staff member", async (kind, url) => {
    const answer = await postUploadTo(t, url, [{ bytes: await testJpeg(300, 200) }], { token: admin });
    expect(answer.body).toMatchObject({ code: 0, message: "上传成功" });
    const picPath = answer.body.data!.pic_path;
    expect(picPath).toMatch(new RegExp(`^upload/${kind}/\\d{8}/[\\w-]+\\.jpg$`));
    const row = await t.app.deps.db.selectFrom("member_upload").selectAll().where("path", "=", picPath).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind, member_id: 0 });
    expect(row.staff_id).toBeGreaterThan(0);
  });

  it("refuses staff without the permission, members and guests", async () => {
    const picture = [{ bytes: await testJpeg() }];
    expect((await postUploadTo(t, STAFF_UPLOAD_PATHS.goods, picture, { token: servicer })).body).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
    const member = await registerMember(t);
    expect((await postUploadTo(t, STAFF_UPLOAD_PATHS.content, picture, { cookie: member.cookie })).body.code).toBe(Code.TOKEN_ERROR);
    expect((await postUploadTo(t, STAFF_UPLOAD_PATHS.setting, picture)).body.code).toBe(Code.TOKEN_ERROR);
  });
});
