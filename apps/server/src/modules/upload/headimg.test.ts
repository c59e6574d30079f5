import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { HEADIMG_SIZE } from "@shop/contract/domains/upload";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { MESSAGES } from "./image.ts";
import { filesOnDisk, postUpload, testJpeg } from "./test-helpers.ts";

/** The stored picture of an upload answer, decoded: its size and the colour at a point. */
async function storedPicture(t: TestApp, picPath: string) {
  const served = await t.app.inject({ method: "GET", url: `/${picPath}` });
  expect(served.statusCode).toBe(200);
  const image = sharp(served.rawPayload);
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const colourAt = (x: number, y: number) => {
    const offset = (y * info.width + x) * info.channels;
    return { r: data[offset]!, g: data[offset + 1]!, b: data[offset + 2]! };
  };
  return { width: info.width, height: info.height, metadata: await sharp(served.rawPayload).metadata(), colourAt };
}

const isBlue = (colour: { r: number; b: number }) => colour.b > 150 && colour.r < 80;
const isRed = (colour: { r: number; b: number }) => colour.r > 150 && colour.b < 90;

describe("POST /api/upload/headimg: avatars are re-encoded centred squares", () => {
  let t: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
  });
  afterAll(() => t.close());

  it("keeps the centred square of a wide picture, scaled down to 400 × 400, without metadata", async () => {
    // testJpeg: the left half blue, the right half red; the centred square of 1200 × 600 is x 300–900.
    const answer = await postUpload(t, "headimg", [{ bytes: await testJpeg(1200, 600, { exif: true }) }], { cookie: member.cookie });
    expect(answer.body).toMatchObject({ code: 0, message: "上传成功" });
    const picPath = answer.body.data!.pic_path;
    expect(picPath).toMatch(/^upload\/headimg\/\d{8}\/[0-9a-f]{32}\.jpg$/);
    const picture = await storedPicture(t, picPath);
    expect([picture.width, picture.height]).toEqual([HEADIMG_SIZE, HEADIMG_SIZE]);
    expect(picture.metadata.format).toBe("jpeg");
    expect(picture.metadata.exif).toBeUndefined();
    // Half blue, half red, split in the middle: the crop was centred.
    expect(isBlue(picture.colourAt(20, 200))).toBe(true);
    expect(isBlue(picture.colourAt(180, 200))).toBe(true);
    expect(isRed(picture.colourAt(220, 200))).toBe(true);
    expect(isRed(picture.colourAt(380, 200))).toBe(true);
    const row = await t.app.deps.db.selectFrom("member_upload").selectAll().where("path", "=", picPath).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ member_id: member.member_id, kind: "headimg", width: HEADIMG_SIZE, height: HEADIMG_SIZE });
  });

  it("crops a tall picture too, and never enlarges a small one", async () => {
    const tall = await postUpload(t, "headimg", [{ bytes: await testJpeg(500, 900) }], { cookie: member.cookie });
    expect((await storedPicture(t, tall.body.data!.pic_path)).width).toBe(HEADIMG_SIZE);
    const small = await postUpload(t, "headimg", [{ bytes: await testJpeg(120, 90) }], { cookie: member.cookie });
    const picture = await storedPicture(t, small.body.data!.pic_path);
    expect([picture.width, picture.height]).toEqual([90, 90]);
  });

  it("turns the picture upright (EXIF orientation) before taking its square", async () => {
    // Stored 300 × 100, shown turned a quarter (orientation 6): upright it is 100 × 300, its square 100 × 100.
    const answer = await postUpload(t, "headimg", [{ bytes: await testJpeg(300, 100, { orientation: 6 }) }], { cookie: member.cookie });
    const picture = await storedPicture(t, answer.body.data!.pic_path);
    expect([picture.width, picture.height]).toEqual([100, 100]);
  });

  it("refuses guests and what is no picture, storing nothing", async () => {
    const before = filesOnDisk(t.config.dataDir, "headimg");
    expect((await postUpload(t, "headimg", [{ bytes: await testJpeg() }])).body.code).toBe(Code.TOKEN_ERROR);
    const text = await postUpload(t, "headimg", [{ bytes: Buffer.from("not a picture") }], { cookie: member.cookie });
    expect(text.body).toMatchObject({ code: Code.PARAM, message: MESSAGES.notImage });
    expect(filesOnDisk(t.config.dataDir, "headimg")).toEqual(before);
  });
});
