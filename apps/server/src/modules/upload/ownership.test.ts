import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { BizError } from "../../core/errors.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { checkMemberImages, INVALID_IMAGE_MESSAGE } from "./ownership.ts";
import { uploadTestPicture } from "./test-helpers.ts";

async function refusal(check: Promise<unknown>): Promise<string> {
  const error = await check.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(BizError);
  expect((error as BizError).code).toBe(Code.PARAM);
  return (error as BizError).message;
}

describe("checkMemberImages: only this member's uploads of this kind", () => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let aliceEvaluate: string[];
  let aliceRefund: string;
  let bobEvaluate: string;
  beforeAll(async () => {
    t = await startTestApp();
    [alice, bob] = [await registerMember(t), await registerMember(t)];
    aliceEvaluate = [await uploadTestPicture(t, alice, "evaluate"), await uploadTestPicture(t, alice, "evaluate"), await uploadTestPicture(t, alice, "evaluate")];
    aliceRefund = await uploadTestPicture(t, alice, "refund");
    bobEvaluate = await uploadTestPicture(t, bob, "evaluate");
  });
  afterAll(() => t.close());

  const db = () => t.app.deps.db;

  it("accepts the member's own pictures of the kind, in order, normalized, each once", async () => {
    expect(await checkMemberImages(db(), alice.member_id, "evaluate", aliceEvaluate, 6)).toEqual(aliceEvaluate);
    const [first, second] = aliceEvaluate as [string, string];
    expect(await checkMemberImages(db(), alice.member_id, "evaluate", [second, ` /${first} `, second], 6)).toEqual([second, first]);
    expect(await checkMemberImages(db(), alice.member_id, "refund", [], 3)).toEqual([]);
  });

  it("refuses another member's picture (IDOR), even among the member's own", async () => {
    expect(await refusal(checkMemberImages(db(), alice.member_id, "evaluate", [aliceEvaluate[0]!, bobEvaluate], 6))).toBe(INVALID_IMAGE_MESSAGE);
    expect(await refusal(checkMemberImages(db(), bob.member_id, "evaluate", [aliceEvaluate[0]!], 6))).toBe(INVALID_IMAGE_MESSAGE);
  });

  it("refuses the member's picture of another kind, unknown and arbitrary paths", async () => {
    expect(await refusal(checkMemberImages(db(), alice.member_id, "evaluate", [aliceRefund], 6))).toBe(INVALID_IMAGE_MESSAGE);
    for (const path of ["upload/evaluate/20250101/00000000000000000000000000000000.jpg", "upload/seed/goods/1-0.jpg", "https://evil.example/a.jpg", "../shop.sqlite", `upload/evaluate/${"a".repeat(300)}`]) {
      expect(await refusal(checkMemberImages(db(), alice.member_id, "evaluate", [path], 6)), path).toBe(INVALID_IMAGE_MESSAGE);
    }
  });

  it("refuses more than max pictures", async () => {
    expect(await refusal(checkMemberImages(db(), alice.member_id, "evaluate", aliceEvaluate, 2))).toBe("最多上传2张图片");
  });
});
