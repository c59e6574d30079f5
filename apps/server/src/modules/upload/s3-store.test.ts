import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { checkMemberImages } from "./ownership.ts";
import { S3FileStore } from "./s3-store.ts";
import { startS3TestServer, type S3TestServer } from "./s3-test-server.ts";
import { UPLOAD_CACHE_CONTROL } from "./serve.ts";
import { STORE_FAILED_MESSAGE } from "./service.ts";
import { filesOnDisk, postUpload, testJpeg } from "./test-helpers.ts";

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * The S3 store against a real S3-compatible server (s3rver over HTTP on a loopback port, started
 * here: an npm devDependency, so it runs wherever `npm install` ran — in CI too, never skipped).
 */
describe("S3 store (s3rver)", () => {
  let s3: S3TestServer;
  let store: S3FileStore;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    store = new S3FileStore(s3.settings);
  });
  afterAll(async () => {
    store.close();
    await s3.close();
  });

  it("puts, reads back with its type and ETag, tells what exists, deletes", async () => {
    const key = "upload/evaluate/20250101/0123456789abcdef0123456789abcdef.jpg";
    const data = await testJpeg();
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, data, "image/jpeg");
    expect(await store.exists(key)).toBe(true);
    const file = (await store.get(key))!;
    expect(file).toMatchObject({ contentType: "image/jpeg", size: data.length });
    expect(file.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await read(file.body)).equals(data)).toBe(true);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await store.delete(key);
  });

  it("refuses keys outside upload/ and traversal before any request", async () => {
    for (const key of ["shop.sqlite", "upload/../x.jpg", "upload//a.jpg", "upload/.env"]) {
      await expect(store.put(key, Buffer.from("x"), "image/jpeg"), key).rejects.toThrow(/invalid storage key/);
    }
  });

  describe("two shop instances sharing the bucket", () => {
    let first: TestApp;
    let second: TestApp;
    let buyer: TestMember;
    beforeAll(async () => {
      first = await startTestApp({ config: { s3: s3.settings } });
      // The second instance has its own data directory (and database: the file is what is shared here).
      second = await startTestApp({ config: { s3: s3.settings } });
      buyer = await registerMember(first);
    });
    afterAll(async () => {
      await first.close();
      await second.close();
    });

    it("stores an upload in the bucket, not on the disk, and both instances serve it with its headers", async () => {
      const answer = await postUpload(first, "refund", [{ bytes: await testJpeg(300, 200, { exif: true }) }], { cookie: buyer.cookie });
      expect(answer.body.code).toBe(0);
      const picPath = answer.body.data!.pic_path;
      expect(await store.exists(picPath)).toBe(true);
      expect(filesOnDisk(first.config.dataDir, "refund")).toEqual([]);
      expect(await checkMemberImages(first.app.deps.db, buyer.member_id, "refund", [picPath], 3)).toEqual([picPath]);

      for (const shop of [first, second]) {
        const served = await shop.app.inject({ method: "GET", url: `/${picPath}` });
        expect(served.statusCode).toBe(200);
        expect(served.headers["content-type"]).toBe("image/jpeg");
        expect(served.headers["cache-control"]).toBe(UPLOAD_CACHE_CONTROL);
        expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
        const again = await shop.app.inject({ method: "GET", url: `/${picPath}`, headers: { "if-none-match": String(served.headers.etag) } });
        expect(again.statusCode).toBe(304);
      }
      expect((await second.app.inject({ method: "GET", url: "/upload/refund/20250101/missing.jpg" })).statusCode).toBe(404);
    });

    it("serves a picture a seed left on the local disk when the bucket lacks it", async () => {
      const file = path.join(second.config.dataDir, "upload/evaluate/seed/demo.jpg");
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, await testJpeg());
      const served = await second.app.inject({ method: "GET", url: "/upload/evaluate/seed/demo.jpg" });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/jpeg");
    });
  });

  it("answers a clear -1 when the bucket refuses the file, and records nothing", async () => {
    const broken = await startTestApp({ config: { s3: { ...s3.settings, accessKeyId: "NO-SUCH-KEY" } } });
    try {
      const member = await registerMember(broken);
      const answer = await postUpload(broken, "complain", [{ bytes: await testJpeg() }], { cookie: member.cookie });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ code: Code.ERROR, message: STORE_FAILED_MESSAGE });
      expect(await broken.app.deps.db.selectFrom("member_upload").select("id").execute()).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
