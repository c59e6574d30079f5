import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { UPLOAD_PATHS } from "@shop/contract/domains/upload";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { getSiteInfo, saveSetting } from "../site/service.ts";
import { MESSAGES } from "./image.ts";
import { UPLOAD_CACHE_CONTROL } from "./serve.ts";
import { filesOnDisk, multipartBody, pngClaiming, postUpload, testJpeg, testPicture } from "./test-helpers.ts";

/** Small limits, so the refusals are cheap to provoke; the rate limit is tested in its own app below. */
const LIMITS = { maxBytes: 40 * 1024, maxPixels: 1_000_000, maxEdge: 400, perMemberPerMinute: 1000 };

describe("POST /api/upload/{evaluate,refund,complain}img", () => {
  let t: TestApp;
  let buyer: TestMember;
  beforeAll(async () => {
    t = await startTestApp({ config: { upload: LIMITS } });
    buyer = await registerMember(t);
  });
  afterAll(() => t.close());

  const rows = () => t.app.deps.db.selectFrom("member_upload").selectAll().orderBy("id").execute();

  it.each(["evaluate", "refund", "complain"] as const)("stores a %s picture re-encoded, records it, answers {pic_path}", async (kind) => {
    const answer = await postUpload(t, kind, [{ bytes: await testJpeg(800, 600, { exif: true }) }], { cookie: buyer.cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 0, message: "上传成功" });
    const picPath = answer.body.data!.pic_path;
    expect(picPath).toMatch(new RegExp(`^upload/${kind}/\\d{8}/[0-9a-f]{32}\\.jpg$`));
    const row = (await rows()).find((candidate) => candidate.path === picPath);
    expect(row).toMatchObject({ member_id: buyer.member_id, kind, width: 400, height: 300 });

    const served = await t.app.inject({ method: "GET", url: `/${picPath}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["cache-control"]).toBe(UPLOAD_CACHE_CONTROL);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.length).toBe(row!.size);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it("takes the session from the form's token field, as the reference's clients send it", async () => {
    const answer = await postUpload(t, "evaluate", [{ bytes: await testPicture("png") }], { token: buyer.token });
    expect(answer.body.code).toBe(0);
  });

  it("refuses guests and junk tokens before reading the picture; stores nothing", async () => {
    const before = filesOnDisk(t.config.dataDir, "refund").length;
    const guest = await postUpload(t, "refund", [{ bytes: await testJpeg() }]);
    expect(guest.body).toMatchObject({ code: Code.TOKEN_ERROR, error_code: "TOKEN_ERROR", data: null });
    const junk = await postUpload(t, "refund", [{ bytes: await testJpeg() }], { token: "not-a-token" });
    expect(junk.body.code).toBe(Code.TOKEN_ERROR);
    expect(filesOnDisk(t.config.dataDir, "refund").length).toBe(before);
  });

  it.each([
    ["a text file named photo.jpg, sent as image/jpeg", Buffer.from("just text, not a picture"), MESSAGES.notImage],
    ["an SVG (scripts inside pictures)", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), MESSAGES.notImage],
    ["an empty file", Buffer.alloc(0), MESSAGES.empty],
    ["a PNG header claiming 30 000 × 30 000", pngClaiming(30_000, 30_000), MESSAGES.tooManyPixels(LIMITS)],
  ])("refuses %s with -10006, HTTP 200, nothing on disk or recorded", async (_name, bytes, message) => {
    const before = { files: filesOnDisk(t.config.dataDir, "complain"), rows: (await rows()).length };
    const answer = await postUpload(t, "complain", [{ bytes, contentType: "image/jpeg", filename: "photo.jpg" }], { cookie: buyer.cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: Code.PARAM, message, data: null });
    expect(filesOnDisk(t.config.dataDir, "complain")).toEqual(before.files);
    expect((await rows()).length).toBe(before.rows);
  });

  it("refuses a truncated picture and one over the pixel limit", async () => {
    const jpeg = await testJpeg(600, 400);
    const truncated = await postUpload(t, "complain", [{ bytes: jpeg.subarray(0, jpeg.length - 200) }], { cookie: buyer.cookie });
    expect(truncated.body).toMatchObject({ code: Code.PARAM, message: MESSAGES.broken });
    const huge = await postUpload(t, "complain", [{ bytes: await testJpeg(1100, 1000) }], { cookie: buyer.cookie });
    expect(huge.body).toMatchObject({ code: Code.PARAM, message: "图片尺寸过大，不能超过 100 万像素" });
  });

  it("refuses a file over the size limit, while it streams in or from its Content-Length, and closes the connection", async () => {
    const noise = (bytes: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(bytes - 4, 7)]);
    const streamed = await postUpload(t, "evaluate", [{ bytes: noise(LIMITS.maxBytes + 1) }], { cookie: buyer.cookie });
    expect(streamed.body).toMatchObject({ code: Code.PARAM, message: "图片不能超过 40KB" });
    expect(streamed.headers.connection).toBe("close");
    const declared = await postUpload(t, "evaluate", [{ bytes: noise(LIMITS.maxBytes + 100 * 1024) }], { cookie: buyer.cookie });
    expect(declared.body).toMatchObject({ code: Code.PARAM, message: "图片不能超过 40KB" });
    expect(declared.headers.connection).toBe("close");
  });

  it("refuses two pictures in one call, a JSON body and a form without the file field", async () => {
    const picture = { bytes: await testJpeg() };
    expect((await postUpload(t, "evaluate", [picture, picture], { cookie: buyer.cookie })).body).toMatchObject({ code: Code.PARAM, message: "一次只能上传一张图片" });
    expect((await postUpload(t, "evaluate", [{ ...picture, field: "image" }], { cookie: buyer.cookie })).body).toMatchObject({ code: Code.PARAM, message: MESSAGES.empty });
    const json = await t.request(UPLOAD_PATHS.evaluate, { file: "upload/x.jpg" }, { cookie: buyer.cookie });
    expect(json.status).toBe(200);
    expect(json.body.code).toBe(Code.PARAM);
    expect(json.body.message).toContain("multipart/form-data");
  });

  it("refuses a form cut short with -10006, never a 500", async () => {
    const { payload, contentType } = await multipartBody({}, [{ bytes: await testJpeg() }]);
    const response = await t.app.inject({
      method: "POST", url: UPLOAD_PATHS.evaluate, payload: payload.subarray(0, payload.length - 300), headers: { "content-type": contentType, cookie: buyer.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: Code.PARAM });
  });

  it("answers -3 while the shop is closed", async () => {
    const db = t.app.deps.db;
    const site = await getSiteInfo(db);
    await saveSetting(db, "site_info", { ...site, shop_status: 0 });
    try {
      expect((await postUpload(t, "evaluate", [{ bytes: await testJpeg() }], { cookie: buyer.cookie })).body.code).toBe(Code.SITE_CLOSED);
    } finally {
      await saveSetting(db, "site_info", site);
    }
  });

  it("serves a picture again as 304 for its ETag, HEAD without a body, the reference's sized names, 404 for others", async () => {
    const picPath = (await postUpload(t, "evaluate", [{ bytes: await testJpeg() }], { cookie: buyer.cookie })).body.data!.pic_path;
    const first = await t.app.inject({ method: "GET", url: `/${picPath}` });
    const again = await t.app.inject({ method: "GET", url: `/${picPath}`, headers: { "if-none-match": String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await t.app.inject({ method: "HEAD", url: `/${picPath}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("image/jpeg");
    const mid = await t.app.inject({ method: "GET", url: `/${picPath.replace(/\.jpg$/, "_MID.jpg")}` });
    expect(mid.statusCode).toBe(200);
    expect(mid.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const url of ["/upload/evaluate/20250101/nope.jpg", "/upload/evaluate/..%2f..%2fshop.sqlite", "/upload/evaluate/.hidden.jpg"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });
});

describe("per-member upload budget", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { upload: { ...LIMITS, perMemberPerMinute: 3 } } });
  });
  afterAll(() => t.close());

  it("refuses a member's uploads beyond the budget with -10029 (whatever the IP), not another member's", async () => {
    const [greedy, other] = [await registerMember(t), await registerMember(t)];
    const picture = [{ bytes: await testJpeg() }];
    for (let i = 0; i < 3; i++) {
      expect((await postUpload(t, "evaluate", picture, { cookie: greedy.cookie, ip: `10.77.0.${i + 1}` })).body.code).toBe(0);
    }
    const refused = await postUpload(t, "evaluate", picture, { cookie: greedy.cookie, ip: "10.77.0.9" });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ code: Code.TOO_MANY_REQUESTS, message: "操作过于频繁，请稍后再试" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await postUpload(t, "refund", picture, { cookie: other.cookie, ip: "10.77.0.9" })).body.code).toBe(0);
    const stored = await t.app.deps.db.selectFrom("member_upload").select("id").where("member_id", "=", greedy.member_id).execute();
    expect(stored).toHaveLength(3);
  });
});
