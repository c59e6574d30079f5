import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import type { Envelope } from "@shop/contract";
import { UPLOAD_PATHS, type MemberUploadKind, type UploadKind, type UploadResult } from "@shop/contract/domains/upload";
import type { TestApp } from "../../test/harness.ts";

/**
 * Helpers for tests that upload pictures (this module's, and any module whose calls take uploaded
 * pictures: `uploadTestPicture` gives a member a path checkMemberImages accepts). Not imported by
 * production code.
 */

export interface MultipartFile {
  bytes: Uint8Array;
  filename?: string;
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body as a browser's FormData sends it: fields first, then the files. */
export async function multipartBody(fields: Record<string, string>, files: MultipartFile[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(file.field ?? "file", new Blob([new Uint8Array(file.bytes)], { type: file.contentType ?? "image/jpeg" }), file.filename ?? "photo.jpg");
  }
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}

export interface UploadAs {
  /** "shop_token=…" */
  cookie?: string;
  /** sent as the form field `token` */
  token?: string;
  ip?: string;
  /** fields beyond the token */
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

/** POSTs one picture (or several files, or none) to a kind's upload call; answers the HTTP status, headers and envelope. */
export function postUpload(t: TestApp, kind: MemberUploadKind, files: MultipartFile[], as: UploadAs = {}) {
  return postUploadTo(t, UPLOAD_PATHS[kind], files, as);
}

/** postUpload to any upload call (the back office's /shopapi/upload/…img). */
export async function postUploadTo(t: TestApp, url: string, files: MultipartFile[], as: UploadAs = {}) {
  const { payload, contentType } = await multipartBody({ ...(as.token ? { token: as.token } : {}), ...as.fields }, files);
  const response = await t.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: as.ip,
    headers: { "content-type": contentType, ...(as.cookie ? { cookie: as.cookie } : {}), ...as.headers },
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() as Envelope<UploadResult | null> };
}

/** A small photo-like JPEG (a gradient, so it is not trivially compressible), width × height. */
export function testJpeg(width = 64, height = 48, options: { exif?: boolean; orientation?: number } = {}): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><rect x="0" y="0" width="${Math.ceil(width / 2)}" height="${height}" fill="#2060c0"/></svg>`) }])
    .jpeg({ quality: 90 });
  if (options.exif) {
    image = image.withExif({
      IFD0: { Make: "TestCam", Model: "Secret Model 7", Copyright: "Owner Name", ImageDescription: "home address" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 54/1 27/1", GPSLongitudeRef: "E", GPSLongitude: "116/1 23/1 17/1" },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/** A picture of the given format (png with transparency, webp, gif). */
export function testPicture(format: "png" | "webp" | "gif", width = 40, height = 30): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 4, background: { r: 0, g: 160, b: 0, alpha: 0.5 } } });
  return (format === "png" ? base.png() : format === "webp" ? base.webp() : base.gif()).toBuffer();
}

/** A PNG whose header claims width × height (a decompression bomb's few bytes): one IDAT row, valid CRCs. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(1 + width * 3))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Uploads a small JPEG as this member (cookie session) and answers its pic_path. */
export async function uploadTestPicture(t: TestApp, member: { cookie: string }, kind: MemberUploadKind): Promise<string> {
  const answer = await postUpload(t, kind, [{ bytes: await testJpeg() }], { cookie: member.cookie });
  if (answer.body.code !== 0 || !answer.body.data) throw new Error(`upload ${kind}: ${answer.body.message}`);
  return answer.body.data.pic_path;
}

/** Every file under DATA_DIR/upload/<kind>, relative to DATA_DIR (dotfiles included: leftovers count). */
export function filesOnDisk(dataDir: string, kind: UploadKind): string[] {
  const root = path.join(dataDir, "upload", kind);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)));
}
