import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { BizError } from "../../core/errors.ts";
import { encodeUpload, MESSAGES } from "./image.ts";
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from "./upload-config.ts";
import { pngClaiming, testJpeg, testPicture } from "./test-helpers.ts";

const limits: UploadLimits = { ...DEFAULT_UPLOAD_LIMITS };

async function refusal(bytes: Buffer, given: UploadLimits = limits): Promise<string> {
  const error = await encodeUpload(bytes, given).then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(BizError);
  expect((error as BizError).code).toBe(-10006);
  return (error as BizError).message;
}

describe("encodeUpload: checked, upright, without metadata, as JPEG", () => {
  it("strips EXIF (camera, owner, GPS) and rotates the pixels as its orientation said", async () => {
    const original = await testJpeg(300, 200, { exif: true, orientation: 6 });
    const before = await sharp(original).metadata();
    expect(before.exif, "the fixture carries EXIF").toBeDefined();
    expect(before.orientation).toBe(6);
    expect(before.exif!.toString("latin1")).toContain("Owner Name");

    const stored = await encodeUpload(original, limits);
    const after = await sharp(stored.data).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.data.toString("latin1")).not.toMatch(/Owner Name|TestCam|Secret Model/);
    // orientation 6: the camera held sideways, so the upright picture is portrait
    expect([stored.width, stored.height, after.width, after.height]).toEqual([200, 300, 200, 300]);
  });

  it("bounds the long edge, never enlarges", async () => {
    const big = await encodeUpload(await testJpeg(1200, 600), { ...limits, maxEdge: 500 });
    expect([big.width, big.height]).toEqual([500, 250]);
    const small = await encodeUpload(await testJpeg(120, 90), { ...limits, maxEdge: 500 });
    expect([small.width, small.height]).toEqual([120, 90]);
  });

  it("keeps a GIF's first frame and puts transparency on white", async () => {
    const frame = (colour: string) => sharp({ create: { width: 20, height: 60, channels: 3, background: colour } }).png().toBuffer();
    const animated = await sharp([await frame("#ff0000"), await frame("#0000ff")], { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(animated).metadata()).pages, "the fixture has two frames").toBe(2);
    const gif = await encodeUpload(animated, limits);
    expect(await sharp(gif.data).metadata()).toMatchObject({ format: "jpeg", width: 20, height: 60 });
    const firstPixel = (await sharp(gif.data).raw().toBuffer()).subarray(0, 3);
    expect(firstPixel[0]).toBeGreaterThan(200);
    expect(firstPixel[2]).toBeLessThan(60);

    const png = await encodeUpload(await testPicture("png"), limits);
    const { data } = await sharp(png.data).raw().toBuffer({ resolveWithObject: true });
    // half-transparent green over white: light green, not the black a dropped alpha would give
    expect(data[0]).toBeGreaterThan(100);
    expect(data[1]).toBeGreaterThan(180);
  });

  it("takes WebP", async () => {
    expect((await encodeUpload(await testPicture("webp"), limits)).contentType).toBe("image/jpeg");
  });

  it("refuses what is not a picture, whatever it is called", async () => {
    expect(await refusal(Buffer.from("MZ\u0090\u0000 not a picture", "latin1"))).toBe(MESSAGES.notImage);
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(MESSAGES.notImage);
    expect(await refusal(Buffer.alloc(0))).toBe(MESSAGES.empty);
  });

  it("refuses truncated and corrupt pictures", async () => {
    const jpeg = await testJpeg(400, 300);
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBe(MESSAGES.broken);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#123456" } }).png({ compressionLevel: 0 }).toBuffer();
    expect(await refusal(png.subarray(0, Math.floor(png.length / 2)))).toBe(MESSAGES.broken);
    // a JPEG signature on a PNG's body: the decoder finds another format than the bytes claim
    expect(await refusal(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]))).toBe(MESSAGES.broken);
  });

  it("refuses too many bytes and too many pixels (a small file claiming 50 000 × 50 000 is refused from its header)", async () => {
    expect(await refusal(await testJpeg(64, 48), { ...limits, maxBytes: 100 })).toBe("图片不能超过 1KB");
    expect(await refusal(pngClaiming(50_000, 50_000))).toBe(MESSAGES.tooManyPixels(limits));
    expect(MESSAGES.tooManyPixels(limits)).toBe("图片尺寸过大，不能超过 2500 万像素");
    expect(await refusal(await testJpeg(200, 100), { ...limits, maxPixels: 19_999 })).toBe(MESSAGES.tooManyPixels({ maxPixels: 19_999 }));
    expect((await encodeUpload(await testJpeg(200, 100), { ...limits, maxPixels: 20_000 })).width).toBe(200);
  });
});
